/**
 * The running inverters, as other parts of the device reach them (e.g. GET
 * /api/inverter/stats_reset and the inverter list of the configuration routes). The
 * simulation attaches itself at boot; until then, and with no inverters, it is empty.
 */
import type { DtuInverter } from './dtu-inverter';

export interface InverterSource {
  list(): readonly DtuInverter[];
  /** Brings the simulation up to the clock's present before reading. */
  sync(): void;
  /** Advances the simulation to an instant (tests run whole days this way). */
  step(toMs: number): void;
}

export class InverterRegistry {
  private source: InverterSource | undefined;

  attach(source: InverterSource | undefined): void {
    this.source = source;
  }

  /** Instantiated inverters in runtime order (current as of the clock). */
  list(): readonly DtuInverter[] {
    this.source?.sync();
    return this.source?.list() ?? [];
  }

  find(serial: number): DtuInverter | undefined {
    return this.list().find((inverter) => inverter.serial === serial);
  }

  /** Whether the device runs an inverter object for this serial ("Unknown" in the list otherwise). */
  has(serial: number): boolean {
    return this.find(serial) !== undefined;
  }

  /** Advances the simulation to `toMs`; the clock should be there too, or the next sync moves back. */
  step(toMs: number): void {
    this.source?.step(toMs);
  }

  /** Resets the radio statistics of one inverter; false for an unknown serial. */
  resetRadioStats(serial: number): boolean {
    const inverter = this.find(serial);
    if (!inverter) return false;
    inverter.radio.reset();
    inverter.updateSeq += 1;
    return true;
  }
}
