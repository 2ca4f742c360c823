import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAP_END, MAP_START, PAGE, renderRegisterMap, withMap } from './register-map';

describe('the register map on docs/features/modbus.md', () => {
  it('is the one the code serves (npm run modbus-map writes it)', async () => {
    const page = readFileSync(PAGE, 'utf8');
    expect(page).toContain(MAP_START);
    expect(page).toContain(MAP_END);
    expect(page, 'the page is out of date: run npm run modbus-map').toBe(await withMap(page));
  });

  it('names the addresses the clients use', () => {
    const map = renderRegisterMap();
    // dbus-fronius: WRtg at model 120 + 3; the limit's five registers at model 123 + 5.
    expect(map).toMatch(/\| 40125 +\| 1 +\| `WRtg` /);
    expect(map).toMatch(/\| 40155 +\| 3 +\| `WMaxLimPct` /);
    expect(map).toMatch(/\| 40159 +\| 7 +\| `WMaxLim_Ena` /);
    expect(map).toMatch(/\| 40084 +\| 12 +\| `W` /);
  });
});
