/**
 * Everything the companion keeps for one DTU, mounted on a Fastify scope: the link and
 * access rule, the device clock, the history file with its recorder and push, the one
 * upstream live socket fanned out to the browsers, /api forwarded, the history, health,
 * backup, alerts and zero-export routes. The server mounts it at its root for its device;
 * every path here is relative to the scope, so the same mount serves a device under a
 * prefix of its own (issue 33: several DTUs behind one companion).
 */
import type { ControlSettingsBody } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import { setUpAlerts } from './alerts/alerts';
import type { Channel } from './alerts/channels';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from './alerts/rules';
import { setUpControl } from './control/control';
import type { ControlConfig } from './control/config';
import type { Schedule } from './control/schedule-file';
import { DeviceAccess } from './device/access';
import { DeviceClock } from './device/clock';
import { DeviceLink } from './device/link';
import { registerHistory } from './history/routes';
import { InfluxPusher } from './influx/pusher';
import { LimitChannel } from './limits/limit-channel';
import { LiveHub } from './live/hub';
import { Tickets } from './live/tickets';
import { UpstreamSocket } from './live/upstream';
import type { LogLine } from './log';
import { setUpMeter } from './meter/meter-area';
import { MeterPool } from './meter/meter-source';
import type { MeterSpec } from './meter/meter-spec';
import type { SavedMeter } from './meter/settings-file';
import { registerApiProxy } from './proxy/api-proxy';
import { registerBackup } from './ops/backup-routes';
import { HEALTH_LIMITS, registerHealth, type HealthLimits } from './ops/health-routes';
import { HistoryStore } from './recorder/db/history-store';
import { openDatabase } from './recorder/db/open';
import { PushQueue } from './recorder/db/push-queue';
import { Recorder } from './recorder/recorder';

/** Real seconds between readings of the device's clock and access rule. */
const RECHECK_MS = 30_000;
/** A device that has not had its NTP answer yet (just booted) is asked again this soon. */
const CLOCK_WAIT_MS = 2000;

/** One device and what the companion does with it. */
export interface DeviceOptions {
  deviceUrl: URL;
  /** Its name when the companion fronts several (the push lines' `dtu` tag, alert messages); none for one. */
  name?: string;
  /** The device password for the server's own connections. */
  password?: string | undefined;
  dataDir: string;
  /** The demo's device clock speed (1 for a real device). */
  speed?: number;
  demo?: boolean;
  influxUrl?: URL | undefined;
  influxToken?: string | undefined;
  /** Days raw samples are kept before only their 5-minute averages remain (default 90). */
  rawDays?: number;
  /** One line per change of state for whoever runs the server (device away, push trouble, ...). */
  log?: LogLine;
  /** When /companion/api/health answers 503 (shorter in tests). */
  health?: Partial<HealthLimits>;
  /** Real ms between attempts to write while the disk is full (default 10 s). */
  diskRetryMs?: number;
  /** Where alerts are told (parsed channel URLs). */
  alertChannels?: readonly Channel[];
  /** The rules' thresholds (default DEFAULT_ALERT_SETTINGS). */
  alertSettings?: AlertSettings;
  /** Whether the alert settings are the options' or were saved in the app (alerts.json). */
  alertSource?: 'options' | 'saved';
  /** The longest pause between attempts to reach an alert receiver that is down (shorter in tests). */
  alertRetryMaxMs?: number;
  /** The zero-export controller; undefined: off. */
  control?: ControlConfig | undefined;
  /** The controller's settings saved in the app (control.json), which `control` was made of; undefined: the options'. */
  controlSaved?: ControlSettingsBody | undefined;
  /** Time windows and restarts (--schedule); undefined: none. */
  schedule?: Schedule | undefined;
  /** The house's grid meter (--meter; issue 45); undefined: none. */
  meter?: MeterSpec | undefined;
  /** The meter saved in the app (meter.json), which stands in for `meter`. */
  meterSaved?: SavedMeter | undefined;
  /** Where meters are read once for every part that uses them (several devices share one). */
  meterPool?: MeterPool;
  /** Test only: caps the database at this many pages (a full disk without filling one); raise it to give room back. */
  databaseCap?: { pages: number };
}

export type DeviceScopeOptions = DeviceOptions & { version: string };

/** The background work of a mounted device: started when the server is ready, stopped as it closes. */
export interface DeviceScope {
  start(): void;
  stop(): Promise<void>;
  /** The device's one live socket, link, access rule and clock (the plant reads them). */
  upstream: UpstreamSocket;
  /** Every limit the companion itself sends to this device's inverters goes through it. */
  limits: LimitChannel;
  clock: DeviceClock;
  link: DeviceLink;
  access: DeviceAccess;
  /** Each inverter's last lifetime energy in the history (Wh, by serial): Modbus serves it until the device tells again. */
  recordedEnergy(): Map<string, number>;
}

