/**
 * The inverter's own alarm log (inverters.md §3): at most 15 entries, and the alarm
 * counter (EventLogCount) its statistics carry, which tells the DTU when to fetch the log.
 */

/** One entry; `endMs` 0 = still open. */
export interface InverterEvent {
  id: number;
  startMs: number;
  endMs: number;
}

const EVENT_LOG_SIZE = 15;

export class InverterEventLog {
  readonly entries: InverterEvent[] = [];
  /** EventLogCount of the statistics. */
  counter = 0;

  add(id: number, startMs: number, endMs: number): InverterEvent {
    const event = { id, startMs, endMs };
    this.entries.push(event);
    if (this.entries.length > EVENT_LOG_SIZE) this.entries.shift();
    this.counter += 1;
    return event;
  }

  // Ending an event changes the log, so it counts like a new one: the DTU re-reads the log
  // and shows the end time.
  close(event: InverterEvent, atMs: number): void {
    event.endMs = atMs;
    this.counter += 1;
  }

  findOpen(id: number): InverterEvent | undefined {
    return this.entries.find((event) => event.id === id && event.endMs === 0);
  }

  /** A booting inverter starts with an empty log (it is kept in RAM). */
  clear(): void {
    this.entries.length = 0;
    this.counter = 0;
  }
}
