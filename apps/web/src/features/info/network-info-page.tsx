import { signalQuality } from '@opendtu/api';
import { useCallback } from 'react';
import { getNetworkStatus } from '../../api/network';
import { useApiData } from '../../api/use-api-data';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { formatPercent } from '../../lib/format';
import { InfoCard, InfoRow, StateBadge } from './info-card';

/** Wi-Fi station, admin access point and the active interface (contract §3.1). */
export function NetworkInfoPage() {
  const { t, locale } = useI18n();
  const load = useCallback((signal: AbortSignal) => getNetworkStatus({ signal }), []);
  const { data: status, isLoading, reload } = useApiData(load);
  const enabled = (on: boolean) => (
    <StateBadge on={on} onText={t('wifistationinfo.Enabled')} offText={t('wifistationinfo.Disabled')} />
  );
  return (
    <PageFrame title={t('networkinfo.NetworkInformation')} isLoading={isLoading && !status} onReload={reload}>
      {status && (
        <>
          <InfoCard title={t('wifistationinfo.WifiStationInfo')}>
            <InfoRow label={t('wifistationinfo.Status')}>{enabled(status.sta_status)}</InfoRow>
            <InfoRow label={t('wifistationinfo.Ssid')}>{status.sta_ssid}</InfoRow>
            <InfoRow label={t('wifistationinfo.Bssid')}>{status.sta_bssid}</InfoRow>
            {/* Without a connection the device reports 0 dBm, which is no reading at all. */}
            <InfoRow label={t('wifistationinfo.Quality')}>
              {status.sta_status ? formatPercent(locale, signalQuality(status.sta_rssi)) : '–'}
            </InfoRow>
            <InfoRow label={t('wifistationinfo.Rssi')}>
              {status.sta_status ? `${status.sta_rssi} dBm` : '–'}
            </InfoRow>
          </InfoCard>
          <InfoCard title={t('wifiapinfo.WifiApInfo')}>
            <InfoRow label={t('wifiapinfo.Status')}>{enabled(status.ap_status)}</InfoRow>
            <InfoRow label={t('wifiapinfo.Ssid')}>{status.ap_ssid}</InfoRow>
            <InfoRow label={t('wifiapinfo.Stations')}>{status.ap_stationnum}</InfoRow>
          </InfoCard>
          <InfoCard title={t('interfacenetworkinfo.NetworkInterface', { iface: status.network_mode })}>
            <InfoRow label={t('interfacenetworkinfo.Mode')}>{status.network_mode}</InfoRow>
            <InfoRow label={t('interfacenetworkinfo.Hostname')}>{status.network_hostname}</InfoRow>
            <InfoRow label={t('interfacenetworkinfo.IpAddress')}>{status.network_ip}</InfoRow>
            <InfoRow label={t('interfacenetworkinfo.Netmask')}>{status.network_netmask}</InfoRow>
            <InfoRow label={t('interfacenetworkinfo.DefaultGateway')}>{status.network_gateway}</InfoRow>
            <InfoRow label={t('interfacenetworkinfo.Dns', { num: 1 })}>{status.network_dns1}</InfoRow>
            <InfoRow label={t('interfacenetworkinfo.Dns', { num: 2 })}>{status.network_dns2}</InfoRow>
            <InfoRow label={t('interfacenetworkinfo.MacAddress')}>{status.network_mac}</InfoRow>
          </InfoCard>
          <InfoCard title={t('interfaceapinfo.NetworkInterface')}>
            <InfoRow label={t('interfaceapinfo.IpAddress')}>{status.ap_ip}</InfoRow>
            <InfoRow label={t('interfaceapinfo.MacAddress')}>{status.ap_mac}</InfoRow>
          </InfoCard>
        </>
      )}
    </PageFrame>
  );
}
