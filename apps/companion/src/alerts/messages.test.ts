import { describe, expect, it } from 'vitest';
import { DeviceClock } from '../device/clock';
import { forDevice, raisedWords } from './messages';

describe('alert messages of a plant', () => {
  const words = raisedWords(
    { rule: 'dtu-unreachable', key: 'dtu', since: Date.parse('2026-06-02T10:15:00Z') } as Parameters<
      typeof raisedWords
    >[0],
    new DeviceClock(1),
  );

  it('name the device in the title; one device’s stay as they were', () => {
    expect(forDevice(words, 'garage')).toEqual({
      ...words,
      title: 'OpenDTU garage: the DTU does not answer',
    });
    expect(forDevice(words, undefined)).toBe(words);
  });
});
