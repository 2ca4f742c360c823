/** One inverter alarm. Times are seconds since local midnight, not epoch. */
export interface EventLogEntry {
  message_id: number;
  message: string;
  start_time: number;
  /** 0 while the event is still active. */
  end_time: number;
}

/** GET /api/eventlog/status?inv=&locale= (contract §9.6); `{}` for an unknown serial. */
export interface EventLogStatus {
  count: number;
  events: EventLogEntry[];
}

export type EventLogResponse = EventLogStatus | Record<string, never>;

/** Languages the device has event texts in; any other `locale` gives English. */
export type EventLogLocale = 'en' | 'de' | 'fr';

export const EVENT_LOG_MAX_ENTRIES = 15;
