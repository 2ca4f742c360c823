import type { DuplicateSerial } from '@opendtu/api';
import { Alert } from '../../components/api-alert';
import { useI18n } from '../../i18n/i18n-provider';

/** "garage and roof" in the language shown (Intl falls back to English for a pack's code). */
function listOf(locale: string, names: string[]): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  } catch {
    return new Intl.ListFormat('en', { type: 'conjunction' }).format(names);
  }
}

/**
 * Inverters registered on two or more DTUs: each polls it, their radio requests collide,
 * and the plant would count its values twice. Only the owner can fix it (remove it from
 * all but one), so the page says so plainly.
 */
export function PlantDuplicates({ duplicates }: { duplicates: DuplicateSerial[] }) {
  const { t, locale } = useI18n();
  if (duplicates.length === 0) return null;
  return (
    <Alert variant="warning" className="mb-4">
      <strong>{t('plant.DuplicatesTitle')}</strong>
      <ul className="mb-1 mt-1">
        {duplicates.map(({ serial, devices }) => (
          <li key={serial} data-serial={serial}>
            {t('plant.Duplicate', { serial, devices: listOf(locale, devices) })}
          </li>
        ))}
      </ul>
      {t('plant.DuplicatesHint')}
    </Alert>
  );
}
