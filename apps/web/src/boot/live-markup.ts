// The live view's content as React first renders it (features/live/live-page.tsx and its
// parts): hints, totals, the inverter list and the selected inverter's header and toolbar.
// What it leaves out comes with the app below what it shows, never moving it: the channel
// cards, the day's chart, notes (a wait, a login needed), texts and attributes for screen
// readers. A device with a hint other than its factory password (rare, and long texts in
// three languages) or without inverters gets no content here at all. An e2e test holds the
// boxes of this markup equal to those of React's first render (e2e/tests/first-paint.spec.ts).
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
import { esc, SPLIT } from './html';

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

const totalsHtml = ({ t, locale }: LiveContext, total: LiveTotal): string =>
  '<div class="row row-cols-1 row-cols-sm-3 g-2 g-sm-3 mb-3 text-sm-center" data-live-totals="">' +
  (
    [
      ['TotalYieldTotal', 'inverterchannelproperty.YieldTotal', total.YieldTotal],
      ['TotalYieldDay', 'inverterchannelproperty.YieldDay', total.YieldDay],
      ['TotalPower', 'invertertotalinfo.TotalPower', total.Power],
    ] as const
  )
    .map(
      ([name, key, value]) =>
        '<div class="col"><div class="card h-100"><div class="card-body py-2 d-flex d-sm-block justify-content-between align-items-baseline">' +
        `<h2 class="h6 card-title text-body-secondary mb-0 mb-sm-1">${esc(t(key))}</h2>` +
        `<p class="fs-5 fw-semibold mb-0" data-total="${name}">${esc(formatValue(locale, value))}</p></div></div></div>`,
    )
    .join('') +
  '</div>';

const hasWeakString = (inverter: LiveInverterCommon) =>
  isLiveInverterFull(inverter) && weakStrings(inverter.DC).length > 0;

const acPower = (inverter: LiveInverterCommon) =>
  isLiveInverterFull(inverter) ? inverter.AC['0']?.Power : undefined;

interface Row {
  inverter: LiveInverter;
  state: InverterState;
  /** The state's word. */
  word: string;
}

/** components/state-badge.tsx; `wide` spells the state out. */
function badgeHtml({ locale }: LiveContext, { inverter, state, word }: Row, wide: boolean): string {
  const power = acPower(inverter);
  return (
    `<span class="badge ${STATE_BADGE[state]}${wide ? ' text-wrap' : ''}" data-state="${state}">` +
    `<span aria-hidden="true">${STATE_GLYPH[state]}${SPLIT} </span>` +
    (wide ? esc(word) : `<span class="visually-hidden">${esc(word)}</span>`) +
    (power ? [wide ? ' · ' : ' ', formatNumber(locale, power.v, 0), ' ', esc(power.u)].join(SPLIT) : '') +
    '</span>'
  );
}

/** features/live/inverter-pills.tsx: a selector on a phone, pills beside the data from lg on. */
function pillsHtml(context: LiveContext, rows: Row[], selected: string): string {
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
  return (
    '<div class="d-lg-none"><select class="form-select">' +
    rows
      .map(
        (row) =>
          `<option value="${row.inverter.serial}"${row.inverter.serial === selected ? ' selected' : ''}>${esc(option(row))}</option>`,
      )
      .join('') +
    '</select></div><div class="nav nav-pills flex-column d-none d-lg-flex gap-1">' +
    rows
      .map(
        (row) =>
          `<button class="nav-link text-start d-flex flex-column align-items-start gap-1${row.inverter.serial === selected ? ' active' : ''}">` +
          `${badgeHtml(context, row, false)}<span class="text-break">${esc(row.inverter.name)}` +
          (hasWeakString(row.inverter) ? `${SPLIT}<span> <span aria-hidden="true">⚠</span></span>` : '') +
          '</span></button>',
      )
      .join('') +
    '</div>'
  );
}

/** features/live/inverter-view.tsx: the header and toolbar; the channels come with the app. */
function inverterHtml(context: LiveContext, row: Row): string {
  const { t, locale, clock, now, loggedIn } = context;
  const { inverter } = row;
  const age = dataAgeSeconds(inverter, now);
  const taken = dataTakenAt(inverter).getTime();
  const takenAt = clock ? formatDateTime(locale, taken + clock.offset, 'UTC') : formatDateTime(locale, taken);
  const events = isLiveInverterFull(inverter) ? inverter.events : -1;
  // Whole class names, so the build finds the rules they need.
  const button = (key: FirstPaintKey, primary: boolean, after = '') =>
    `<button class="btn ${primary ? 'btn-primary' : 'btn-outline-primary'}"${primary && !loggedIn ? ' disabled' : ''}>${esc(t(key))}${after}</button>`;
  return (
    '<section class="card"><div class="card-header d-flex flex-wrap align-items-center column-gap-3 row-gap-1">' +
    `<h2 class="h5 mb-0 me-auto d-flex flex-wrap align-items-center gap-2">${badgeHtml(context, row, true)}` +
    `<span class="text-break">${esc(inverter.name)}</span></h2>` +
    `<small>${esc(t('home.SerialNumber'))}${SPLIT} <span class="font-monospace">${esc(inverter.serial)}</span></small>` +
    `<small>${esc(t('home.CurrentLimit'))}${SPLIT} <span>${esc(formatLimit(locale, inverter))}</span></small><small></small>` +
    `<small data-age="">${esc(t('dataagedisplay.Ago', { age: formatDuration(locale, age) }))}` +
    (age > ABSOLUTE_TIME_AFTER_S ? `${SPLIT}${esc(` (${takenAt})`)}` : '') +
    '</small></div><div class="card-body"><div class="btn-toolbar gap-2 mb-3">' +
    `<span>${button('home.ShowSetInverterLimit', true)}</span><span>${button('home.TurnOnOff', true)}</span>` +
    button('Error.Details', false) +
    button('home.GridProfile', false) +
    button(
      'home.ShowEventlog',
      false,
      events >= 0 ? `<span class="badge text-bg-danger ms-2">${events}</span>` : '',
    ) +
    '</div></div></section>'
  );
}

/** The live view's content once the list came, if this paint can say all it holds. */
export function liveHtml(context: LiveContext, live: LiveState | undefined): string {
  const { t } = context;
  const { radio_problem, time_sync, pin_mapping_issue, default_password } = live?.hints ?? {};
  if (!live?.inverters.length || radio_problem || time_sync || pin_mapping_issue) return '';
  const rows = byOrder(live.inverters).map((inverter): Row => {
    const state = inverterState(inverter, context.clock?.night);
    return { inverter, state, word: t(STATE_TEXT[state] as FirstPaintKey) };
  });
  const shown = rows.find((row) => row.inverter.serial === context.wanted) ?? rows[0]!;
  const many = rows.length > 1;
  return (
    (default_password
      ? `<div class="alert alert-danger ">${esc(t('hints.DefaultPassword'))}${SPLIT} ` +
        `<a href="${context.base}/settings/security" class="alert-link">${esc(t('hints.DefaultPasswordLink'))}</a></div>`
      : '') +
    (live.total ? totalsHtml(context, live.total) : '') +
    '<div class="row g-3">' +
    (many
      ? '<div class="col-lg-3 col-xl-2">' +
        `<a href="${context.base}/overview" class="btn btn-outline-primary btn-sm mb-2">${esc(t('menu.Overview'))}</a>` +
        `${pillsHtml(context, rows, shown.inverter.serial)}</div>`
      : '') +
    `<div class="${many ? 'col-lg-9 col-xl-10' : 'col-12'}">${inverterHtml(context, shown)}</div></div>`
  );
}
