import { CMT_PA_LEVEL_MAX, CMT_PA_LEVEL_MIN, type CountryDef, type DtuConfig } from '@opendtu/api';
import type { FormErrors } from '../../../components/form/use-config-form';
import type { Translator } from '../../../i18n/runtime';
import { formatNumber } from '../../../lib/format';
import { numberBetween } from '../../../lib/validate';

export const SERIAL_MAX = 199999999999;
export const POLL_INTERVAL_MAX = 86400;

/** Hz on the wire; people think in MHz with the channel raster's three decimals. */
export function formatMhz(t: Translator['t'], locale: string, hz: number): string {
  return t('dtuadmin.MHz', { mhz: formatNumber(locale, hz / 1e6, 3) });
}

/** Whether a frequency is one the radio can tune to in this band (contract §4.2, check 7). */
export function frequencyFits(hz: number, band: CountryDef, channelWidth: number): boolean {
  return Number.isInteger(hz) && hz >= band.freq_min && hz <= band.freq_max && hz % channelWidth === 0;
}

/** Outside the legal band the app warns but still lets the owner choose (spec §5). */
export function frequencyIsLegal(hz: number, band: CountryDef): boolean {
  return hz >= band.freq_legal_min && hz <= band.freq_legal_max;
}

/** The spec's DTU rules (§5, §9); a hidden radio's fields are the device's own and not checked. */
export function dtuErrors(t: Translator['t'], locale: string, values: DtuConfig): FormErrors<DtuConfig> {
  const errors: FormErrors<DtuConfig> = {
    // The serial travels as text; what people type and see are its 12 decimal digits.
    serial:
      /^\d{1,12}$/.test(values.serial) && Number(values.serial) >= 1 && Number(values.serial) <= SERIAL_MAX
        ? undefined
        : t('validation.WholeNumberBetween', { min: 1, max: SERIAL_MAX }),
    pollinterval: numberBetween(t, values.pollinterval, 1, POLL_INTERVAL_MAX),
  };
  if (values.nrf_enabled) errors.nrf_palevel = numberBetween(t, values.nrf_palevel, 0, 3);
  if (values.cmt_enabled) {
    errors.cmt_palevel = numberBetween(t, values.cmt_palevel, CMT_PA_LEVEL_MIN, CMT_PA_LEVEL_MAX);
    const band = values.country_def[values.cmt_country];
    errors.cmt_country = band ? undefined : t('validation.Required');
    if (band && !frequencyFits(values.cmt_frequency, band, values.cmt_chan_width)) {
      errors.cmt_frequency = t('dtuadmin.FrequencyRange', {
        min: formatMhz(t, locale, band.freq_min),
        max: formatMhz(t, locale, band.freq_max),
        step: values.cmt_chan_width / 1000,
      });
    }
  }
  return errors;
}
