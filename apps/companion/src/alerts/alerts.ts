/**
 * The alerts as one part of the app: the store, the watcher, the outbox sender and the
 * routes, started when the app is ready and stopped before the database closes.
 */
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { DeviceLink } from '../device/link';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import type { Connection } from '../recorder/db/connection';
import { AlertStore } from './alert-store';
import type { Channel } from './channels';
import { OutboxSender } from './outbox';
import { alertAnswer } from './routes';
import { registerAlerts } from './routes';
import type { AlertSettings } from './rules';
import type { SavedAlerts } from './settings-body';
import { ALERTS_FILE, writeSavedAlerts } from './settings-file';
import { AlertWatcher } from './watcher';

export interface AlertsContext {
  connection: Connection;
  clock: DeviceClock;
  upstream: UpstreamSocket;
  access: DeviceAccess;
  /** The server's own requests to the device (command states, event logs). */
  link: DeviceLink;
  channels: readonly Channel[];
  settings: AlertSettings;
  /** Where the settings came from; `saved` ones are in the data folder's alerts.json. */
  source: 'options' | 'saved';
  /** The data folder, where a save from the app goes. */
  dataDir: string;
  log: LogLine;
  /** The longest pause between attempts to reach a receiver that is down (shorter in tests). */
  maxRetryMs?: number | undefined;
  /** The InfluxDB push, when configured (rule influx-failing). */
  influx?: { readonly failingSince: number | undefined } | undefined;
  /** The recorded energy per inverter and day (rule energy-low). */
  dayEnergy?: (from: string, to: string) => { day: string; wh: number }[];
  /** The device's name when the companion fronts several (messages name it). */
  device?: string | undefined;
}

export function setUpAlerts(
  app: FastifyInstance,
  context: AlertsContext,
): { start: () => void; stop: () => Promise<void>; commandSent: () => void } {
  const { connection, clock, upstream, access, channels, log } = context;
  // Without a push target there is nothing to watch: the rule shows as off, not as on.
  const effective = (settings: AlertSettings): AlertSettings =>
    context.influx
      ? settings
      : {
          ...settings,
          rules: {
            ...settings.rules,
            'influx-failing': { ...settings.rules['influx-failing'], enabled: false },
          },
        };
  const settings = effective(context.settings);
  const store = new AlertStore(connection);
  const sender = new OutboxSender(
    store,
    channels,
    (message) => {
      const alert = store.get(message.alert);
      if (!alert) return null;
      const { sent: _sent, ...rest } = alertAnswer(alert, store);
      return rest;
    },
    log,
    context.maxRetryMs,
  );
  const watcher = new AlertWatcher({
    store,
    clock,
    upstream,
    link: context.link,
    channels,
    settings,
    log,
    afterChange: () => sender.kick(),
    influx: context.influx,
    dayEnergy: context.dayEnergy,
    device: context.device,
  });
  let source = context.source;
  let current: SavedAlerts = { settings: context.settings, channels: [...channels] };
  registerAlerts(app, {
    store,
    watcher,
    access,
    source: () => source,
    current: () => current,
    save: async (saved) => {
      await writeSavedAlerts(context.dataDir, saved);
      source = 'saved';
      current = saved;
      watcher.configure(effective(saved.settings), saved.channels);
      await sender.setChannels(saved.channels);
      log(
        `Alert settings saved (${ALERTS_FILE}); alerts go to ${saved.channels.map(({ masked }) => masked).join(', ') || 'no channel'}`,
      );
    },
  });
  return {
    commandSent: () => watcher.commandSent(),
    start: () => {
      watcher.start();
      sender.kick();
    },
    stop: async () => {
      watcher.stop();
      await sender.stop();
    },
  };
}
