/** The bounds of every alert setting, the same from the options and from the app. */
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
