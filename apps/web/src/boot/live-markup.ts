// The live view's content as React first renders it (features/live/live-page.tsx and its
// parts): hints, totals, the inverter list and the selected inverter's header and toolbar.
// What it leaves out comes with the app below what it shows, never moving it: the channel
// cards, the day's chart, notes (a wait, a login needed), screen-reader texts. A device
// with a hint other than its factory password (rare, and long texts in three languages)
// or without inverters gets no content here at all. An e2e test holds the boxes of this
// markup equal to those of React's first render (e2e/tests/first-paint.spec.ts).
import { isLiveInverterFull, weakStrings, type LiveInverterCommon, type LiveTotal } from '@opendtu/api';
import {
  inverterState,
  STATE_BADGE,
  STATE_GLYPH,
  STATE_TEXT,
  type InverterState,
} from '../components/inverter-status';
import type { DeviceClock } from '../lib/device-clock';
import { formatDateTime, formatDuration, formatLimit, formatNumber, formatValue } from '../lib/format';
import {
  ABSOLUTE_TIME_AFTER_S,
  byOrder,
  dataAgeSeconds,
  dataTakenAt,
  type LiveInverter,
  type LiveState,
} from '../lib/live-merge';
import type { FirstPaintKey, FirstPaintText } from './first-paint-keys';
import { esc, h } from './html';

export interface LiveContext {
  t: FirstPaintText;
  locale: string;
  base: string;
  loggedIn: boolean;
  /** The device's clock, once its NTP status came. */
  clock: DeviceClock | undefined;
  /** The inverter the address names (`?inv=`), if any. */
  wanted: string | null;
  now: number;
}

/** features/live/hint-banners.tsx, of the hints only the factory password's. */
const passwordHint = ({ t, base }: LiveContext) =>
  h(
    'div',
    { class: 'alert alert-danger ', role: 'alert' },
    esc(t('hints.DefaultPassword')),
    ' ',
    h('a', { href: `${base}/settings/security`, class: 'alert-link' }, esc(t('hints.DefaultPasswordLink'))),
  );

function totalsHtml({ t, locale }: LiveContext, total: LiveTotal): string {
  const items = [
    ['TotalYieldTotal', 'inverterchannelproperty.YieldTotal', total.YieldTotal],
    ['TotalYieldDay', 'inverterchannelproperty.YieldDay', total.YieldDay],
    ['TotalPower', 'invertertotalinfo.TotalPower', total.Power],
  ] as const;
  return h(
    'div',
    { class: 'row row-cols-1 row-cols-sm-3 g-2 g-sm-3 mb-3 text-sm-center', 'data-live-totals': true },
    ...items.map(([name, key, value]) =>
      h(
        'div',
        { class: 'col' },
        h(
          'div',
          { class: 'card h-100' },
          h(
            'div',
            { class: 'card-body py-2 d-flex d-sm-block justify-content-between align-items-baseline' },
            h('h2', { class: 'h6 card-title text-body-secondary mb-0 mb-sm-1' }, esc(t(key))),
            h('p', { class: 'fs-5 fw-semibold mb-0', 'data-total': name }, esc(formatValue(locale, value))),
          ),
        ),
      ),
    ),
  );
}

const hasWeakString = (inverter: LiveInverterCommon) =>
  isLiveInverterFull(inverter) && weakStrings(inverter.DC).length > 0;

const acPower = (inverter: LiveInverterCommon) =>
  isLiveInverterFull(inverter) ? inverter.AC['0']?.Power : undefined;

interface Row {
  inverter: LiveInverter;
  /** The state's word. */
  word: string;
}

/** components/state-badge.tsx; `wide` spells the state out. */
function badgeHtml({ locale }: LiveContext, { inverter, word }: Row, state: InverterState, wide: boolean) {
  const power = acPower(inverter);
  return h(
    'span',
    { class: `badge ${STATE_BADGE[state]}${wide ? ' text-wrap' : ''}`, 'data-state': state },
    h('span', { 'aria-hidden': 'true' }, STATE_GLYPH[state], ' '),
    wide ? esc(word) : h('span', { class: 'visually-hidden' }, esc(word)),
    ...(power ? [wide ? ' · ' : ' ', formatNumber(locale, power.v, 0), ' ', esc(power.u)] : []),
  );
}

