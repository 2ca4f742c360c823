/**
 * Response codes of the device API (contract §13). Clients choose what to show by
 * `code`, never by `message`: the message text is the firmware's own and may differ
 * between the device and the emulator.
 */
export const ResponseCode = {
  GenericBase: 1000,
  GenericSuccess: 1001,
  GenericNoValueFound: 1002,
  GenericDataTooLarge: 1003,
  GenericParseError: 1004,
  GenericValueMissing: 1005,
  GenericWriteFailed: 1006,
  GenericInternalServerError: 1007,

  DtuSerialZero: 2001,
  DtuPollZero: 2002,
  DtuInvalidPowerLevel: 2003,
  DtuInvalidCmtFrequency: 2004,
  DtuInvalidCmtCountry: 2005,

  FileNotDeleted: 3001,
  FileSuccess: 3002,
  FileDeleteSuccess: 3003,

  InverterSerialZero: 4001,
  InverterNameLength: 4002,
  InverterCount: 4003,
  InverterAdded: 4004,
  InverterInvalidId: 4005,
  InverterInvalidMaxChannel: 4006,
  InverterChanged: 4007,
  InverterDeleted: 4008,
  InverterOrdered: 4009,
  InverterStatsResetted: 4010,

  LimitSerialZero: 5001,
  LimitInvalidLimit: 5002,
  LimitInvalidType: 5003,
  LimitInvalidInverter: 5004,

  MaintenanceRebootTriggered: 6001,
  MaintenanceRebootCancled: 6002,

  MqttHostnameLength: 7001,
  MqttUsernameLength: 7002,
  MqttPasswordLength: 7003,
  MqttTopicLength: 7004,
  MqttTopicCharacter: 7005,
  MqttTopicTrailingSlash: 7006,
  MqttPort: 7007,
  MqttCertificateLength: 7008,
  MqttLwtTopicLength: 7009,
  MqttLwtTopicCharacter: 7010,
  MqttLwtOnlineLength: 7011,
  MqttLwtOfflineLength: 7012,
  MqttPublishInterval: 7013,
  MqttHassTopicLength: 7014,
  MqttHassTopicCharacter: 7015,
  MqttLwtQos: 7016,
  MqttClientIdLength: 7017,
  /** v25.9.11. */
  MqttHassTopicTrailingSlash: 7018,

  NetworkIpInvalid: 8001,
  NetworkNetmaskInvalid: 8002,
  NetworkGatewayInvalid: 8003,
  NetworkDns1Invalid: 8004,
  NetworkDns2Invalid: 8005,
  NetworkApTimeoutInvalid: 8006,
  /** v25.5.10, like 8008. */
  NetworkSyslogHostnameLength: 8007,
  NetworkSyslogPort: 8008,

  NtpServerLength: 9001,
  NtpTimezoneLength: 9002,
  NtpTimezoneDescriptionLength: 9003,
  NtpYearInvalid: 9004,
  NtpMonthInvalid: 9005,
  NtpDayInvalid: 9006,
  NtpHourInvalid: 9007,
  NtpMinuteInvalid: 9008,
  NtpSecondInvalid: 9009,
  NtpTimeUpdated: 9010,

  SecurityPasswordLength: 10001,
  SecurityAuthSuccess: 10002,

  PowerSerialZero: 11001,
  PowerInvalidInverter: 11002,

  HardwarePinMappingLength: 12001,
} as const;

export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

export type ApiResponseType = 'success' | 'warning' | 'danger';

export interface ApiResponseParam {
  min?: number;
  max?: number;
}

/**
 * The message envelope of every JSON answer to a write (contract §0.5). `code` is
 * optional because three network-config answers (hostname, SSID, WiFi password) carry
 * none; `number` rather than `ResponseCode` so an unknown future code still type-checks.
 */
export interface ApiResponse {
  type: ApiResponseType;
  message: string;
  code?: number;
  param?: ApiResponseParam;
}

/**
 * The `param` the device sends with a code whenever it is fixed. 2004 also carries
 * params, but they depend on the selected country (see `CMT_COUNTRIES`).
 */
export const RESPONSE_PARAMS: Readonly<Partial<Record<ResponseCode, ApiResponseParam>>> = {
  [ResponseCode.InverterNameLength]: { max: 31 },
  [ResponseCode.InverterCount]: { max: 10 },
  [ResponseCode.LimitInvalidLimit]: { max: 2250 },
  [ResponseCode.MqttHostnameLength]: { max: 128 },
  [ResponseCode.MqttUsernameLength]: { max: 64 },
  [ResponseCode.MqttPasswordLength]: { max: 64 },
  [ResponseCode.MqttTopicLength]: { max: 32 },
  [ResponseCode.MqttCertificateLength]: { max: 2560 },
  [ResponseCode.MqttLwtTopicLength]: { max: 32 },
  [ResponseCode.MqttLwtOnlineLength]: { max: 20 },
  [ResponseCode.MqttLwtOfflineLength]: { max: 20 },
  [ResponseCode.MqttPublishInterval]: { min: 5, max: 65535 },
  [ResponseCode.MqttHassTopicLength]: { max: 32 },
  [ResponseCode.MqttLwtQos]: { max: 2 },
  [ResponseCode.MqttClientIdLength]: { max: 64 },
  [ResponseCode.NetworkSyslogHostnameLength]: { max: 128 },
  [ResponseCode.NtpServerLength]: { max: 31 },
  [ResponseCode.NtpTimezoneLength]: { max: 50 },
  [ResponseCode.NtpTimezoneDescriptionLength]: { max: 50 },
  [ResponseCode.NtpYearInvalid]: { min: 2022, max: 2100 },
  [ResponseCode.NtpMonthInvalid]: { min: 1, max: 12 },
  [ResponseCode.NtpDayInvalid]: { min: 1, max: 31 },
  [ResponseCode.NtpHourInvalid]: { min: 0, max: 23 },
  [ResponseCode.NtpMinuteInvalid]: { min: 0, max: 59 },
  [ResponseCode.NtpSecondInvalid]: { min: 0, max: 59 },
  [ResponseCode.SecurityPasswordLength]: { max: 64 },
  [ResponseCode.HardwarePinMappingLength]: { max: 63 },
};
