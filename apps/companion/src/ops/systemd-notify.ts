/**
 * systemd's start notice and watchdog, for the unit's `Type=notify` and `WatchdogSec=`:
 * systemd sets NOTIFY_SOCKET (and WATCHDOG_USEC), and the server tells it through
 * `systemd-notify` (part of systemd; `NotifyAccess=all` lets a child speak for it, and it
 * waits until systemd has read the message, so its short life loses nothing). Node has no
 * datagram sockets of the unix kind to send them itself.
 *
 * READY=1 once the server listens; then WATCHDOG=1 at half the watchdog's time while the
 * server answers its own health check and the recorder is not stuck. A device that is away
 * or a full disk is not a reason: a restart would not help, and health says so. A recorder
 * whose writes keep failing, or an event loop that no longer turns (a hung database call),
 * is: systemd then stops the server and starts it again (Restart=on-failure).
 */
import { execFile } from 'node:child_process';
import type { HealthAnswer } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { LogLine } from '../log';

export interface Notifier {
  stop: () => void;
}

/** Whether this health answer means that a restart could help. */
export const stuck = (health: HealthAnswer): boolean =>
  health.problems.includes('recorder-stalled') && health.recorder.state === 'recording';

export function notifySystemd(
  app: FastifyInstance,
  log: LogLine,
  env: NodeJS.ProcessEnv = process.env,
): Notifier {
  if (!env.NOTIFY_SOCKET) return { stop: () => undefined };
  let failed = false;
  const tell = (...words: string[]): void => {
    execFile('systemd-notify', words, { env, timeout: 10_000 }, (error) => {
      if (error && !failed) log(`systemd-notify ${words.join(' ')} failed: ${error.message}`, 'warn');
      failed = error !== null;
    });
  };
  tell('--ready', '--status=Recording');

  const usec = Number(env.WATCHDOG_USEC);
  if (!(usec > 0)) return { stop: () => undefined };
  let withheld = false;
  const timer = setInterval(() => {
    void app
      .inject({ method: 'GET', url: '/companion/api/health' })
      .then((answer) => {
        const health = answer.json<HealthAnswer>();
        if (stuck(health)) {
          if (!withheld) log('The recorder is stuck: not telling systemd that all is well', 'warn');
          withheld = true;
          return;
        }
        withheld = false;
        tell('WATCHDOG=1');
      })
      .catch((error: Error) => log(`Watchdog: own health check failed (${error.message})`, 'warn'));
  }, usec / 2000);
  return { stop: () => clearInterval(timer) };
}
