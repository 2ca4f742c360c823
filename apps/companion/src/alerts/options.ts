/**
 * The alert rules' options (issue 31): each rule on or off with its threshold, the
 * reminder and the quiet hours. Read like every other option (command line, environment,
 * config file); `off` turns a rule off, a number sets its threshold.
 */
import { ALERT_LIMITS } from '@opendtu/api';
import type { OptionReader } from '../config/areas';
import { ConfigError } from '../config/config-error';
import { ChannelUrlError, parseChannel, type Channel } from './channels';
import { ALERT_RULE_OPTIONS } from './option-names';
import { quietSpan } from './quiet-hours';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from './rules';

const ALERT_RULE_USAGE = `  --alert-string-minutes <n|off>  a string under --alert-string-percent (default 50)
                      of its siblings per Wp this long in good light is told (default 30)
  --alert-command-minutes <n|off>  a limit or power command unconfirmed this long (or
                      ended in Failure) is told (default 5)
  --alert-eventlog-minutes <n|off>  how often each inverter's event log is read for new
                      entries while it is reachable (default 5)
  --alert-energy-percent <n|off>  yesterday's energy under this share of the median of
                      the 14 days before is told in the morning (default 50)
  --alert-temperature <°C|off>  an inverter hotter than this for 5 minutes (default off)
  --alert-influx-minutes <n|off>  the InfluxDB target failing this long (default 60)
  --alert-reminder-hours <n|off>  tell a standing alert again after this (default off)
  --alert-quiet-hours <HH:MM-HH:MM|off>  device local times in which messages wait, to go
                      out at the end (default off)`;

export const ALERT_OPTIONS = {
  'alert-url': 'list',
  'alert-inverter-minutes': 'string',
  'alert-dtu-minutes': 'string',
  'alert-twilight-minutes': 'string',
  ...ALERT_RULE_OPTIONS,
} as const;

export const ALERT_USAGE = `  --alert-url <url>   tell alerts here (repeatable; several in one value apart by spaces):
                      ntfy://[user:pass@]host[:port]/topic, ntfys://... (TLS); an
                      http(s):// webhook that takes a JSON POST;
                      mqtt://[user:pass@]host[:port]/topic, mqtts://... (TLS), with
                      Home Assistant discovery; or smtp://user:pass@host[:port]?to=address,
                      smtps://... (TLS) for an e-mail
  --alert-inverter-minutes <n|off>  an inverter silent or producing nothing this long
                      while the sun is up is told (default 15)
  --alert-dtu-minutes <n|off>  the DTU unreachable this long is told (default 5)
  --alert-twilight-minutes <n>  minutes after the device's sunrise and before its
                      sunset in which nothing is judged (default 120)
${ALERT_RULE_USAGE}`;

type Name = Exclude<keyof typeof ALERT_OPTIONS, 'alert-url'>;
type NumberOf = (where: string, text: string, min: number, max: number, whole: boolean) => number;

const isOff = (value: string | undefined): boolean => value?.trim().toLowerCase() === 'off';

export function parseAlertSettings(
  where: (name: Name) => string,
  text: (name: Name) => string | undefined,
  numberOf: NumberOf,
): AlertSettings {
  const defaults = DEFAULT_ALERT_SETTINGS;
  type Rule = keyof AlertSettings['rules'];
  const rule = <R extends Rule>(rule: R, name: Name, set: 'minutes' | 'percent' | 'celsius' = 'minutes') => {
    const value = text(name);
    const base = defaults.rules[rule];
    if (isOff(value)) return { ...base, enabled: false };
    if (value === undefined) return base;
    const { min, max } = ALERT_LIMITS[set];
    const number = numberOf(where(name), value, min, max, false);
    if (set === 'minutes') return { ...base, enabled: true, minutes: number };
    return { ...base, enabled: true, threshold: set === 'percent' ? number / 100 : number };
  };
  const stringWeak = rule('string-weak', 'alert-string-minutes');
  const share = text('alert-string-percent');
  const twilight = text('alert-twilight-minutes');
  const reminder = text('alert-reminder-hours');
  const { percent, twilight: twilightLimits, reminderHours } = ALERT_LIMITS;
  return {
    rules: {
      'inverter-silent': rule('inverter-silent', 'alert-inverter-minutes'),
      'string-weak':
        share === undefined
          ? stringWeak
          : {
              ...stringWeak,
              threshold:
                numberOf(where('alert-string-percent'), share, percent.min, percent.max, false) / 100,
            },
      'command-failed': rule('command-failed', 'alert-command-minutes'),
      'dtu-unreachable': rule('dtu-unreachable', 'alert-dtu-minutes'),
      eventlog: rule('eventlog', 'alert-eventlog-minutes'),
      'energy-low': rule('energy-low', 'alert-energy-percent', 'percent'),
      'inverter-hot': rule('inverter-hot', 'alert-temperature', 'celsius'),
      'influx-failing': rule('influx-failing', 'alert-influx-minutes'),
    },
    twilightMinutes:
      twilight === undefined
        ? defaults.twilightMinutes
        : numberOf(where('alert-twilight-minutes'), twilight, twilightLimits.min, twilightLimits.max, true),
    reminderHours:
      reminder === undefined || isOff(reminder)
        ? undefined
        : numberOf(where('alert-reminder-hours'), reminder, reminderHours.min, reminderHours.max, false),
    quietHours: quietHours(where('alert-quiet-hours'), text('alert-quiet-hours')),
  };
}

function quietHours(where: string, value: string | undefined): AlertSettings['quietHours'] {
  if (value === undefined || isOff(value)) return undefined;
  const [from, to, ...rest] = value.split('-');
  const hours = rest.length ? undefined : quietSpan(from ?? '', to ?? '');
  if (!hours)
    throw new ConfigError(`${where} must be two different local times such as 22:00-07:00, got "${value}"`);
  return hours;
}

/**
 * The channel URLs of one value: apart by spaces, or by commas before the next scheme
 * (`ntfy://a/x,https://b/hook`; a comma inside a URL stays).
 */
function alertChannels(where: string, text: string | undefined): Channel[] {
  if (text === undefined) return [];
  return text
    .split(/\s+|,(?=\s*[a-z][a-z0-9+.-]*:\/\/)/i)
    .filter((part) => part !== '')
    .map((part) => {
      try {
        return parseChannel(part);
      } catch (error) {
        if (error instanceof ChannelUrlError) throw new ConfigError(`${where}: ${error.message}`);
        throw error;
      }
    });
}

/** The alerts' options: where they are told and each rule's threshold. */
export function readAlertOptions({ where, text, numberOf }: OptionReader<keyof typeof ALERT_OPTIONS>) {
  return {
    /** Where alerts are told (--alert-url). */
    alertChannels: alertChannels(where('alert-url'), text('alert-url')),
    alertSettings: parseAlertSettings(where, text, numberOf),
  };
}
