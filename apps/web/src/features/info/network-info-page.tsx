import { signalQuality } from '@opendtu/api';
import { getNetworkStatus } from '../../api/network';
import { useI18n } from '../../i18n/i18n-provider';
import { formatPercent } from '../../lib/format';
import { InfoCard, InfoPage, StateBadge } from './info-card';

const load = (signal: AbortSignal) => getNetworkStatus({ signal });

/** Wi-Fi station, admin access point and the active interface (contract §3.1). */
export function NetworkInfoPage() {
  const { t, locale } = useI18n();
  const enabled = (on: boolean) => (
    <StateBadge on={on} onText={t('wifistationinfo.Enabled')} offText={t('wifistationinfo.Disabled')} />
  );
  return (
    <InfoPage title={t('networkinfo.NetworkInformation')} load={load}>
      {(status) => {
        // Without a connection the device reports 0 dBm, which is no reading at all.
        const station = status.sta_status;
        return (
          <>
            <InfoCard
              title={t('wifistationinfo.WifiStationInfo')}
              facts={[
                ['ntpinfo.Status', enabled(status.sta_status)],
                ['networkadmin.WifiSsid', status.sta_ssid],
                ['wifistationinfo.Bssid', status.sta_bssid],
                [
                  'wifistationinfo.Quality',
                  station ? formatPercent(locale, signalQuality(status.sta_rssi)) : '–',
                ],
                ['wifistationinfo.Rssi', station ? `${status.sta_rssi} dBm` : '–'],
              ]}
            />
            <InfoCard
              title={t('wifiapinfo.WifiApInfo')}
              facts={[
                ['ntpinfo.Status', enabled(status.ap_status)],
                ['networkadmin.WifiSsid', status.ap_ssid],
                ['wifiapinfo.Stations', status.ap_stationnum],
              ]}
            />
            <InfoCard
              title={t('interfacenetworkinfo.NetworkInterface', { iface: status.network_mode })}
              facts={[
                ['interfacenetworkinfo.Mode', status.network_mode],
                ['networkadmin.Hostname', status.network_hostname],
                ['networkadmin.IpAddress', status.network_ip],
                ['networkadmin.Netmask', status.network_netmask],
                ['networkadmin.DefaultGateway', status.network_gateway],
                ['networkadmin.Dns', status.network_dns1, { num: 1 }],
                ['networkadmin.Dns', status.network_dns2, { num: 2 }],
                ['interfacenetworkinfo.MacAddress', status.network_mac],
              ]}
            />
            <InfoCard
              title={t('interfaceapinfo.NetworkInterface')}
              facts={[
                ['networkadmin.IpAddress', status.ap_ip],
                ['interfacenetworkinfo.MacAddress', status.ap_mac],
              ]}
            />
          </>
        );
      }}
    </InfoPage>
  );
}
