import type { ApiResponse, InverterEditRequest, InverterListEntry } from '@opendtu/api';
import { useId, useState, type FormEvent } from 'react';
import { ApiAlert } from '../../components/api-alert';
import { Modal } from '../../components/modal';
import { Tabs } from '../../components/tabs';
import { useI18n } from '../../i18n/i18n-provider';
import { AdvancedTab, GeneralTab, StringTab, type TabProps } from './edit-inverter-tabs';
import { hasErrors, toEditRequest, validateInverter, type InverterErrors } from './rules';

/**
 * Every setting of one inverter in three tabs. Save checks the rules first (a tab with a
 * problem says so in its title); a refused save keeps the dialog and what was typed, with
 * the device's answer inside.
 */
export function EditInverterDialog({
  inverter,
  onSave,
  onClose,
}: {
  inverter: InverterListEntry;
  onSave: (request: InverterEditRequest) => Promise<ApiResponse | undefined>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const formId = useId();
  const [values, setValues] = useState<InverterListEntry>(() => ({
    ...inverter,
    serial: inverter.serial.toUpperCase(),
    channel: inverter.channel.map((channel) => ({ ...channel })),
  }));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [answer, setAnswer] = useState<ApiResponse>();
  const errors = validateInverter(t, values);
  const shown: InverterErrors | undefined = tried ? errors : undefined;

  const props: TabProps = {
    values,
    errors: shown,
    set: (key, value) => setValues((previous) => ({ ...previous, [key]: value })),
  };

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setTried(true);
    if (hasErrors(errors)) return;
    setSaving(true);
    const response = await onSave(toEditRequest(values));
    setSaving(false);
    if (response && response.type !== 'success') setAnswer(response);
  }

  const title = (label: string, bad: boolean) =>
    bad ? (
      <>
        {label} <span className="badge text-bg-danger">!</span>
        <span className="visually-hidden"> ({t('inverteradmin.HasErrors')})</span>
      </>
    ) : (
      label
    );
  const generalBad = !!(shown?.serial || shown?.name);
  const stringBad = !!shown?.channel.some((item) => Object.values(item).some(Boolean));
  const advancedBad = !!shown?.reachable_threshold;

  return (
    <Modal
      open
      size="lg"
      title={`${t('inverteradmin.EditInverter')}: ${inverter.name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('base.Cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
            {saving && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('base.Save')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        {answer && <ApiAlert response={answer} onClose={() => setAnswer(undefined)} />}
        <Tabs
          label={t('inverteradmin.EditInverter')}
          tabs={[
            {
              key: 'general',
              label: title(t('inverterchannelinfo.General'), generalBad),
              content: <GeneralTab {...props} />,
            },
            {
              key: 'string',
              label: title(t('inverteradmin.String'), stringBad),
              content: <StringTab {...props} />,
            },
            {
              key: 'advanced',
              label: title(t('inverteradmin.Advanced'), advancedBad),
              content: <AdvancedTab {...props} />,
            },
          ]}
        />
      </form>
    </Modal>
  );
}
