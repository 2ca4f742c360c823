import type { LOG_LEVELS } from '@opendtu/api';
import { type LoggingConfig } from '@opendtu/api';
import { useCapabilities } from '../../../api/firmware';
import { getLoggingConfig, postLoggingConfig } from '../../../api/logging';
import { Alert } from '../../../components/api-alert';
import { SelectField } from '../../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../../components/form/form-layout';
import { useConfigForm } from '../../../components/form/use-config-form';
import { PageFrame } from '../../../components/page-frame';
import { useI18n } from '../../../i18n/i18n-provider';

/** Logging levels (firmware v25.5.10 on): the default, and one per module the device lists. */
export function LoggingSettingsPage() {
  const { t } = useI18n();
  const logging = useCapabilities()?.logging;
  const title = t('menu.LoggingSettings');
  if (logging === false) {
    return (
      <PageFrame title={title}>
        <Alert variant="info">{t('loggingadmin.NotAvailable')}</Alert>
      </PageFrame>
    );
  }
  return logging ? <LoggingForm title={title} /> : <PageFrame title={title} isLoading />;
}

/** The names of LOG_LEVELS, in its order (whole keys: the build writes them as indexes). */
const LEVEL_KEYS = [
  'loggingadmin.log_inherit',
  'loggingadmin.log_none',
  'loggingadmin.log_error',
  'loggingadmin.log_warn',
  'loggingadmin.log_info',
  'loggingadmin.log_debug',
  'loggingadmin.log_verbose',
] as const satisfies readonly `loggingadmin.log_${(typeof LOG_LEVELS)[number]}`[];

function LoggingForm({ title }: { title: string }) {
  const { t } = useI18n();
  const form = useConfigForm<LoggingConfig>({ load: getLoggingConfig, save: postLoggingConfig });
  const levels = LEVEL_KEYS.map((key, index) => ({ value: index - 1, label: t(key) }));
  return (
    <PageFrame title={title} isLoading={form.isLoading}>
      {form.values && (
        <ConfigFormBody form={form}>
          <FormCard title={t('loggingadmin.LogLevel')}>
            <SelectField
              {...form.number('loglevel.default')}
              label={t('loggingadmin.DefaultLevel')}
              options={levels.slice(1)}
            />
            {form.values.loglevel.modules.map((module, index) => (
              <SelectField
                key={module.name}
                {...form.number(`loglevel.modules.${index}.level`)}
                label={<code>{module.name}</code>}
                options={levels}
              />
            ))}
          </FormCard>
        </ConfigFormBody>
      )}
    </PageFrame>
  );
}
