/**
 * WiFi and radio signal quality in percent from an RSSI in dBm (spec §9): a straight
 * line from -100 dBm (0 %) to -50 dBm (100 %), clamped outside.
 */
export function signalQuality(rssi: number): number {
  if (rssi <= -100) return 0;
  if (rssi >= -50) return 100;
  return 2 * (rssi + 100);
}
