// The app's icons (components/icons.tsx) as the first paint writes them; a unit test holds
// them equal to what React renders from the components.
import type { BrandIcon } from '../lib/holidays';

const stroke = (width: string) => `fill="none" stroke="currentColor" stroke-width="${width}"`;

const SHAPES = {
  sun: '<circle cx="8" cy="8" r="3.2"></circle><path d="M8 .8v2.4M8 12.8v2.4M.8 8h2.4M12.8 8h2.4M2.9 2.9l1.7 1.7M11.4 11.4l1.7 1.7M2.9 13.1l1.7-1.7M11.4 4.6l1.7-1.7" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"></path>',
  moon: '<path d="M6.2 1.1a6.9 6.9 0 1 0 8.7 8.7A5.6 5.6 0 0 1 6.2 1.1Z"></path>',
  auto: '<path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 1.5v11a5.5 5.5 0 0 1 0-11Z"></path>',
  tree: '<path d="M8 .5 4.2 5.6h2L3 9.8h2.4L2 14h5v1.5h2V14h5l-3.4-4.2H13L9.8 5.6h2Z"></path>',
  egg:
    '<path d="M8 .8C5 .8 2.5 5.6 2.5 9.4A5.5 5.5 0 0 0 8 15.2a5.5 5.5 0 0 0 5.5-5.8C13.5 5.6 11 .8 8 .8Z"></path>' +
    '<path d="M3 8.6 5 7.4l2 1.4 2-1.4 2 1.4 2-1.2" stroke="var(--bs-body-bg)" stroke-width="1" fill="none"></path>',
  reload: `<path d="M13.2 8.6A5.3 5.3 0 1 1 11.6 4" ${stroke('1.6')} stroke-linecap="round"></path><path d="M9.4 1.4h4.4v4.4Z"></path>`,
  translate: `<path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 0c-2 2-2.8 4.3-2.8 7S6 13 8 15m0-14c2 2 2.8 4.3 2.8 7S10 13 8 15M1.3 6h13.4M1.3 10h13.4" ${stroke('1.2')}></path>`,
};

export type IconName = keyof typeof SHAPES;

/** The 16x16 frame of components/icons.tsx with the icon's shapes; `attributes` are added. */
export const icon = (name: IconName, attributes = 'width="1em" height="1em"'): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${attributes} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">${SHAPES[name]}</svg>`;

/** The brand icon of the day (app/brand-icon.tsx). */
export const brandIcon = (name: BrandIcon): string =>
  icon(name, `width="1.4em" height="1.4em" class="brand-icon me-2" data-icon="${name}"`);
