import { describe, expect, it } from 'vitest';
import { assignUnits, readUnitEntries } from './unit-map';

describe('the unit map', () => {
  it('keeps each serial at its unit and gives new ones the lowest free id, never 126', () => {
    const listed = (...serials: string[]) =>
      serials.map((serial) => ({ serial, device: 'dtu', name: serial }));
    const first = assignUnits([], listed('A1', 'B2', 'C3'));
    expect(first.entries.map(({ serial, unit }) => [serial, unit])).toEqual([
      ['A1', 1],
      ['B2', 2],
      ['C3', 3],
    ]);
    // Reordered, one deleted, one added: the others stay where they were.
    const second = assignUnits(first.entries, listed('C3', 'D4', 'A1'));
    expect(second.entries.map(({ serial, unit }) => [serial, unit])).toEqual([
      ['A1', 1],
      ['B2', 2],
      ['C3', 3],
      ['D4', 4],
    ]);
    expect(second.added.map((entry) => entry.serial)).toEqual(['D4']);
    const crowded = assignUnits(
      Array.from({ length: 125 }, (_, index) => ({
        serial: `F${index}`,
        unit: index + 1,
        phase: 'L1' as const,
      })),
      listed('NEW'),
    );
    expect(crowded.added).toEqual([{ serial: 'NEW', unit: 127, phase: 'L1', device: 'dtu', name: 'NEW' }]);
    // Renamed, or moved to another device: the unit stays, the entry notes where it is now.
    const moved = assignUnits(second.entries, [{ serial: 'B2', device: 'barn', name: 'Barn' }]);
    expect(moved.changed).toBe(true);
    expect(moved.entries.find((entry) => entry.serial === 'B2')).toMatchObject({
      unit: 2,
      device: 'barn',
      name: 'Barn',
    });
  });

  it('refuses a saved map that would move or double an inverter', () => {
    expect(readUnitEntries({ inverters: [{ serial: '1141', unit: 126, phase: 'L1' }] })).toMatch(/not 126/);
    expect(
      readUnitEntries({
        inverters: [
          { serial: '1141', unit: 2, phase: 'L1' },
          { serial: '1142', unit: 2, phase: 'L2' },
        ],
      }),
    ).toMatch(/twice/);
    expect(readUnitEntries({ inverters: [{ serial: '1141', unit: 2, phase: 'L4' }] })).toMatch(
      /L1, L2 or L3/,
    );
    expect(readUnitEntries([])).toMatch(/no list/);
  });
});