export async function mountDevice(app: FastifyInstance, options: DeviceScopeOptions): Promise<DeviceScope> {
  const log: LogLine = options.log ?? ((line) => console.log(line));
  const link = new DeviceLink(options.deviceUrl, options.password);
  const access = new DeviceAccess(link);
  const clock = new DeviceClock(options.speed ?? 1);
  const connection = openDatabase(options.dataDir, { cap: options.databaseCap });
  const store = new HistoryStore(connection);
  const pushQueue = new PushQueue(connection);
  const pusher =
    options.influxUrl &&
    new InfluxPusher(pushQueue, options.influxUrl, options.influxToken, log, options.name);
  const recorder = new Recorder(store, clock, {
    rawDays: options.rawDays,
    retryMs: options.diskRetryMs,
    log,
    onSamples: (samples) => pusher?.queue(samples),
    afterFlush: () => pusher?.kick(),
  });
  const upstream = new UpstreamSocket(link, log);
  const limits = new LimitChannel({ link, log, upstream, speed: clock.speed });
  const tickets = new Tickets();
  const hub = new LiveHub(upstream, link, access, tickets, () => {});
  upstream.on('frame', (text, arrival) => recorder.ingest(text, arrival));
  // Until the device knows the time no sample can be stamped; a device that just booted
  // learns it within seconds, so it is asked again soon rather than at the next recheck.
  let clockRetry: NodeJS.Timeout | undefined;
  const syncClock = async (): Promise<void> => {
    clearTimeout(clockRetry);
    if ((await clock.sync(link)) === 'waiting')
      clockRetry = setTimeout(() => void syncClock(), CLOCK_WAIT_MS);
  };
  upstream.on('state', (state) => {
    if (state === 'up') void syncClock();
    else recorder.endSession();
  });

  hub.register(app);
  await registerApiProxy(app, link, {
    afterWrite: (path) => {
      if (/^\/api\/(limit|power)\/config/.test(path)) alerts.commandSent();
      if (!path.startsWith('/api/security/')) return;
      access.invalidate();
      void hub.recheckAccess();
      upstream.retryIfRefused();
    },
  });
  const meterPool = options.meterPool ?? new MeterPool();
  const meter = setUpMeter(app, {
    spec: options.meter,
    saved: options.meterSaved,
    dataDir: options.dataDir,
    connection,
    store,
    clock,
    access,
    pool: meterPool,
    log,
    pusher: pusher || undefined,
    rawDays: options.rawDays,
    controlMeter: () => control.meter(),
  });
  registerHistory(app, {
    store,
    clock,
    access,
    tickets,
    version: options.version,
    deviceUrl: options.deviceUrl.href,
    demo: options.demo ?? false,
    plant: options.name,
    grid: meter.grid,
  });
  registerHealth(app, {
    upstream,
    recorder,
    pushQueue,
    databaseFile: connection.file,
    limits: { ...HEALTH_LIMITS, ...options.health },
  });
  const backup = registerBackup(app, { connection, recorder, access, clock, dataDir: options.dataDir });
  const alerts = setUpAlerts(app, {
    connection,
    clock,
    upstream,
    access,
    link,
    influx: pusher || undefined,
    dayEnergy: (from, to) => store.dayEnergy(from, to),
    channels: options.alertChannels ?? [],
    settings: options.alertSettings ?? DEFAULT_ALERT_SETTINGS,
    source: options.alertSource ?? 'options',
    dataDir: options.dataDir,
    log,
    maxRetryMs: options.alertRetryMaxMs,
    device: options.name,
  });
  const control = setUpControl(app, {
    config: options.control,
    saved: options.controlSaved,
    dataDir: options.dataDir,
    schedule: options.schedule,
    link,
    limits,
    upstream,
    access,
    clock,
    log,
    meters: meterPool,
  });

  let recheck: NodeJS.Timeout | undefined;
  return {
    upstream,
    limits,
    clock,
    link,
    access,
    recordedEnergy: () => store.lastYieldTotals(),
    start: () => {
      upstream.start();
      void syncClock();
      recheck = setInterval(() => {
        void syncClock();
        void hub.recheckAccess();
      }, RECHECK_MS);
      pusher?.kick();
      alerts.start();
      meter.start();
      control.start();
    },
    stop: async () => {
      // First, while the live socket still tells which inverters can hear: their own limits back.
      await control.stop();
      await meter.stop();
      limits.close();
      clearInterval(recheck);
      clearTimeout(clockRetry);
      upstream.stop();
      pusher?.stop();
      recorder.stop();
      await alerts.stop();
      await backup.stop();
      connection.close();
    },
  };
}
