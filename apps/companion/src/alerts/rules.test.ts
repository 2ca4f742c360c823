import { describe, expect, it } from 'vitest';
import { ChannelUrlError, maskUrl, parseChannel } from './channels';
import {
  DEFAULT_ALERT_SETTINGS,
  daylightOf,
  judge,
  MINUTE_MS,
  type InverterSeen,
  type WatchState,
} from './rules';

const at = (hhmm: string): number => Date.parse(`2026-06-21T${hhmm}:00Z`);
/** The device's sun times with nautical twilight at about 51° N in June (UTC for short). */
const SUN = { rise: at('01:15'), set: at('20:45') };
const DAYLIGHT = daylightOf(SUN, DEFAULT_ALERT_SETTINGS.twilightMinutes);

const inverter = (seen: Partial<InverterSeen>): InverterSeen => ({
  serial: '114181234569',
  name: 'Roof',
  dataAt: at('11:00'),
  producedAt: at('11:00'),
  firstSeen: at('06:00'),
  ...seen,
});

const state = (now: string, inverters: InverterSeen[], rest: Partial<WatchState> = {}): WatchState => ({
  now: at(now),
  daylight: DAYLIGHT,
  dtuDownSince: undefined,
  dtuUpSince: at('00:00'),
  inverters,
  ...rest,
});

const standing = (s: WatchState, settings = DEFAULT_ALERT_SETTINGS) =>
  judge(s, settings).standing.map((finding) => `${finding.key} ${finding.reason}`);

