/**
 * /companion/api/alerts: what the companion watches and whom it tells (issue 31, first
 * part). GET answers the open and past alerts, the rules with their thresholds and the
 * channels (passwords masked); POST /companion/api/alerts/test sends a test message to
 * every channel and answers what each receiver said. Both need the device's admin
 * credentials. Times are ISO 8601 on the device's clock (alerts) or this machine's
 * (deliveries).
 */

/**
 * The rules, each judged only between the device's sun times less its twilight:
 * - `inverter-silent`: an inverter that sends no new data or produces nothing;
 * - `string-weak`: a string producing less per configured Wp than `threshold` (a share, 0.5)
 *   of its best sibling (the live view's string health, apps/web, over time);
 * - `command-failed`: a limit or power command that ended in Failure or stays unconfirmed;
 * - `dtu-unreachable`: the DTU itself does not answer;
 * - `eventlog`: a new entry in an inverter's event log, with its text (one alert per entry,
 *   resolved when the entry ends or leaves the log);
 * - `energy-low`: yesterday's energy below `threshold` (0.5) of the median of the 14 days
 *   before, told once in the morning, from the 15th recorded day on;
 * - `inverter-hot`: an inverter hotter than `threshold` °C (off by default);
 * - `influx-failing`: the InfluxDB/VictoriaMetrics target refusing or unreachable.
 */
export type AlertRule =
  | 'inverter-silent'
  | 'string-weak'
  | 'command-failed'
  | 'dtu-unreachable'
  | 'eventlog'
  | 'energy-low'
  | 'inverter-hot'
  | 'influx-failing';

export interface AlertRuleSettings {
  rule: AlertRule;
  enabled: boolean;
  /**
   * How long the condition must stand, in device minutes, before the alert is raised; for
   * `eventlog` how often the log is read; 0 for `energy-low` (told once).
   */
  minutes: number;
  /** The rule's own limit: a share 0..1 (`string-weak`, `energy-low`) or °C (`inverter-hot`). */
  threshold?: number;
}

/** What is sent for an alert: once when it is raised, once when it is resolved. */
export type AlertEvent = 'raised' | 'resolved';

export interface AlertDelivery {
  event: AlertEvent;
  /** The channel's URL, password masked. */
  channel: string;
  /** When the receiver took it (2xx); null while it waits (receiver down, retrying). */
  sent: string | null;
  attempts: number;
  /** The receiver's last answer or error, for the owner ("HTTP 503", "ECONNREFUSED"). */
  last_answer: string | null;
}

export interface AlertInverter {
  serial: string;
  name: string;
}

export interface Alert {
  id: number;
  rule: AlertRule;
  /** null for the DTU's own alerts. */
  inverter: AlertInverter | null;
  text: string;
  started: string;
  /** null while it stands. */
  ended: string | null;
  sent: AlertDelivery[];
}

export type AlertChannelKind = 'ntfy' | 'webhook' | 'mqtt' | 'email';

export interface AlertChannel {
  kind: AlertChannelKind;
  /** As configured, with the password (and secret query values) replaced by `****`. */
  url: string;
}

export interface AlertsAnswer {
  open: Alert[];
  /** Resolved alerts, newest first (the last 100). */
  past: Alert[];
  rules: AlertRuleSettings[];
  /**
   * Minutes after the device's sunrise and before its sunset (`/api/ntp/status`, which
   * includes the twilight the device is set to) in which nothing is judged.
   */
  twilight_minutes: number;
  /** Today's watched hours on the device's clock; null until the device told its sun times. */
  daylight: { from: string; to: string } | null;
  /** Hours after which a message says again that an alert stands; null: never. */
  reminder_hours: number | null;
  /**
   * The device's local times (HH:MM) between which messages wait, to go out at the end;
   * alerts are still raised and stored meanwhile. null: none.
   */
  quiet_hours: { from: string; to: string } | null;
  channels: AlertChannel[];
  /**
   * Where these settings come from: `options` (the command line, environment or config
   * file: --alert-*) until the admin saves them here, then `saved` (alerts.json in the data
   * folder), which the options no longer change.
   */
  source: 'options' | 'saved';
}

/**
 * POST /companion/api/alerts/settings (admin): the settings as a whole. A rule left out
 * keeps its settings; `minutes` of `energy-low` is ignored (told once). A channel sent back
 * exactly as GET masked it keeps its saved URL and password. Answers an `ApiResponse`:
 * 200 `success`, or 400 `warning` whose message gives the reason (the field, the URL masked),
 * and nothing is changed.
 */
export interface AlertSettingsBody {
  rules: Pick<AlertRuleSettings, 'rule' | 'enabled' | 'minutes' | 'threshold'>[];
  twilight_minutes: number;
  reminder_hours: number | null;
  quiet_hours: { from: string; to: string } | null;
  channels: string[];
}

/** The bounds of every alert setting: the options', the save's and the screen's. */
export const ALERT_LIMITS = {
  /** How long a condition stands (device minutes). */
  minutes: { min: 1, max: 1440 },
  /** A share in per cent (string-weak, energy-low). */
  percent: { min: 1, max: 99 },
  /** inverter-hot, °C. */
  celsius: { min: 20, max: 120 },
  /** Minutes after sunrise and before sunset not judged, whole. */
  twilight: { min: 0, max: 600 },
  reminderHours: { min: 0.25, max: 720 },
} as const;

/** How a rule's threshold is given: a share (in per cent outside), °C, or none. */
export const THRESHOLD_KIND = {
  'string-weak': 'percent',
  'energy-low': 'percent',
  'inverter-hot': 'celsius',
} as const;

export interface AlertTestResult {
  channel: string;
  ok: boolean;
  /** The receiver's HTTP status; null when it did not answer. */
  status: number | null;
  /** The start of its answer, or the error ("ECONNREFUSED", "timeout"). */
  answer: string;
}

export interface AlertTestAnswer {
  results: AlertTestResult[];
}

/**
 * The JSON body POSTed to an http(s):// channel (Content-Type: application/json). A
 * receiver that may see a message twice (the server stopped between the receiver's 2xx and
 * noting it) drops a repeated `message_id`.
 */
export interface AlertWebhookBody {
  /** Unique per message and channel, stable across retries. */
  message_id: string;
  event: AlertEvent | 'test';
  title: string;
  text: string;
  /** null in a test message. */
  alert: Omit<Alert, 'sent'> | null;
}
