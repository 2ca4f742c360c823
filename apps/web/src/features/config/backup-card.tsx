import { getFile } from '../../api/file';
import { Card } from '../../components/card';
import { useI18n } from '../../i18n/i18n-provider';
import { saveBlob } from '../../lib/download';

/** Download of the current config.json, the backup a restore takes back (spec §2). */
export function BackupCard() {
  const { t } = useI18n();
  const backup = () => void getFile('config.json').then((blob) => saveBlob(blob, 'config.json'));
  return (
    <Card title={t('fileadmin.BackupHeader')}>
      <p>{t('fileadmin.BackupHint')}</p>
      <button type="button" className="btn btn-primary" onClick={backup}>
        {t('fileadmin.BackupButton')}
      </button>
    </Card>
  );
}
