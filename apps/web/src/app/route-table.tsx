import type { ReactNode } from 'react';
import { AboutPage } from '../features/about/about-page';
import { AlertsPage } from '../features/alerts/alerts-page';
import { LoginPage } from '../features/auth/login-page';
import { ConfigPage } from '../features/config/config-page';
import { ControlPage } from '../features/control/control-page';
import { FirmwarePage } from '../features/firmware/firmware-page';
import { HistoryPage } from '../features/history/history-page';
import { ConsolePage } from '../features/info/console-page';
import { MqttInfoPage } from '../features/info/mqtt-info-page';
import { NetworkInfoPage } from '../features/info/network-info-page';
import { NtpInfoPage } from '../features/info/ntp-info-page';
import { SystemInfoPage } from '../features/info/system-info-page';
import { InvertersPage } from '../features/inverters/inverters-page';
import { LivePage } from '../features/live/live-page';
import { MeterPage } from '../features/meter/meter-page';
import { RebootPage } from '../features/maintenance/reboot-page';
import { ModbusPage } from '../features/modbus/modbus-page';
import { OverviewPage } from '../features/overview/overview-page';
import { DeviceManagerPage } from '../features/settings/device/device-manager-page';
import { DtuSettingsPage } from '../features/settings/dtu/dtu-settings-page';
import { LoggingSettingsPage } from '../features/settings/logging/logging-settings-page';
import { MqttSettingsPage } from '../features/settings/mqtt/mqtt-settings-page';
import { NetworkSettingsPage } from '../features/settings/network/network-settings-page';
import { NtpSettingsPage } from '../features/settings/ntp/ntp-settings-page';
import { SecuritySettingsPage } from '../features/settings/security/security-settings-page';
import { COMPANION_ROUTES, ROUTES, type RoutePath } from '../lib/route-paths';
import { ErrorPage } from './error-page';
import { RequireLogin } from './require-login';
import { WaitPage } from './wait-page';

/** The screen of every route (spec §2). */
export const ROUTE_TABLE: Readonly<Record<RoutePath, () => ReactNode>> = {
  [ROUTES.home]: () => <LivePage />,
  [ROUTES.overview]: () => <OverviewPage />,
  [ROUTES.login]: () => <LoginPage />,
  [ROUTES.error]: () => <ErrorPage />,
  [ROUTES.about]: () => <AboutPage />,
  [ROUTES.infoSystem]: () => <SystemInfoPage />,
  [ROUTES.infoNetwork]: () => <NetworkInfoPage />,
  [ROUTES.infoNtp]: () => <NtpInfoPage />,
  [ROUTES.infoMqtt]: () => <MqttInfoPage />,
  [ROUTES.infoConsole]: () => <ConsolePage />,
  [ROUTES.settingsNetwork]: () => <NetworkSettingsPage />,
  [ROUTES.settingsNtp]: () => <NtpSettingsPage />,
  [ROUTES.settingsMqtt]: () => <MqttSettingsPage />,
  [ROUTES.settingsInverter]: () => <InvertersPage />,
  [ROUTES.settingsSecurity]: () => <SecuritySettingsPage />,
  [ROUTES.settingsDtu]: () => <DtuSettingsPage />,
  [ROUTES.settingsDevice]: () => <DeviceManagerPage />,
  [ROUTES.settingsLogging]: () => <LoggingSettingsPage />,
  [ROUTES.settingsConfig]: () => <ConfigPage />,
  [ROUTES.firmwareUpgrade]: () => (
    <RequireLogin>
      <FirmwarePage />
    </RequireLogin>
  ),
  [ROUTES.maintenanceReboot]: () => (
    <RequireLogin>
      <RebootPage />
    </RequireLogin>
  ),
  [ROUTES.wait]: () => <WaitPage />,
  // Only in the companion build: dead code in the device's (vite.config.ts), no flash.
  ...(import.meta.env.MODE === 'companion' && { [COMPANION_ROUTES.history]: () => <HistoryPage /> }),
  // The controller answers the admin only: a pause changes what the inverters feed.
  ...(import.meta.env.MODE === 'companion' && {
    [COMPANION_ROUTES.control]: () => (
      <RequireLogin>
        <ControlPage />
      </RequireLogin>
    ),
  }),
  // The meter's settings need the admin (its address may hold its password).
  ...(import.meta.env.MODE === 'companion' && {
    [COMPANION_ROUTES.meter]: () => (
      <RequireLogin>
        <MeterPage />
      </RequireLogin>
    ),
  }),
  // The Modbus map names every inverter: the admin's, as its API.
  ...(import.meta.env.MODE === 'companion' && {
    [COMPANION_ROUTES.modbus]: () => (
      <RequireLogin>
        <ModbusPage />
      </RequireLogin>
    ),
  }),
  // The alerts need the admin (the API answers them only), as do firmware and reboot.
  ...(import.meta.env.MODE === 'companion' && {
    [COMPANION_ROUTES.alerts]: () => (
      <RequireLogin>
        <AlertsPage />
      </RequireLogin>
    ),
  }),
};
