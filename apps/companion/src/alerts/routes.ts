/**
 * GET /companion/api/alerts (AlertsAnswer), POST /companion/api/alerts/settings
 * (AlertSettingsBody, answers an ApiResponse) and POST /companion/api/alerts/test
 * (AlertTestAnswer), for the admin only: the device's own check of the credentials, as for
 * the backup. Alerts name inverters and the channels' hosts, which a visitor need not see.
 */
import { type Alert, type AlertsAnswer, type AlertTestAnswer } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import { admitted } from '../ops/admin-only';
import { registerSettingsSave } from '../ops/settings-route';
import type { AlertStore, StoredAlert } from './alert-store';
import { channelAnswer, deliver } from './channels';
import { bodyOf } from './outbox';
import { clockText } from './quiet-hours';
import { parseAlertSettingsBody, type SavedAlerts } from './settings-body';
import type { AlertWatcher } from './watcher';

export interface AlertRoutesContext {
  store: AlertStore;
  watcher: AlertWatcher;
  access: DeviceAccess;
  source: () => AlertsAnswer['source'];
  /** The settings as given or saved (the watcher's may turn a rule off that has nothing to watch). */
  current: () => SavedAlerts;
  /** Writes the settings to the data folder and puts them in place. */
  save: (saved: SavedAlerts) => Promise<void>;
}

const iso = (at: number): string => new Date(at).toISOString();

export function alertAnswer(alert: StoredAlert, store: AlertStore): Alert {
  return { ...bodyOf(alert), sent: store.deliveries(alert.id) };
}

export function registerAlerts(app: FastifyInstance, context: AlertRoutesContext): void {
  const { store, watcher, access } = context;

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
      channels: watcher.channels.map(channelAnswer),
      source: context.source(),
    };
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  registerSettingsSave(app, '/companion/api/alerts/settings', access, (body) => {
    const { settings, channels } = context.current();
    return context.save(parseAlertSettingsBody(body, settings, channels));
  });

  app.post('/companion/api/alerts/test', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    const id = `test-${Date.now()}`;
    const results = await Promise.all(
      watcher.channels.map(async (channel) => ({
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
