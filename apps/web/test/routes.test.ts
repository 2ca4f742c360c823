import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../src/app/route-table';
import { ROUTES, safeReturnUrl } from '../src/lib/route-paths';

import indexHtml from '../index.html?raw';

describe('route roots', () => {
  it("index.html's boot script knows exactly the first segments of the routes", () => {
    const match = /var roots = '([^']*)'/.exec(indexHtml);
    expect(match).not.toBeNull();
    const inHtml = match![1]!.split('|').sort();
    const inRoutes = [
      ...new Set(
        Object.values(ROUTES)
          .map((path) => path.split('/')[1])
          .filter(Boolean),
      ),
    ].sort();
    expect(inHtml).toEqual(inRoutes);
  });

  it('every route has a screen', () => {
    expect(Object.keys(ROUTE_TABLE).sort()).toEqual(Object.values(ROUTES).sort());
  });
});

describe('safeReturnUrl', () => {
  it('follows paths inside the app only', () => {
    expect(safeReturnUrl('/settings/ntp?x=1')).toBe('/settings/ntp?x=1');
    expect(safeReturnUrl('//evil.example/')).toBe('/');
    expect(safeReturnUrl('https://evil.example/')).toBe('/');
    expect(safeReturnUrl(null)).toBe('/');
  });
});
