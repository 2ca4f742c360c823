/**
 * GET /companion/api/alerts (AlertsAnswer) and POST /companion/api/alerts/test
 * (AlertTestAnswer), for the admin only: the device's own check of the credentials, as for
 * the backup. Alerts name inverters and the channels' hosts, which a visitor need not see.
 */
import type { Alert, AlertsAnswer, AlertTestAnswer } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import { admitted } from '../ops/admin-only';
import type { AlertStore, StoredAlert } from './alert-store';
import { channelAnswer, deliver, type Channel } from './channels';
import { clockText } from './quiet-hours';
import type { AlertWatcher } from './watcher';

export interface AlertRoutesContext {
  store: AlertStore;
  watcher: AlertWatcher;
  channels: readonly Channel[];
  access: DeviceAccess;
}

const iso = (at: number): string => new Date(at).toISOString();

export function alertAnswer(alert: StoredAlert, store: AlertStore): Alert {
  return {
    id: alert.id,
    rule: alert.rule,
    inverter: alert.serial === null ? null : { serial: alert.serial, name: alert.name ?? alert.serial },
    text: alert.text,
    started: iso(alert.started),
    ended: alert.ended === null ? null : iso(alert.ended),
    sent: store.deliveries(alert.id),
  };
}

export function registerAlerts(app: FastifyInstance, context: AlertRoutesContext): void {
  const { store, watcher, channels, access } = context;

  app.get('/companion/api/alerts', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    const daylight = watcher.daylight();
    const quiet = watcher.settings.quietHours;
    const answer: AlertsAnswer = {
      open: store.open().map((alert) => alertAnswer(alert, store)),
      past: store.past().map((alert) => alertAnswer(alert, store)),
      rules: Object.values(watcher.settings.rules),
      twilight_minutes: watcher.settings.twilightMinutes,
      daylight: daylight ? { from: iso(daylight.from), to: iso(daylight.to) } : null,
      reminder_hours: watcher.settings.reminderHours ?? null,
      quiet_hours: quiet ? { from: clockText(quiet.from), to: clockText(quiet.to) } : null,
      channels: channels.map(channelAnswer),
    };
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.post('/companion/api/alerts/test', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    const id = `test-${Date.now()}`;
    const results = await Promise.all(
      channels.map(async (channel) => ({
        channel: channel.masked,
        ...(await deliver(channel, {
          id,
          event: 'test',
          title: 'OpenDTU: test message',
          text: 'The OpenDTU companion can reach you here.',
          alert: null,
        })),
      })),
    );
    const answer: AlertTestAnswer = { results };
    return reply.send(answer);
  });
}
