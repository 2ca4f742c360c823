/**
 * What the Modbus library is handed, checked first (issue 44, bad input). The library
 * (modbus-serial's TCP server) cuts frames by the length in their header and answers what
 * it can, but it waits forever on a frame it cannot parse and answers some function codes
 * not at all. Here each frame is checked whole, by the Modbus TCP header and the shape of
 * the three requests served (3: read holding registers, 6 and 16: write them):
 * - a frame that is malformed (protocol id not 0, a length that cannot be, a request of the
 *   wrong size, a byte count that does not match) or oversized closes its connection, and
 *   nothing else;
 * - another function code is answered with exception 1 (illegal function), a read of 0 or
 *   more than 125 registers or a write of 0 or more than 123 with exception 3 (illegal data
 *   value), as the Modbus specification asks;
 * - the rest goes to the library.
 * Pure: bytes in, frames and answers out.
 */

/** The header: transaction id, protocol id, length (unit id + PDU), unit id. */
export const HEADER = 7;
/** The largest PDU Modbus allows, and so the largest length a header may give (the unit id besides). */
export const MAX_PDU = 253;

export const READ_HOLDING = 3;
export const WRITE_SINGLE = 6;
export const WRITE_MULTIPLE = 16;

export const EXCEPTION = {
  illegalFunction: 1,
  illegalAddress: 2,
  illegalValue: 3,
  serverFailure: 4,
  busy: 6,
  noTarget: 0x0b,
} as const;

export type GuardResult =
  /** A well-formed request of the served kinds: for the library. */
  | { kind: 'request'; frame: Buffer }
  /** A well-formed request answered here: the exception to send back. */
  | { kind: 'answer'; frame: Buffer }
  /** Malformed: close the connection; the reason is for the log. */
  | { kind: 'malformed'; reason: string };

/** An exception answer to `request` (its header and function code). */
export function exceptionFor(request: Buffer, code: number): Buffer {
  const answer = Buffer.alloc(HEADER + 2);
  request.copy(answer, 0, 0, 4);
  answer.writeUInt16BE(3, 4);
  answer[6] = request[6]!;
  answer[7] = request[7]! | 0x80;
  answer[8] = code;
  return answer;
}

/** Judges one whole frame (header and PDU). */
export function judgeFrame(frame: Buffer): GuardResult {
  const pdu = frame.subarray(HEADER);
  const fc = pdu[0]!;
  const quantity = pdu.length >= 5 ? pdu.readUInt16BE(3) : 0;
  switch (fc) {
    case READ_HOLDING:
      if (pdu.length !== 5) return { kind: 'malformed', reason: `a read of ${pdu.length} bytes` };
      if (quantity < 1 || quantity > 125)
        return { kind: 'answer', frame: exceptionFor(frame, EXCEPTION.illegalValue) };
      return { kind: 'request', frame };
    case WRITE_SINGLE:
      if (pdu.length !== 5) return { kind: 'malformed', reason: `a single write of ${pdu.length} bytes` };
      return { kind: 'request', frame };
    case WRITE_MULTIPLE: {
      if (pdu.length < 6) return { kind: 'malformed', reason: `a write of ${pdu.length} bytes` };
      const bytes = pdu[5]!;
      if (bytes !== quantity * 2 || pdu.length !== 6 + bytes)
        return { kind: 'malformed', reason: `a write of ${quantity} registers in ${pdu.length - 6} bytes` };
      if (quantity < 1 || quantity > 123)
        return { kind: 'answer', frame: exceptionFor(frame, EXCEPTION.illegalValue) };
      return { kind: 'request', frame };
    }
    default:
      return { kind: 'answer', frame: exceptionFor(frame, EXCEPTION.illegalFunction) };
  }
}

/**
 * Cuts whole frames off the front of `buffer`; `rest` is an unfinished frame to wait for.
 * Judging stops at the first malformed frame: nothing after it on that connection is served.
 */
export function cutFrames(buffer: Buffer): { results: GuardResult[]; rest: Buffer } {
  const results: GuardResult[] = [];
  let at = 0;
  while (buffer.length - at >= HEADER) {
    const protocol = buffer.readUInt16BE(at + 2);
    const length = buffer.readUInt16BE(at + 4);
    if (protocol !== 0) {
      results.push({ kind: 'malformed', reason: `protocol id ${protocol}, not Modbus (0)` });
      return { results, rest: Buffer.alloc(0) };
    }
    if (length < 2 || length > MAX_PDU + 1) {
      results.push({ kind: 'malformed', reason: `a frame length of ${length}` });
      return { results, rest: Buffer.alloc(0) };
    }
    if (buffer.length - at < HEADER - 1 + length) break;
    const result = judgeFrame(buffer.subarray(at, at + HEADER - 1 + length));
    results.push(result);
    if (result.kind === 'malformed') return { results, rest: Buffer.alloc(0) };
    at += HEADER - 1 + length;
  }
  return { results, rest: buffer.subarray(at) };
}
