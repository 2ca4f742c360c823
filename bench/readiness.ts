/**
 * When a page counts as ready, defined without knowing the bundle's DOM, so any six-file
 * bundle (ours, the original firmware's) is measured by the same rule:
 *
 * - live totals on screen: an element with `data-live-totals` exists (our live view sets
 *   it once live data has arrived), or the page's visible text (`innerText`) contains the
 *   device's current total power as GET /api/livedata/status reports it (`total.Power.v`
 *   with `d` decimals; any decimal mark and digit grouping a locale uses);
 * - interactive settings form: an enabled, visible text input holds the hostname that
 *   GET /api/network/config reports;
 * - system information: the page's visible text contains the host name GET
 *   /api/system/status reports (the pattern expanded, e.g. OpenDTU-CA10F4).
 *
 * The probe runs inside the page from document start and checks the one condition of the
 * screen being loaded after every DOM change (at most once per animation frame) and, for
 * the form, whose values need not show in the DOM, also every 50 ms. It stores
 * performance.now(), the milliseconds since navigation started, the first time the
 * condition holds, and then stops. It also records the first contentful paint
 * (`window.__benchReady.paint`, from the browser's paint timing) whatever the page shows.
 */

export type ReadyKind = 'liveTotals' | 'settingsForm' | 'systemInfo';

export interface ReadinessTargets {
  /** Source of a RegExp matching the total power as text (see totalPowerPattern). */
  powerPattern: string;
  hostname: string;
  /** The host name as status pages show it. */
  systemHostname: string;
}

/** Separators locales put between digit groups: comma, dot, (narrow) no-break space, apostrophe. */
const GROUP = "[,.\\u00a0\\u202f' ]?";

/**
 * A RegExp source matching `value` shown with `decimals` fraction digits in any common
 * locale: 12345.6 matches "12345.6", "12,345.6", "12.345,6" and "12 345,6", but not
 * "112345.6" or "12345.67".
 */
export function totalPowerPattern(value: number, decimals: number): string {
  const [integer = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const groups: string[] = [];
  for (let end = integer.length; end > 0; end -= 3) groups.unshift(integer.slice(Math.max(0, end - 3), end));
  const sign = value < 0 ? '[-\\u2212]' : '';
  return `(?<![\\d.,])${sign}${groups.join(GROUP)}${fraction ? `[.,]${fraction}` : ''}(?!\\d)`;
}

/**
 * The probe as page script source (a string, so the bundler that runs this file cannot
 * add helpers the page does not have). Results land in `window.__benchReady`.
 */
export function readinessProbe(kind: ReadyKind, targets: ReadinessTargets): string {
  return `(${PROBE})(${JSON.stringify({ kind, ...targets })});`;
}

const PROBE = `function (targets) {
  var ready = (window.__benchReady = {});
  var power = new RegExp(targets.powerPattern);
  function liveTotals() {
    if (document.querySelector('[data-live-totals]')) return true;
    return !!document.body && power.test(document.body.innerText);
  }
  function settingsForm() {
    var inputs = document.querySelectorAll('input');
    for (var i = 0; i < inputs.length; i += 1) {
      var input = inputs[i];
      if ((input.type === 'text' || input.type === '') && input.matches(':enabled') && !input.readOnly &&
          input.value === targets.hostname && input.getClientRects().length > 0) return true;
    }
    return false;
  }
  function systemInfo() {
    return !!document.body && document.body.innerText.indexOf(targets.systemHostname) >= 0;
  }
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        if (entry.name === 'first-contentful-paint' && ready.paint === undefined) ready.paint = entry.startTime;
      });
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {}
  var condition = { liveTotals: liveTotals, settingsForm: settingsForm, systemInfo: systemInfo }[targets.kind];
  var observer = new MutationObserver(schedule);
  var timer = targets.kind === 'settingsForm' ? setInterval(check, 50) : undefined;
  function check() {
    if (ready[targets.kind] !== undefined || !condition()) return;
    ready[targets.kind] = performance.now();
    observer.disconnect();
    clearInterval(timer);
  }
  var scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(function () { scheduled = false; check(); });
  }
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}`;
