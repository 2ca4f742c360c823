import { describe, expect, it } from 'vitest';
import { RESPONSE_PARAMS, ResponseCode } from './codes';

describe('ResponseCode', () => {
  it('has every code of the contract table, and those of later releases, exactly once', () => {
    const values = Object.values(ResponseCode);
    expect(values).toHaveLength(73);
    expect(new Set(values).size).toBe(values.length);
  });

  it('uses the contract numbers', () => {
    expect(ResponseCode.GenericSuccess).toBe(1001);
    expect(ResponseCode.DtuInvalidCmtFrequency).toBe(2004);
    expect(ResponseCode.InverterStatsResetted).toBe(4010);
    expect(ResponseCode.MqttClientIdLength).toBe(7017);
    expect(ResponseCode.MqttHassTopicTrailingSlash).toBe(7018);
    expect([ResponseCode.NetworkSyslogHostnameLength, ResponseCode.NetworkSyslogPort]).toEqual([8007, 8008]);
    expect(ResponseCode.NtpTimeUpdated).toBe(9010);
    expect(ResponseCode.PowerInvalidInverter).toBe(11002);
    expect(ResponseCode.HardwarePinMappingLength).toBe(12001);
  });

  it('knows the fixed params', () => {
    expect(RESPONSE_PARAMS[ResponseCode.LimitInvalidLimit]).toEqual({ max: 2250 });
    expect(RESPONSE_PARAMS[ResponseCode.MqttPublishInterval]).toEqual({ min: 5, max: 65535 });
    expect(RESPONSE_PARAMS[ResponseCode.GenericSuccess]).toBeUndefined();
  });
});
