import { AUTH_USERNAME, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type SecurityConfig } from '@opendtu/api';
import { useCallback } from 'react';
import { storeUser } from '../../../api/auth';
import { getSecurityConfig, postSecurityConfig } from '../../../api/security';
import { Alert } from '../../../components/api-alert';
import { SwitchField, TextField } from '../../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../../components/form/form-layout';
import { useConfigForm, type FormErrors } from '../../../components/form/use-config-form';
import { PageFrame } from '../../../components/page-frame';
import { useI18n } from '../../../i18n/i18n-provider';
import { lengthBetween } from '../../../lib/validate';

/** The settings plus the repeated password, which only the form knows. */
interface SecurityForm extends SecurityConfig {
  repeat: string;
}

const load = async (): Promise<SecurityForm> => {
  const config = await getSecurityConfig();
  return { ...config, repeat: config.password };
};

// Everything the device sent goes back (keys of later firmware too), but not the repeat.
const save = ({ repeat: _repeat, ...config }: SecurityForm) => postSecurityConfig(config);

/**
 * The device takes a new password with the very next request, so the stored login is
 * updated before the values are read back: the user stays logged in.
 */
const keepLoggedIn = ({ password }: SecurityForm) => storeUser(AUTH_USERNAME, password);

/** Security settings (spec "Other settings" and §5, contract §2.2-2.3). */
export function SecuritySettingsPage() {
  const { t, tm } = useI18n();
  const validate = useCallback(
    (values: SecurityForm): FormErrors<SecurityForm> => ({
      password: lengthBetween(t, values.password, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, true),
      repeat: values.repeat === values.password ? undefined : t('securityadmin.PasswordsNotEqual'),
    }),
    [t],
  );
  const form = useConfigForm<SecurityForm>({ load, save, validate, onSaved: keepLoggedIn });

  return (
    <PageFrame title={t('securityadmin.SecuritySettings')} isLoading={form.isLoading}>
      {form.values && (
        <ConfigFormBody form={form}>
          {/* Spec §5: a warning above the form; the rule keeps anything from being sent. */}
          {form.error('repeat') && <Alert variant="warning">{form.error('repeat')}</Alert>}
          <FormCard title={t('securityadmin.AdminPassword')}>
            <TextField
              {...form.text('password')}
              type="password"
              label={t('securityadmin.Password')}
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="new-password"
            />
            <TextField
              {...form.text('repeat')}
              type="password"
              label={t('securityadmin.RepeatPassword')}
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="new-password"
            />
            <p className="form-text mb-0">{tm('securityadmin.PasswordHint')}</p>
          </FormCard>
          <FormCard title={t('securityadmin.Permissions')}>
            <SwitchField
              {...form.check('allow_readonly')}
              label={t('securityadmin.ReadOnly')}
              hint={t('securityadmin.ReadOnlyHint')}
            />
          </FormCard>
        </ConfigFormBody>
      )}
    </PageFrame>
  );
}