describe('alert rules', () => {
  it('judges only from the twilight margin after the device sunrise to as long before its sunset', () => {
    expect(DAYLIGHT).toEqual({ from: at('03:15'), to: at('18:45') });
    expect(daylightOf(undefined, 120)).toBeUndefined();
    // A short winter day inside the margins leaves nothing to judge.
    expect(daylightOf({ rise: at('08:00'), set: at('11:00') }, 120)).toBeUndefined();
  });

  it('raises an inverter that sends no new data for the set minutes while the sun is up', () => {
    const silent = inverter({ dataAt: at('11:00'), producedAt: at('11:00') });
    expect(standing(state('11:14', [silent]))).toEqual([]);
    expect(standing(state('11:15', [silent]))).toEqual(['inverter-silent:114181234569 no-data']);
    const finding = judge(state('11:15', [silent]), DEFAULT_ALERT_SETTINGS).standing[0]!;
    expect(finding.since).toBe(at('11:00'));
  });

  it('raises an inverter that sends data but produces nothing, and judges on data age, not reachable', () => {
    const idle = inverter({ dataAt: at('12:00'), producedAt: at('11:40') });
    expect(standing(state('12:00', [idle]))).toEqual(['inverter-silent:114181234569 no-production']);
    const fresh = inverter({ dataAt: at('12:00'), producedAt: at('11:50') });
    expect(standing(state('12:00', [fresh]))).toEqual([]);
  });

  it('raises nothing at night, nor in the twilight the device reports', () => {
    const nightly = inverter({ dataAt: at('19:30'), producedAt: at('19:00') });
    for (const now of ['19:00', '22:00', '23:59', '02:00', '03:14'])
      expect(
        standing(
          state(now, [inverter({ dataAt: at('00:00'), producedAt: undefined, firstSeen: at('00:00') })]),
        ),
      ).toEqual([]);
    expect(standing(state('19:30', [nightly]))).toEqual([]);
    // Without sun times from the device there is no judged hour at all.
    expect(standing(state('12:00', [nightly], { daylight: undefined }))).toEqual([]);
  });

  it('counts a condition from the night only from the morning margin on', () => {
    const overnight = inverter({ dataAt: at('00:00'), producedAt: undefined, firstSeen: at('00:00') });
    const awake = { serial: '116491234568', name: 'Garage', firstSeen: at('00:00') };
    const sibling = (now: string) => inverter({ ...awake, dataAt: at(now), producedAt: at(now) });
    expect(standing(state('03:29', [overnight, sibling('03:29')]))).toEqual([]);
    expect(standing(state('03:30', [overnight, sibling('03:30')]))).toEqual([
      'inverter-silent:114181234569 no-data',
    ]);
    // Alone (no sibling producing), the plant dark is dawn for 90 minutes more.
    expect(standing(state('04:59', [overnight]))).toEqual([]);
    expect(standing(state('05:00', [overnight]))).toEqual(['inverter-silent:114181234569 no-data']);
  });

  it('takes the whole plant going dark in the evening for dusk, one inverter dark beside others for a fault', () => {
    const garage = { serial: '116491234568', name: 'Garage' };
    // Both stop at 18:20, 25 minutes before the judged hours end (18:45): dusk.
    const dusk = [
      inverter({ dataAt: at('18:20'), producedAt: at('18:20') }),
      inverter({ ...garage, dataAt: at('18:20'), producedAt: at('18:20') }),
    ];
    expect(standing(state('18:44', dusk))).toEqual([]);
    // One stops at 18:00 while the other produces: told.
    const one = [
      inverter({ dataAt: at('18:15'), producedAt: at('18:00') }),
      inverter({ ...garage, dataAt: at('18:15'), producedAt: at('18:15') }),
    ];
    expect(standing(state('18:15', one))).toEqual(['inverter-silent:114181234569 no-production']);
    // The whole plant dark at noon is told, each inverter.
    const noon = [
      inverter({ dataAt: at('12:00'), producedAt: at('12:00') }),
      inverter({ ...garage, dataAt: at('12:00'), producedAt: at('12:00') }),
    ];
    expect(standing(state('12:15', noon))).toEqual([
      'inverter-silent:114181234569 no-data',
      'inverter-silent:116491234568 no-data',
    ]);
  });

  it('takes an inverter that falls silent near dusk with next to no output, beside one still producing, for asleep', () => {
    const west = { serial: '116491234568', name: 'West', firstSeen: at('00:00') };
    const stillLit = inverter({
      ...west,
      dataAt: at('17:30'),
      producedAt: at('17:30'),
      producedW: 90,
      peakW: 700,
    });
    // The south roof gave 20 W of its 1,800 W at its last data, 17:10: asleep, not failing.
    const asleep = inverter({ dataAt: at('17:10'), producedAt: at('17:10'), producedW: 20, peakW: 1800 });
    expect(standing(state('17:30', [asleep, stillLit]))).toEqual([]);
    // Falling silent at 300 W is told, as is next to no output at noon, far from dusk.
    const stopped = inverter({ dataAt: at('17:10'), producedAt: at('17:10'), producedW: 300, peakW: 1800 });
    expect(standing(state('17:30', [stopped, stillLit]))).toEqual(['inverter-silent:114181234569 no-data']);
    // Still sending, but nothing but zero since its last 20 W: asleep too.
    const zero = inverter({ dataAt: at('17:30'), producedAt: at('17:10'), producedW: 20, peakW: 1800 });
    expect(standing(state('17:30', [zero, stillLit]))).toEqual([]);
    const noonLow = inverter({ dataAt: at('11:00'), producedAt: at('11:00'), producedW: 20, peakW: 1800 });
    expect(
      standing(state('11:20', [noonLow, { ...stillLit, dataAt: at('11:20'), producedAt: at('11:20') }])),
    ).toEqual(['inverter-silent:114181234569 no-data']);
  });

  it('counts only time it watched: old readings in the first frames after a start or an outage', () => {
    const stale = inverter({ dataAt: at('09:00'), producedAt: at('09:00'), firstSeen: at('12:00') });
    expect(standing(state('12:14', [stale]))).toEqual([]);
    expect(standing(state('12:15', [stale]))).toEqual(['inverter-silent:114181234569 no-data']);
    const afterOutage = inverter({ dataAt: at('09:00'), producedAt: at('09:00') });
    expect(standing(state('12:14', [afterOutage], { dtuUpSince: at('12:00') }))).toEqual([]);
    expect(judge(state('12:15', [afterOutage]), DEFAULT_ALERT_SETTINGS).standing[0]!.since).toBe(at('09:00'));
  });

  it('resolves when the inverter produces again, and says nothing of it while the DTU is away', () => {
    const back = inverter({ dataAt: at('12:00'), producedAt: at('12:00') });
    expect(judge(state('12:00', [back]), DEFAULT_ALERT_SETTINGS).cleared).toContain(
      'inverter-silent:114181234569',
    );
    const away = judge(state('12:00', [inverter({})], { dtuDownSince: at('11:58') }), DEFAULT_ALERT_SETTINGS);
    expect(away.standing).toEqual([]);
    expect(away.cleared).not.toContain('inverter-silent:114181234569');
    expect(away.cleared).not.toContain('dtu-unreachable:');
  });

  it('raises the DTU unreachable after its minutes by day, and clears it when it answers', () => {
    expect(standing(state('12:04', [], { dtuDownSince: at('12:00') }))).toEqual([]);
    expect(standing(state('12:05', [], { dtuDownSince: at('12:00') }))).toEqual([
      'dtu-unreachable: unreachable',
    ]);
    expect(standing(state('23:00', [], { dtuDownSince: at('22:00') }))).toEqual([]);
    expect(judge(state('12:05', []), DEFAULT_ALERT_SETTINGS).cleared).toEqual(['dtu-unreachable:']);
  });

  it('follows the thresholds, and a rule that is off raises nothing', () => {
    const silent = inverter({ dataAt: at('11:00'), producedAt: at('11:00') });
    const rules = DEFAULT_ALERT_SETTINGS.rules;
    const thirty = {
      ...DEFAULT_ALERT_SETTINGS,
      rules: { ...rules, 'inverter-silent': { ...rules['inverter-silent'], minutes: 30 } },
    };
    expect(standing(state('11:20', [silent]), thirty)).toEqual([]);
    expect(standing(state('11:30', [silent]), thirty)).toHaveLength(1);
    const off = {
      ...DEFAULT_ALERT_SETTINGS,
      rules: { ...rules, 'inverter-silent': { ...rules['inverter-silent'], enabled: false } },
    };
    expect(standing(state('13:00', [silent]), off)).toEqual([]);
    expect(at('11:30') - at('11:00')).toBe(30 * MINUTE_MS);
  });
});

