import type { ReactNode } from 'react';
import { LoginPage } from '../features/auth/login-page';
import { ConfigPage } from '../features/config/config-page';
import { FirmwarePage } from '../features/firmware/firmware-page';
import { ConsolePage } from '../features/info/console-page';
import { SystemInfoPage } from '../features/info/system-info-page';
import { LivePage } from '../features/live/live-page';
import { RebootPage } from '../features/maintenance/reboot-page';
import { ErrorPage } from './error-page';
import { PlaceholderPage } from './placeholder-page';
import { RequireLogin } from './require-login';
import { ROUTES, type RoutePath } from './routes';
import { WaitPage } from './wait-page';

const placeholder = (titleKey: string) => <PlaceholderPage titleKey={titleKey} />;

/** The screen of every route (spec §2); placeholders until a screen's issue lands. */
export const ROUTE_TABLE: Readonly<Record<RoutePath, () => ReactNode>> = {
  [ROUTES.home]: () => <LivePage />,
  [ROUTES.login]: () => <LoginPage />,
  [ROUTES.error]: () => <ErrorPage />,
  [ROUTES.about]: () => placeholder('about.AboutOpendtu'),
  [ROUTES.infoSystem]: () => <SystemInfoPage />,
  [ROUTES.infoNetwork]: () => placeholder('networkinfo.NetworkInformation'),
  [ROUTES.infoNtp]: () => placeholder('ntpinfo.NtpInformation'),
  [ROUTES.infoMqtt]: () => placeholder('mqttinfo.MqttInformation'),
  [ROUTES.infoConsole]: () => <ConsolePage />,
  [ROUTES.settingsNetwork]: () => placeholder('networkadmin.NetworkSettings'),
  [ROUTES.settingsNtp]: () => placeholder('ntpadmin.NtpSettings'),
  [ROUTES.settingsMqtt]: () => placeholder('mqttadmin.MqttSettings'),
  [ROUTES.settingsInverter]: () => placeholder('inverteradmin.InverterSettings'),
  [ROUTES.settingsSecurity]: () => placeholder('securityadmin.SecuritySettings'),
  [ROUTES.settingsDtu]: () => placeholder('dtuadmin.DtuSettings'),
  [ROUTES.settingsDevice]: () => placeholder('deviceadmin.DeviceManager'),
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
};
