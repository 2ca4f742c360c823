/**
 * Limit and power commands on their way to an inverter (inverters.md §6.2, §6.5): queued
 * as Pending, acknowledged (Ok) when the inverter answers, or Failure after all re-sends
 * (2 s timeout, 5 tries), in which case the DTU re-sends the last one on every poll turn.
 * The answer comes within the 2 s timeout, so "Ok" means the inverter heard the limit; its
 * output follows seconds later (limit-ramp.ts). A sleeping inverter hears nothing: Failure.
 */
import type { LimitKind, SetStatus } from '@opendtu/api';

export type Command =
  ({ kind: 'limit'; value: number } & LimitKind) | { kind: 'power'; action: 'on' | 'off' | 'restart' };

/** Time from sending to the acknowledgement. */
export const ACK_DELAY_MS = 150;
/** 2 s timeout per send, 1 + 4 re-sends. */
export const COMMAND_TIMEOUT_MS = 10_000;

interface InFlight {
  command: Command;
  /** When the outcome is known (ack or final timeout). */
  resolveAt: number;
  acknowledged: boolean;
}

/** One command channel (limit, or power) of one inverter. */
export class CommandChannel {
  status: SetStatus = 'Ok';
  private queued: Command | undefined;
  private inFlight: InFlight | undefined;
  private failed: Command | undefined;

  /** A new command replaces a queued, not yet sent one of the same kind. */
  enqueue(command: Command): void {
    this.queued = command;
    this.failed = undefined;
    this.status = 'Pending';
  }

  /** The poll turn re-sends a failed command; true when it did. */
  retryFailed(): boolean {
    if (!this.failed || this.queued || this.inFlight) return false;
    this.enqueue(this.failed);
    return true;
  }

  /**
   * Sends a queued command at `t` (if none is in flight) and settles one whose outcome
   * is due. `answers(t)` says whether the inverter hears it; `apply` runs on the ack.
   */
  run(t: number, answers: (at: number) => boolean, apply: (command: Command, at: number) => void): void {
    if (this.inFlight && t >= this.inFlight.resolveAt) {
      const { command, acknowledged, resolveAt } = this.inFlight;
      this.inFlight = undefined;
      if (acknowledged) {
        apply(command, resolveAt);
        if (!this.queued) this.status = 'Ok';
      } else {
        this.failed = command;
        if (!this.queued) this.status = 'Failure';
      }
    }
    if (this.queued && !this.inFlight) {
      const command = this.queued;
      this.queued = undefined;
      const acknowledged = answers(t);
      this.inFlight = {
        command,
        acknowledged,
        resolveAt: t + (acknowledged ? ACK_DELAY_MS : COMMAND_TIMEOUT_MS),
      };
    }
  }

  /** When something is due: a queued command to send (now) or an outcome to settle. */
  get dueAt(): number | undefined {
    if (this.queued) return Number.NEGATIVE_INFINITY;
    return this.inFlight?.resolveAt;
  }
}
