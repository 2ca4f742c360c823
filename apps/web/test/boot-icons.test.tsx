// The icons the first paint writes into index.html are the ones React renders a moment
// later: the same elements with the same attributes, so the take-over moves nothing.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { brandIcon, icon, type IconName } from '../src/boot/icons';
import { BrandIcon } from '../src/app/brand-icon';
import {
  AutoThemeIcon,
  EggIcon,
  MoonIcon,
  ReloadIcon,
  SunIcon,
  TranslateIcon,
  TreeIcon,
} from '../src/components/icons';

const REACT: Record<IconName, () => React.JSX.Element> = {
  sun: () => <SunIcon />,
  moon: () => <MoonIcon />,
  auto: () => <AutoThemeIcon />,
  tree: () => <TreeIcon />,
  egg: () => <EggIcon />,
  reload: () => <ReloadIcon />,
  translate: () => <TranslateIcon />,
};

/** Markup as the browser reads it: each element with its attributes, in any order. */
const parsed = (html: string): unknown => {
  const box = document.createElement('div');
  box.innerHTML = html;
  const tree = (element: Element): unknown => ({
    tag: element.tagName,
    attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]).sort()),
    children: [...element.children].map(tree),
  });
  return [...box.children].map(tree);
};

describe("the first paint's icons", () => {
  it.each(Object.keys(REACT) as IconName[])('%s is what React renders', (name) => {
    expect(parsed(icon(name))).toEqual(parsed(renderToStaticMarkup(REACT[name]())));
  });

  it.each(['2026-06-21T12:00:00', '2026-12-24T12:00:00', '2027-03-28T12:00:00'])(
    "the brand icon of %s is the navbar's",
    (day) => {
      vi.useFakeTimers({ now: new Date(day) });
      try {
        const markup = renderToStaticMarkup(<BrandIcon />);
        const name = /data-icon="(\w+)"/.exec(markup)![1] as 'sun' | 'tree' | 'egg';
        expect(parsed(brandIcon(name))).toEqual(parsed(markup));
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