/** features/live/inverter-pills.tsx: a selector on a phone, pills beside the data from lg on. */
function pillsHtml(context: LiveContext, rows: Row[], states: string[], selected: string) {
  const { t, locale } = context;
  const option = ({ inverter, word }: Row) => {
    const power = acPower(inverter);
    return [
      inverter.name,
      word,
      power && `${formatNumber(locale, power.v)} ${power.u}`,
      hasWeakString(inverter) && `⚠ ${t('home.WeakStringMark')}`,
    ]
      .filter(Boolean)
      .join(' · ');
  };
  const weakMark = h('span', null, ' ', h('span', { 'aria-hidden': 'true' }, '⚠'));
  return (
    h(
      'div',
      { class: 'd-lg-none' },
      h(
        'select',
        { class: 'form-select' },
        ...rows.map((row) =>
          h(
            'option',
            { value: row.inverter.serial, selected: row.inverter.serial === selected },
            esc(option(row)),
          ),
        ),
      ),
    ) +
    h(
      'div',
      { class: 'nav nav-pills flex-column d-none d-lg-flex gap-1', role: 'group' },
      ...rows.map((row, i) => {
        const active = row.inverter.serial === selected;
        return h(
          'button',
          {
            type: 'button',
            class: `nav-link text-start d-flex flex-column align-items-start gap-1${active ? ' active' : ''}`,
            'aria-current': active && 'true',
          },
          badgeHtml(context, row, states[i] as InverterState, false),
          h('span', { class: 'text-break' }, esc(row.inverter.name), hasWeakString(row.inverter) && weakMark),
        );
      }),
    )
  );
}

/** features/live/inverter-view.tsx: the header and toolbar; the channels come with the app. */
function inverterHtml(context: LiveContext, row: Row, state: InverterState): string {
  const { t, locale, clock, now, loggedIn } = context;
  const { inverter } = row;
  const age = dataAgeSeconds(inverter, now);
  const taken = dataTakenAt(inverter).getTime();
  const takenAt = clock ? formatDateTime(locale, taken + clock.offset, 'UTC') : formatDateTime(locale, taken);
  const events = isLiveInverterFull(inverter) ? inverter.events : -1;
  const action = (key: FirstPaintKey) =>
    h(
      'span',
      null,
      h('button', { type: 'button', class: 'btn btn-primary', disabled: !loggedIn }, esc(t(key))),
    );
  const show = (key: FirstPaintKey, ...extra: (string | false)[]) =>
    h('button', { type: 'button', class: 'btn btn-outline-primary' }, esc(t(key)), ...extra);
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'inverter-title', 'data-inverter': inverter.serial },
    h(
      'div',
      { class: 'card-header d-flex flex-wrap align-items-center column-gap-3 row-gap-1' },
      h(
        'h2',
        { class: 'h5 mb-0 me-auto d-flex flex-wrap align-items-center gap-2', id: 'inverter-title' },
        badgeHtml(context, row, state, true),
        h('span', { class: 'text-break' }, esc(inverter.name)),
      ),
      h(
        'small',
        null,
        esc(t('home.SerialNumber')),
        ' ',
        h('span', { class: 'font-monospace' }, esc(inverter.serial)),
      ),
      h(
        'small',
        null,
        esc(t('home.CurrentLimit')),
        ' ',
        h('span', { 'data-limit': true }, esc(formatLimit(locale, inverter))),
      ),
      '<small></small>',
      h(
        'small',
        { 'data-age': age },
        esc(t('dataagedisplay.Ago', { age: formatDuration(locale, age) })),
        age > ABSOLUTE_TIME_AFTER_S && esc(` (${takenAt})`),
      ),
    ),
    h(
      'div',
      { class: 'card-body' },
      h(
        'div',
        { class: 'btn-toolbar gap-2 mb-3', role: 'toolbar' },
        action('home.ShowSetInverterLimit'),
        action('home.TurnOnOff'),
        show('Error.Details'),
        show('home.GridProfile'),
        show(
          'home.ShowEventlog',
          events >= 0 && h('span', { class: 'badge text-bg-danger ms-2' }, String(events)),
        ),
      ),
    ),
  );
}

/** The live view's content once the list came, if this paint can say all it holds. */
export function liveHtml(context: LiveContext, state: LiveState | undefined): string {
  const { t } = context;
  const { radio_problem, time_sync, pin_mapping_issue, default_password } = state?.hints ?? {};
  if (!state?.inverters.length || radio_problem || time_sync || pin_mapping_issue) return '';
  const inverters = byOrder(state.inverters);
  const states = inverters.map((inverter) => inverterState(inverter, context.clock?.night));
  const rows = inverters.map((inverter, i) => ({
    inverter,
    word: t(STATE_TEXT[states[i]!] as FirstPaintKey),
  }));
  const index = Math.max(
    0,
    inverters.findIndex((inverter) => inverter.serial === context.wanted),
  );
  const many = inverters.length > 1;
  return (
    (default_password ? passwordHint(context) : '') +
    (state.total ? totalsHtml(context, state.total) : '') +
    h(
      'div',
      { class: 'row g-3' },
      many &&
        h(
          'div',
          { class: 'col-lg-3 col-xl-2' },
          h(
            'a',
            { href: `${context.base}/overview`, class: 'btn btn-outline-primary btn-sm mb-2' },
            esc(t('menu.Overview')),
          ),
          pillsHtml(context, rows, states, inverters[index]!.serial),
        ),
      h(
        'div',
        { class: many ? 'col-lg-9 col-xl-10' : 'col-12' },
        inverterHtml(context, rows[index]!, states[index]!),
      ),
    )
  );
}
