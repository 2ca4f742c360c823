import { useCallback, useEffect } from 'react';
import { getControlDay } from '../../api/control';
import { useDeviceDay } from '../../api/device-time';
import { getPower } from '../../api/history';
import { useApiData } from '../../api/use-api-data';
import { controlChart, type ControlChartData } from './control-chart-data';

/** The chart moves a minute at a time; asking more often would draw nothing new. */
const REFRESH_MS = 60_000;

export interface ControlToday {
  chart: ControlChartData;
  /** Inverter names by serial, as the recorder knows them. */
  names: Record<string, string>;
}

/**
 * Today's chart data (the device's day: it waits for the device's clock) and the inverter
 * names, asked again every minute while `on` (control answered and is not off).
 */
export function useControlToday(on: boolean): ControlToday | undefined {
  const day = useDeviceDay();
  const load = useCallback(
    async (signal: AbortSignal): Promise<ControlToday | undefined> => {
      if (!on || !day) return undefined;
      const [power, minutes] = await Promise.all([getPower(day, signal), getControlDay(signal)]);
      const names = Object.fromEntries(power.inverters.map((inverter) => [inverter.serial, inverter.name]));
      return { chart: controlChart(power, minutes), names };
    },
    [on, day],
  );
  const { data, reload } = useApiData(load);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [on, reload]);
  return data;
}
