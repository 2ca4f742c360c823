// The shapes of the app's icons on their 16x16 grid, drawn for this app: React draws them
// (components/icons.tsx) and so does the first paint in index.html (boot/icons.ts), from
// this one list, so the two never differ.

/** A line of an icon: its path, its width and, if not the text's, its colour. */
export type Stroke = readonly [d: string, width: number, colour?: string];

/** An icon's parts: filled paths (`d` strings) and lines. */
export type Shape = readonly (string | Stroke)[];

export const SHAPES = {
  sun: [
    'M8 4.8a3.2 3.2 0 1 0 0 6.4 3.2 3.2 0 1 0 0-6.4Z',
    [
      'M8 .8v2.4M8 12.8v2.4M.8 8h2.4M12.8 8h2.4M2.9 2.9l1.7 1.7M11.4 11.4l1.7 1.7M2.9 13.1l1.7-1.7M11.4 4.6l1.7-1.7',
      1.4,
    ],
  ],
  moon: ['M6.2 1.1a6.9 6.9 0 1 0 8.7 8.7A5.6 5.6 0 0 1 6.2 1.1Z'],
  auto: ['M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 1.5v11a5.5 5.5 0 0 1 0-11Z'],
  tree: ['M8 .5 4.2 5.6h2L3 9.8h2.4L2 14h5v1.5h2V14h5l-3.4-4.2H13L9.8 5.6h2Z'],
  egg: [
    'M8 .8C5 .8 2.5 5.6 2.5 9.4A5.5 5.5 0 0 0 8 15.2a5.5 5.5 0 0 0 5.5-5.8C13.5 5.6 11 .8 8 .8Z',
    ['M3 8.6 5 7.4l2 1.4 2-1.4 2 1.4 2-1.2', 1, 'var(--bs-body-bg)'],
  ],
  reload: [['M13.2 8.6A5.3 5.3 0 1 1 11.6 4', 1.6], 'M9.4 1.4h4.4v4.4Z'],
  translate: [
    [
      'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 0c-2 2-2.8 4.3-2.8 7S6 13 8 15m0-14c2 2 2.8 4.3 2.8 7S10 13 8 15M1.3 6h13.4M1.3 10h13.4',
      1.2,
    ],
  ],
} as const satisfies Record<string, Shape>;
