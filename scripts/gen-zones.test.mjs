import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildZones } from './gen-zones.mjs';

const ZONEINFO = '/usr/share/zoneinfo';
const committed = JSON.parse(readFileSync(new URL('../apps/web/public/zones.json', import.meta.url), 'utf8'));

// A POSIX TZ string: std name and offset, optionally dst name, offset and rules.
const POSIX_TZ =
  /^(?:[A-Za-z]{3,}|<[-+\w]+>)[-+]?\d{1,2}(?::\d{2}){0,2}(?:(?:[A-Za-z]{3,}|<[-+\w]+>)(?:[-+]?\d{1,2}(?::\d{2}){0,2})?,M\d{1,2}\.\d\.\d(?:\/-?\d+(?::\d{2}){0,2})?,M\d{1,2}\.\d\.\d(?:\/-?\d+(?::\d{2}){0,2})?)?$/;

describe("zones.json (the NTP page's time-zone list)", () => {
  it('maps every zone to a POSIX TZ string, names sorted', () => {
    const names = Object.keys(committed);
    expect(names.length).toBeGreaterThan(400);
    expect(names).toEqual([...names].sort());
    expect(Object.entries(committed).filter(([, tz]) => !POSIX_TZ.test(tz))).toEqual([]);
    expect(committed['Europe/Berlin']).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
    expect(committed['Etc/GMT+5']).toBe('<-05>5');
  });

  it.runIf(existsSync(`${ZONEINFO}/zone.tab`))(
    "is what the machine's tzdata gives for the same zones",
    () => {
      const fresh = buildZones(ZONEINFO);
      expect(fresh['Europe/Berlin']).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
      expect(fresh['Africa/Cairo']).toBe('EET-2EEST,M4.5.5/0,M10.5.4/24');
      // Rules change with tzdata releases; the well-settled European ones must agree.
      for (const name of ['Europe/Paris', 'Europe/London', 'Europe/Vienna', 'Europe/Zurich']) {
        expect(fresh[name]).toBe(committed[name]);
      }
    },
  );
});