describe('alert channel URLs', () => {
  it('reads ntfy and ntfys URLs as ntfy publish targets with basic credentials', () => {
    const plain = parseChannel('ntfy://ntfy.example:8081/plant-alerts');
    expect(plain.kind).toBe('ntfy');
    expect(plain.target.href).toBe('http://ntfy.example:8081/plant-alerts');
    expect(plain.authorization).toBeUndefined();
    const secure = parseChannel('ntfys://owner:s3cret@ntfy.sh/plant');
    expect(secure.target.href).toBe('https://ntfy.sh/plant');
    expect(secure.authorization).toBe(`Basic ${Buffer.from('owner:s3cret').toString('base64')}`);
    expect(secure.masked).toBe('ntfys://owner:****@ntfy.sh/plant');
    expect(secure.secrets).toContain('s3cret');
  });

  it('reads http(s) URLs as webhooks, masking passwords and secret query values', () => {
    const hook = parseChannel('https://me:pw@hooks.example/solar?token=abc&room=1');
    expect(hook.kind).toBe('webhook');
    expect(hook.target.href).toBe('https://hooks.example/solar?token=abc&room=1');
    expect(hook.masked).toBe('https://me:****@hooks.example/solar?token=****&room=1');
    expect(maskUrl(new URL('http://a/b'))).toBe('http://a/b');
  });

  it('refuses malformed URLs with the reason, never showing the password', () => {
    const reason = (text: string): string => {
      try {
        parseChannel(text);
      } catch (error) {
        expect(error).toBeInstanceOf(ChannelUrlError);
        return (error as Error).message;
      }
      throw new Error(`${text} was taken`);
    };
    expect(reason('ntfy://ntfy.sh')).toMatch(/needs one topic/);
    expect(reason('ntfy://u:hidden@ntfy.sh/a/b')).toMatch(/needs one topic/);
    expect(reason('ntfy://u:hidden@ntfy.sh/a/b')).not.toContain('hidden');
    expect(reason('ftp://broker/solar')).toMatch(/is not a channel/);
    expect(reason('not a url')).toMatch(/is not a URL/);
    expect(reason('//u:hidden@x')).not.toContain('hidden');
  });
});
