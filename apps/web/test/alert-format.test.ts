import type { AlertRule, AlertRuleSettings } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import de from '../src/i18n/de.json';
import en from '../src/i18n/en.json';
import { createTranslator } from '../src/i18n/runtime';
import {
  deliveryText,
  deviceClock,
  deviceDateTime,
  onDeviceWall,
  RULE_NAME,
  ruleCondition,
} from '../src/features/alerts/alert-format';

const CET = 'CET-1CEST,M3.5.0,M10.5.0/3';
const english = createTranslator([en]);
const german = createTranslator([de, en]);

describe('alert times on the device clock', () => {
  it("shows an instant in the device's own zone, summer and winter, wherever the browser is", () => {
    // 10:03 UTC in June is 12:03 in Berlin (summer time), in January 11:03.
    expect(deviceClock('en', '2026-06-21T10:03:00.000Z', CET)).toBe('12:03');
    expect(deviceClock('en', '2026-01-21T10:03:00.000Z', CET)).toBe('11:03');
    expect(deviceDateTime('de', '2026-06-21T22:30:05.000Z', CET)).toBe('22.06.2026, 00:30:05');
    expect(onDeviceWall('2026-06-21T10:03:00.000Z', CET)).toBe(Date.UTC(2026, 5, 21, 12, 3));
  });

  it('reads a zone the device has not told yet ("") as UTC, as the device does', () => {
    expect(deviceClock('en', '2026-06-21T10:03:00.000Z', '')).toBe('10:03');
  });
});

describe('rules in words', () => {
  const rule = (name: AlertRule, minutes: number, threshold?: number): AlertRuleSettings => ({
    rule: name,
    enabled: true,
    minutes,
    ...(threshold === undefined ? {} : { threshold }),
  });

  it('has a name for every rule in English and German', () => {
    for (const key of Object.values(RULE_NAME)) {
      expect(english.has(key), key).toBe(true);
      expect(german.t(key)).not.toBe(english.t(key));
    }
  });

  it("says each rule's limit and time", () => {
    expect(ruleCondition(english.t, 'en', rule('inverter-silent', 15))).toBe('it lasts 15 min');
    expect(ruleCondition(english.t, 'en', rule('string-weak', 30, 0.5))).toBe(
      'a string yields under 50% of its best sibling per Wp for 30 min',
    );
    expect(ruleCondition(english.t, 'en', rule('energy-low', 0, 0.4))).toMatch(
      /^yesterday brought under 40% /,
    );
    expect(ruleCondition(english.t, 'en', rule('inverter-hot', 10, 70))).toBe(
      'an inverter stays above 70°C for 10 min',
    );
    expect(ruleCondition(german.t, 'de', rule('eventlog', 5))).toBe(
      'ein neuer Eintrag erscheint (das Protokoll wird alle 5 min gelesen)',
    );
  });
});

describe('what became of a message', () => {
  const base = { event: 'raised' as const, channel: 'http://127.0.0.1/hook', attempts: 1 };

  it('says when the receiver took it', () => {
    const sent = new Date(2026, 5, 21, 12, 3, 9).toISOString();
    expect(deliveryText(english, 'de', { ...base, sent, last_answer: 'HTTP 200' })).toBe(
      'received 21.06.2026, 12:03:09',
    );
  });

  it('counts the tries while it waits, with the last answer', () => {
    expect(deliveryText(english, 'en', { ...base, sent: null, attempts: 0, last_answer: null })).toBe(
      'waiting, not tried yet',
    );
    expect(deliveryText(english, 'en', { ...base, sent: null, attempts: 1, last_answer: 'HTTP 503' })).toBe(
      'waiting, tried once (HTTP 503)',
    );
    expect(
      deliveryText(german, 'de', { ...base, sent: null, attempts: 4, last_answer: 'ECONNREFUSED' }),
    ).toBe('wartet, 4-mal versucht (ECONNREFUSED)');
  });
});
