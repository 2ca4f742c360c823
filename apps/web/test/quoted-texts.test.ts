// The spec quotes some English texts that owners and their guides know by heart; the
// English interface shows exactly those words (everything else is our own wording).
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en.json';
import { createTranslator } from '../src/i18n/runtime';

const QUOTED: Record<string, string> = {
  'menu.LiveView': 'Live view',
  'menu.Settings': 'Settings',
  'menu.NetworkSettings': 'Network',
  'menu.NTPSettings': 'NTP',
  'menu.MQTTSettings': 'MQTT',
  'menu.InverterSettings': 'Inverter',
  'menu.SecuritySettings': 'Security',
  'menu.DTUSettings': 'DTU',
  'menu.DeviceManager': 'Device manager',
  'menu.ConfigManagement': 'Config Management',
  'menu.FirmwareUpgrade': 'Firmware Upgrade',
  'menu.DeviceReboot': 'Device Reboot',
  'menu.Info': 'Info',
  'menu.System': 'System',
  'menu.Network': 'Network',
  'menu.NTP': 'NTP',
  'menu.MQTT': 'MQTT',
  'menu.Console': 'Console',
  'menu.About': 'About',
  'menu.Login': 'Login',
  'menu.Logout': 'Logout',
  'login.InvalidCredentials': 'Invalid credentials',
  'login.UsernameRequired': 'Username is required',
  'login.PasswordRequired': 'Password is required',
  'securityadmin.PasswordsNotEqual': 'Passwords are not equal',
  'Error.Oops': 'Oops',
  'firmwareupgrade.OtaError': 'OTA error',
  'fileadmin.InvalidJson': 'JSON file is formatted incorrectly.',
  'fileadmin.InvalidJsonContent': 'JSON file has the wrong content.',
  'firmwareupgrade.UnknownUploadError': 'Unknown error while upload, check the console for details.',
  'systeminfo.VersionError': 'Error fetching version information',
};

describe("the spec's quoted English texts", () => {
  const { t } = createTranslator([en]);

  it.each(Object.entries(QUOTED))('%s is exactly "%s"', (key, text) => {
    expect(t(key)).toBe(text);
  });

  it("an upload's HTTP failure reads '[HTTP ERROR] <status text>'", () => {
    expect(t('base.HttpError', { status: 'Bad Request' })).toBe('[HTTP ERROR] Bad Request');
  });
});
