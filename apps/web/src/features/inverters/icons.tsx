// The inverter screen's own glyphs, drawn on the same 16x16 grid as components/icons.
import { icon } from '../../components/icons';

/** Six dots: "grab here". */
export const GripIcon = icon(
  'M5.5 3a1.25 1.25 0 1 1 0 .01ZM10.5 3a1.25 1.25 0 1 1 0 .01ZM5.5 8a1.25 1.25 0 1 1 0 .01ZM10.5 8a1.25 1.25 0 1 1 0 .01ZM5.5 13a1.25 1.25 0 1 1 0 .01ZM10.5 13a1.25 1.25 0 1 1 0 .01Z',
);

/** Data coming in from the inverter. */
export const ArrowDownIcon = icon('M7 1.5h2v8.6l3.3-3.3 1.4 1.4L8 13.9 2.3 8.2l1.4-1.4L7 10.1Z');

/** Commands going out to the inverter. */
export const ArrowUpIcon = icon('M7 14.5h2V5.9l3.3 3.3 1.4-1.4L8 2.1 2.3 7.8l1.4 1.4L7 5.9Z');

export const PencilIcon = icon('m11.3 1.3 3.4 3.4-9.4 9.4H1.9v-3.4Zm0 2.1L3.4 11.3v1.3h1.3l7.9-7.9Z');

export const TrashIcon = icon(
  'M6 1h4l.5 1.5H14V4H2V2.5h3.5ZM3 5h10l-.8 10H3.8Zm2.6 1.5.3 7h1.3l-.2-7Zm3.4 0-.2 7h1.3l.3-7Z',
);
