import { describe, expect, it } from 'vitest';
import { cutFrames, EXCEPTION } from './frame-guard';

/** A Modbus TCP frame: transaction 7, protocol `protocol`, unit 126, the PDU. */
function frame(pdu: number[], { protocol = 0, length = pdu.length + 1 } = {}): Buffer {
  const head = Buffer.alloc(7);
  head.writeUInt16BE(7, 0);
  head.writeUInt16BE(protocol, 2);
  head.writeUInt16BE(length, 4);
  head[6] = 126;
  return Buffer.concat([head, Buffer.from(pdu)]);
}
const read = (address: number, count: number) => [3, address >> 8, address & 0xff, count >> 8, count & 0xff];

describe('the frame guard', () => {
  it('passes whole reads and writes, several in one chunk, and keeps an unfinished one', () => {
    const write = [16, 0x9c, 0x9b, 0, 2, 4, 0, 1, 0, 2];
    const whole = Buffer.concat([frame(read(40000, 2)), frame(write), frame(read(40070, 52))]);
    const { results, rest } = cutFrames(whole.subarray(0, whole.length - 3));
    expect(results.map((result) => result.kind)).toEqual(['request', 'request']);
    expect(rest.length).toBe(12 - 3);
    const next = cutFrames(Buffer.concat([rest, whole.subarray(whole.length - 3)]));
    expect(next.results).toEqual([{ kind: 'request', frame: frame(read(40070, 52)) }]);
    expect(next.rest.length).toBe(0);
  });

  it('answers other function codes with exception 1 and impossible quantities with exception 3', () => {
    const { results } = cutFrames(
      Buffer.concat([frame([4, 0x9c, 0x40, 0, 2]), frame(read(40000, 126)), frame(read(40000, 0))]),
    );
    expect(results.map((result) => (result.kind === 'answer' ? [...result.frame] : result.kind))).toEqual([
      [0, 7, 0, 0, 0, 3, 126, 0x84, EXCEPTION.illegalFunction],
      [0, 7, 0, 0, 0, 3, 126, 0x83, EXCEPTION.illegalValue],
      [0, 7, 0, 0, 0, 3, 126, 0x83, EXCEPTION.illegalValue],
    ]);
  });

  it('finds malformed and oversized frames, and judges nothing after them', () => {
    const malformed = (bytes: Buffer) => cutFrames(Buffer.concat([bytes, frame(read(40000, 2))])).results;
    expect(malformed(Buffer.from('GET / HTTP/1.1\r\n\r\n'))).toEqual([
      { kind: 'malformed', reason: expect.stringContaining('protocol id') },
    ]);
    expect(malformed(frame(read(40000, 2), { protocol: 1 }))[0]!.kind).toBe('malformed');
    expect(malformed(frame([], { length: 0 }))[0]!.kind).toBe('malformed');
    expect(malformed(frame([], { length: 300 }))[0]!.kind).toBe('malformed');
    // A write whose byte count is not twice its register count, a read of the wrong size.
    expect(malformed(frame([16, 0x9c, 0x9b, 0, 2, 3, 0, 1, 0]))[0]!.kind).toBe('malformed');
    expect(malformed(frame([3, 0x9c, 0x40, 0]))[0]!.kind).toBe('malformed');
  });
});
