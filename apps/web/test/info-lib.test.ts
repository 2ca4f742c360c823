import { describe, expect, it } from 'vitest';
import { consoleLines } from '../src/features/info/console-matches';
import { appendFrame, consoleTime, EMPTY_CONSOLE, type ConsoleText } from '../src/lib/console-stamp';
import {
  firmwareCompareUrl,
  firmwareVersionUrl,
  FIRMWARE_REPO_API,
  parseFirmwareVersion,
} from '../src/lib/firmware-version';
import { heapDetails, usedPercent } from '../src/lib/memory';

describe('heap figures', () => {
  const status = { heap_total: 300_000, heap_used: 120_000, heap_min_free: 150_000, heap_max_block: 108_000 };

  it('max usage is total minus the lowest free heap ever seen', () => {
    expect(heapDetails(status).maxUsage).toBe(150_000);
  });

  it('free is total minus used; fragmentation is 1 - largest block / free, in percent', () => {
    const heap = heapDetails(status);
    expect(heap.totalFree).toBe(180_000);
    expect(heap.largestFreeBlock).toBe(108_000);
    expect(heap.fragmentation).toBeCloseTo(40, 10);
  });

  it('an unfragmented heap is 0 %, and no free heap does not divide by zero', () => {
    expect(heapDetails({ ...status, heap_max_block: 180_000 }).fragmentation).toBe(0);
    expect(heapDetails({ ...status, heap_used: 300_000, heap_max_block: 0 }).fragmentation).toBe(0);
  });

  it('memory percent is used / total rounded, 0 for a memory the board lacks', () => {
    expect(usedPercent(1_503_536, 1_966_080)).toBe(76);
    expect(usedPercent(1, 3)).toBe(33);
    expect(usedPercent(2, 3)).toBe(67);
    expect(usedPercent(0, 0)).toBe(0);
  });
});

describe('firmware version', () => {
  it('a release name is not a hash and links to its release', () => {
    const version = parseFirmwareVersion('v25.4.10');
    expect(version).toEqual({ ref: 'v25.4.10', isHash: false });
    expect(firmwareVersionUrl(version)).toBe('https://github.com/tbnobody/OpenDTU/releases/tag/v25.4.10');
  });

  it('a leading g marks a hash, which links to its commit', () => {
    const version = parseFirmwareVersion('g3a9d5e1');
    expect(version).toEqual({ ref: '3a9d5e1', isHash: true });
    expect(firmwareVersionUrl(version)).toBe('https://github.com/tbnobody/OpenDTU/commits/3a9d5e1');
  });

  it('a described version takes the part after the last dash, without its g', () => {
    expect(parseFirmwareVersion('v25.4.10-12-g3a9d5e1')).toEqual({ ref: '3a9d5e1', isHash: true });
    expect(parseFirmwareVersion('v24.1.1-rc-3-gabcdef0')).toEqual({ ref: 'abcdef0', isHash: true });
  });

  it('the check compares the version with HEAD on the repository API', () => {
    expect(firmwareCompareUrl(parseFirmwareVersion('g3a9d5e1'))).toBe(
      `${FIRMWARE_REPO_API}/compare/3a9d5e1...HEAD`,
    );
    expect(FIRMWARE_REPO_API).toBe('https://api.github.com/repos/tbnobody/OpenDTU');
  });
});

describe('console time stamps', () => {
  const feed = (frames: [stamp: string, frame: string][], max = 10_000): ConsoleText =>
    frames.reduce((log, [stamp, frame]) => appendFrame(log, frame, stamp, max), EMPTY_CONSOLE);

  it('formats hh:mm:ss.mmm', () => {
    expect(consoleTime(new Date(2026, 5, 21, 9, 5, 3, 7))).toBe('09:05:03.007');
  });

  it('stamps every line of a frame holding several, and drops the CR of CRLF', () => {
    expect(feed([['T1', 'one\r\ntwo\r\n']]).text).toBe('T1 one\nT1 two\n');
  });

  it('a line split over frames is stamped once, with the time its first piece came', () => {
    const log = feed([
      ['T1', 'Fetch inv'],
      ['T2', 'erter: 1141'],
      ['T3', '81234567\r\nQueue'],
      ['T4', ' size\r\n'],
    ]);
    expect(log.text).toBe('T1 Fetch inverter: 114181234567\nT3 Queue size\n');
    expect(log.atLineStart).toBe(true);
  });

  it('takes LF line ends (v25.5.10 on) and drops colour codes', () => {
    expect(feed([['T1', 'I (5) main: \x1b[0;32mok\x1b[0m\nE (6) main: bad\n']]).text).toBe(
      'T1 I (5) main: ok\nT1 E (6) main: bad\n',
    );
  });

  it('a CRLF split between frames still ends the line once', () => {
    expect(
      feed([
        ['T1', 'a\r'],
        ['T2', '\nb\r\n'],
      ]).text,
    ).toBe('T1 a\nT2 b\n');
  });

  it('an empty frame changes nothing', () => {
    expect(
      feed([
        ['T1', 'a'],
        ['T2', ''],
        ['T3', 'b\r\n'],
      ]).text,
    ).toBe('T1 ab\n');
  });

  it('keeps at most the bound, dropping whole lines from the front', () => {
    const frames: [string, string][] = Array.from({ length: 100 }, (_, i) => ['T', `line ${i}\r\n`]);
    const log = feed(frames, 50);
    expect(log.text.length).toBeLessThanOrEqual(50);
    expect(log.text.startsWith('T line ')).toBe(true);
    expect(log.text.endsWith('T line 99\n')).toBe(true);
  });
});

describe('console lines', () => {
  it('reads the level and tag of the ESP-IDF prefix (v25.5.10 on), none from older lines', () => {
    const text =
      'T1 I (51234) hoymiles: Fetch inverter: 114181234567\n' +
      'T2 E (51300) mqtt: Connection lost: (host: broker)\n' +
      'T3 Queue size - NRF: 0\n\n' +
      'T4 W (9) async_ws: queue full\n';
    expect(consoleLines(text)).toEqual([
      { text: 'T1 I (51234) hoymiles: Fetch inverter: 114181234567', level: 'I', tag: 'hoymiles' },
      { text: 'T2 E (51300) mqtt: Connection lost: (host: broker)', level: 'E', tag: 'mqtt' },
      { text: 'T3 Queue size - NRF: 0', level: undefined, tag: undefined },
      { text: 'T4 W (9) async_ws: queue full', level: 'W', tag: 'async_ws' },
    ]);
  });
});
