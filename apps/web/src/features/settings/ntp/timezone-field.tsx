import { TextField } from '../../../components/form/controls';
import { useI18n } from '../../../i18n/i18n-provider';

interface TimezoneFieldProps {
  id: string;
  /** The zone's name (ntp_timezone_descr). */
  value: string;
  /** Its POSIX rule (ntp_timezone), shown below. */
  posix: string;
  error: string | undefined;
  /** Zone name -> POSIX rule, everything that may be chosen. */
  zones: Readonly<Record<string, string>>;
  onChange: (name: string) => void;
}

/**
 * The time zone as a searchable list: typing filters the zone names (the browser's own
 * datalist, no library); the POSIX rule of the chosen name shows below.
 */
export function TimezoneField({ id, value, posix, error, zones, onChange }: TimezoneFieldProps) {
  const { t } = useI18n();
  const listId = `${id}-zones`;
  return (
    <>
      <TextField
        id={id}
        label={t('ntpadmin.Timezone')}
        value={value}
        error={error}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        hint={t('ntpadmin.TimezoneHint', { rule: posix })}
        onChange={onChange}
      />
      <datalist id={listId}>
        {Object.keys(zones).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
