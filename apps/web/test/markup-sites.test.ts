// Every screen that shows a text which may carry markup formats it with tm(): the keys
// whose community-pack texts use markup (hints and About), and any key whose en/de/fr text
// does. A plain t() there would show the tags as text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import de from '../src/i18n/de.json';
import en from '../src/i18n/en.json';
import fr from '../src/i18n/fr.json';
import { leafKeys, lookup } from '../src/i18n/runtime';

const PACK_MARKUP_KEYS = [
  'home.LimitHint',
  'devinfo.UnknownModel',
  'gridprofile.GridprofileSupportLong',
  'maintenancereboot.RebootHint',
  'securityadmin.PasswordHint',
  'ntpadmin.SynchronizeTimeHint',
  'networkadmin.HostnameHint',
  'inverteradmin.AddHint',
  'inverteradmin.StatusHint',
  'fileadmin.RestoreHint',
  'fileadmin.ResetHint',
  'deviceadmin.ProfileHint',
  'hints.PinMappingIssue',
];

function sources(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : /\.tsx?$/.test(entry.name)
          ? readFileSync(join(dir, entry.name), 'utf8')
          : '',
    )
    .join('\n');
}

describe('texts with markup', () => {
  const code = sources(join(import.meta.dirname, '../src'));
  const ours = [en, de, fr].flatMap((tree) =>
    leafKeys(tree).filter((key) => /<[a-z/]/i.test(lookup(tree, key)!)),
  );

  it.each([...new Set([...PACK_MARKUP_KEYS, ...ours])])('%s is shown with tm()', (key) => {
    // The About page names its keys by section: `tm(`about.${body}`)`.
    const group = key.split('.')[0]!;
    expect(code).toContain(group === 'about' ? 'tm(`about.${body}`)' : `tm('${key}'`);
    expect(code).not.toMatch(new RegExp(`\\bt\\('${key.replace('.', '\\.')}'`));
  });
});
