/**
 * GET /companion/api/health (type: HealthAnswer in the contract): 200 healthy, 503 not.
 * Open to anyone, so it says nothing private (no device URL, no serial, no path).
 */
import { statfs, stat } from 'node:fs/promises';
import type { HealthAnswer, HealthProblem } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { UpstreamSocket } from '../live/upstream';
import type { PushQueue } from '../recorder/db/push-queue';
import type { Recorder } from '../recorder/recorder';

export interface HealthLimits {
  /** The device may be unreachable this long before the server counts as unhealthy. */
  deviceAwayMs: number;
  /** Frames may wait unwritten (or unstamped, the clock unknown) this long. */
  stalledMs: number;
}

export const HEALTH_LIMITS: HealthLimits = { deviceAwayMs: 5 * 60_000, stalledMs: 5 * 60_000 };

export interface HealthContext {
  upstream: UpstreamSocket;
  recorder: Recorder;
  pushQueue: PushQueue;
  databaseFile: string;
  limits: HealthLimits;
  /** A clock that only moves forward (performance.now). */
  monotonicNow?: () => number;
}

export function registerHealth(app: FastifyInstance, context: HealthContext): void {
  const { upstream, recorder, pushQueue, limits } = context;
  const now = context.monotonicNow ?? (() => performance.now());
  const started = now();
  let lastFrame: number | undefined;
  /** Since when the device's socket is not up (the start counts: it was not up before). */
  let awaySince: number | undefined = upstream.state === 'up' ? undefined : started;
  upstream.on('frame', () => (lastFrame = now()));
  upstream.on('state', (state) => {
    if (state === 'up') awaySince = undefined;
    else awaySince ??= now();
  });

  app.get('/companion/api/health', async (_request, reply) => {
    const at = now();
    const problems: HealthProblem[] = [];
    if (awaySince !== undefined && at - awaySince > limits.deviceAwayMs) problems.push('device-unreachable');
    if (recorder.stalledMs > limits.stalledMs) problems.push('recorder-stalled');
    if (recorder.state === 'paused-disk-full') problems.push('disk-full');
    const queuedAt = pushQueue.oldestQueuedAt();
    const [size, space] = await Promise.all([stat(context.databaseFile), statfs(context.databaseFile)]);
    const answer: HealthAnswer = {
      healthy: problems.length === 0,
      problems,
      device: {
        reachable: upstream.state === 'up',
        last_frame_age_ms: lastFrame === undefined ? null : Math.round(at - lastFrame),
      },
      recorder: {
        state: recorder.state,
        last_write: recorder.lastWrite === undefined ? null : new Date(recorder.lastWrite).toISOString(),
      },
      push_queue: {
        length: pushQueue.length(),
        oldest_age_ms: queuedAt === undefined ? null : Math.max(0, Date.now() - queuedAt),
      },
      database: { size_bytes: size.size, free_disk_bytes: space.bavail * space.bsize },
      uptime_s: Math.round((at - started) / 1000),
    };
    return reply.code(answer.healthy ? 200 : 503).send(answer);
  });
}
