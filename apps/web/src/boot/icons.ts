// The app's icons as the first paint writes them, from the shapes React draws too
// (lib/icon-shapes.ts); a unit test holds them equal to what React renders.
import type { BrandIcon } from '../lib/holidays';
import { SHAPES, type Shape } from '../lib/icon-shapes';

/** An icon's parts as React writes them (components/icons.tsx). */
const parts = (shape: Shape): string =>
  shape
    .map((part) =>
      typeof part === 'string'
        ? `<path d="${part}"></path>`
        : `<path d="${part[0]}" fill="none" stroke="${part[2] ?? 'currentColor'}" stroke-width="${part[1]}" stroke-linecap="round"></path>`,
    )
    .join('');

export type IconName = keyof typeof SHAPES;

/** The 16x16 frame of components/icons.tsx with the icon's shapes; `attributes` are added. */
export const icon = (name: IconName, attributes = 'width="1em" height="1em"'): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${attributes} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">${parts(SHAPES[name])}</svg>`;

/** The brand icon of the day (app/brand-icon.tsx). */
export const brandIcon = (name: BrandIcon): string =>
  icon(name, `width="1.4em" height="1.4em" class="brand-icon me-2" data-icon="${name}"`);
