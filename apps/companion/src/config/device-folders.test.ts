import { describe, expect, it } from 'vitest';
import { assignFolders, type FolderEntry } from './device-folders';

const garage = { name: 'garage', url: 'http://192.168.1.50/' };
const house = { name: 'house', url: 'http://192.168.1.51/' };

describe('the folder of each device', () => {
  it('gives a new plant one folder per device under devices/', () => {
    expect(assignFolders([], [garage, house], false)).toEqual({
      entries: [
        { ...garage, folder: 'devices/garage' },
        { ...house, folder: 'devices/house' },
      ],
      notes: [],
    });
  });

  it('leaves the history of a one-device companion with the first device listed', () => {
    const plan = assignFolders([], [garage, house], true);
    expect(plan.entries.map((entry) => entry.folder)).toEqual(['.', 'devices/house']);
    expect(plan.notes).toEqual([
      expect.stringContaining('garage keeps the history already in the data folder'),
    ]);
  });

  it('keeps the folders it gave, whatever the order and the root holds', () => {
    const saved: FolderEntry[] = [
      { ...garage, folder: '.' },
      { ...house, folder: 'devices/house' },
    ];
    expect(assignFolders(saved, [house, garage], true)).toEqual({
      entries: [saved[1], saved[0]],
      notes: [],
    });
  });

  it('lets a renamed device (same URL) keep its history', () => {
    const saved: FolderEntry[] = [{ ...garage, folder: 'devices/garage' }];
    const plan = assignFolders(saved, [{ name: 'barn', url: garage.url }], false);
    expect(plan.entries).toEqual([{ name: 'barn', url: garage.url, folder: 'devices/garage' }]);
    expect(plan.notes).toEqual(['garage is now called barn; its history goes with it']);
  });

  it('lets a device with a new URL (same name) keep its history', () => {
    const saved: FolderEntry[] = [{ ...garage, folder: 'devices/garage' }];
    const plan = assignFolders(saved, [{ name: 'garage', url: 'http://10.0.0.9/' }], false);
    expect(plan.entries).toEqual([{ name: 'garage', url: 'http://10.0.0.9/', folder: 'devices/garage' }]);
    expect(plan.notes[0]).toContain('garage has a new URL');
  });

  it('does not hand a configured device’s folder to another with its old URL', () => {
    const saved: FolderEntry[] = [{ ...garage, folder: 'devices/garage' }];
    const plan = assignFolders(saved, [garage, { name: 'copy', url: garage.url }], false);
    expect(plan.entries.map((entry) => entry.folder)).toEqual(['devices/garage', 'devices/copy']);
  });

  it('never gives two devices one folder, and remembers devices no longer listed', () => {
    // garage was renamed barn (keeping devices/garage); a new device takes the name garage.
    const saved: FolderEntry[] = [{ name: 'barn', url: garage.url, folder: 'devices/garage' }];
    const plan = assignFolders(saved, [{ name: 'garage', url: 'http://10.0.0.9/' }], false);
    expect(plan.entries).toEqual([
      { name: 'garage', url: 'http://10.0.0.9/', folder: 'devices/garage-2' },
      saved[0],
    ]);
  });
});
