import { TranslateIcon } from '../components/icons';
import { useI18n } from '../i18n/i18n-provider';

/** Built-in languages plus the packs the device offers (spec §2, §3). */
export function LanguageSwitcher() {
  const { t, locale, languages, setLocale } = useI18n();
  return (
    <div className="d-flex align-items-center gap-2 text-body-secondary">
      <TranslateIcon />
      {/* A pack's name is the device's text: however long, it must not push the menu aside. */}
      <select
        className="form-select form-select-sm"
        style={{ maxWidth: '12rem' }}
        aria-label={t('localeswitcher.Language')}
        value={locale}
        onChange={(event) => setLocale(event.target.value)}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
