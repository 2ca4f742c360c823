import type { NetworkConfig } from '@opendtu/api';
import { useCallback } from 'react';
import { getNetworkConfig, getNetworkStatus, postNetworkConfig } from '../../../api/network';
import { useApiData } from '../../../api/use-api-data';
import { NumberField, SwitchField, TextField } from '../../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../../components/form/form-layout';
import { useConfigForm, type FormErrors } from '../../../components/form/use-config-form';
import { PageFrame } from '../../../components/page-frame';
import { useI18n } from '../../../i18n/i18n-provider';
import { firstError, ipAddress, isIpv4, lengthBetween, numberBetween } from '../../../lib/validate';

const ADDRESSES = ['ipaddress', 'netmask', 'gateway', 'dns1', 'dns2'] as const;

/** The settings with the syslog keys as bindable; they exist only from v25.5.10, and only then does their card show. */
type NetworkForm = Required<NetworkConfig>;

const loadConfig = () => getNetworkConfig() as Promise<NetworkForm>;
const loadStatus = () => getNetworkStatus();

/**
 * While DHCP is on the static addresses are unused and hidden, but the device still
 * checks them; an unfinished entry left behind is sent as "no address".
 */
function saveConfig(values: NetworkForm) {
  const sent = { ...values };
  if (sent.dhcp) for (const key of ADDRESSES) if (!isIpv4(sent[key])) sent[key] = '0.0.0.0';
  return postNetworkConfig(sent);
}

/** Network settings (spec "Other settings", contract §3.2-3.3). */
export function NetworkSettingsPage() {
  const { t, tm } = useI18n();
  // The effective host name shows what the %06X pattern becomes; the mode decides
  // whether the device insists on an SSID (it does only as a Wi-Fi station).
  const { data: status } = useApiData(loadStatus);
  const ethernet = status?.network_mode === 'Ethernet';
  const validate = useCallback(
    (values: NetworkForm): FormErrors<NetworkForm> => {
      const errors: FormErrors<NetworkForm> = {
        ssid: lengthBetween(t, values.ssid, ethernet ? 0 : 1, 32, true),
        password: lengthBetween(t, values.password, 0, 64, true),
        hostname: lengthBetween(t, values.hostname, 1, 32, true),
        aptimeout: numberBetween(t, values.aptimeout, 0, 99999),
      };
      if (!values.dhcp) {
        for (const key of ADDRESSES)
          errors[key] = firstError(lengthBetween(t, values[key], 1, 32), ipAddress(t, values[key]));
      }
      if (values.syslogenabled) {
        errors.sysloghostname = lengthBetween(t, values.sysloghostname, 1, 128, true);
        errors.syslogport = numberBetween(t, values.syslogport, 1, 65535);
      }
      return errors;
    },
    [t, ethernet],
  );
  const form = useConfigForm<NetworkForm>({ load: loadConfig, save: saveConfig, validate });
  const values = form.values;

  return (
    <PageFrame title={t('networkadmin.NetworkSettings')} isLoading={form.isLoading}>
      {values && (
        <ConfigFormBody form={form}>
          <FormCard title={t('networkadmin.WifiConfiguration')}>
            <TextField
              {...form.text('ssid')}
              label={t('networkadmin.WifiSsid')}
              maxLength={32}
              autoComplete="off"
            />
            <TextField
              {...form.text('password')}
              type="password"
              label={t('networkadmin.WifiPassword')}
              maxLength={64}
              autoComplete="new-password"
            />
            <TextField
              {...form.text('hostname')}
              label={t('networkadmin.Hostname')}
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
              hint={
                <>
                  {tm('networkadmin.HostnameHint')}
                  {status && ` ${t('networkadmin.HostnameNow', { name: status.network_hostname })}`}
                </>
              }
            />
            <SwitchField {...form.check('dhcp')} label={t('networkadmin.EnableDhcp')} />
          </FormCard>
          {!values.dhcp && (
            <FormCard title={t('networkadmin.StaticIpConfiguration')}>
              <TextField {...address(form.text('ipaddress'))} label={t('networkadmin.IpAddress')} />
              <TextField {...address(form.text('netmask'))} label={t('networkadmin.Netmask')} />
              <TextField {...address(form.text('gateway'))} label={t('networkadmin.DefaultGateway')} />
              <TextField {...address(form.text('dns1'))} label={t('networkadmin.Dns', { num: 1 })} />
              <TextField {...address(form.text('dns2'))} label={t('networkadmin.Dns', { num: 2 })} />
            </FormCard>
          )}
          <FormCard title={t('networkadmin.MdnsSettings')}>
            <SwitchField {...form.check('mdnsenabled')} label={t('networkadmin.EnableMdns')} />
          </FormCard>
          {/* Firmware v25.5.10 on has a syslog client; older firmware sends no such keys. */}
          {values.syslogenabled !== undefined && (
            <FormCard title={t('networkadmin.SyslogSettings')}>
              <SwitchField {...form.check('syslogenabled')} label={t('networkadmin.EnableSyslog')} />
              {values.syslogenabled && (
                <>
                  <TextField
                    {...form.text('sysloghostname')}
                    label={t('networkadmin.SyslogHostname')}
                    maxLength={128}
                    autoComplete="off"
                    spellCheck={false}
                  />
                  <NumberField
                    {...form.number('syslogport')}
                    label={t('networkadmin.SyslogPort')}
                    min={1}
                    max={65535}
                  />
                </>
              )}
            </FormCard>
          )}
          <FormCard title={t('networkadmin.AdminAp')}>
            <NumberField
              {...form.number('aptimeout')}
              label={t('networkadmin.ApTimeout')}
              min={0}
              max={99999}
              unit={t('networkadmin.Minutes')}
              hint={t('networkadmin.ApTimeoutHint')}
            />
          </FormCard>
        </ConfigFormBody>
      )}
    </PageFrame>
  );
}

/** An IPv4 address entry, free of autocompletion and spelling marks. */
function address<B>(binding: B) {
  return { ...binding, maxLength: 32, autoComplete: 'off', spellCheck: false };
}
