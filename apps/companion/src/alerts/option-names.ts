/** The alert rules' option names (apart from their parsing, which needs the option errors). */
export const ALERT_RULE_OPTIONS = {
  'alert-string-minutes': 'string',
  'alert-string-percent': 'string',
  'alert-command-minutes': 'string',
  'alert-eventlog-minutes': 'string',
  'alert-energy-percent': 'string',
  'alert-temperature': 'string',
  'alert-influx-minutes': 'string',
  'alert-reminder-hours': 'string',
  'alert-quiet-hours': 'string',
} as const;
