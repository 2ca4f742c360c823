import { useState } from 'react';
import { useI18n } from '../../../i18n/i18n-provider';

/** Four decimals are about 11 m: plenty for sun times, and what the device keeps. */
const round = (degrees: number): number => Math.round(degrees * 10_000) / 10_000;

/**
 * Fills latitude and longitude from the browser's location. Browsers offer it only on
 * secure pages (https or localhost), so on a device's plain http address it is hidden.
 */
export function LocationButton({
  onLocation,
}: {
  onLocation: (latitude: number, longitude: number) => void;
}) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  if (!window.isSecureContext || !('geolocation' in navigator)) return null;
  const locate = (): void => {
    setState('busy');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setState('idle');
        onLocation(round(coords.latitude), round(coords.longitude));
      },
      () => setState('failed'),
      { timeout: 15_000 },
    );
  };
  return (
    <div className="mb-3">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={locate}
        disabled={state === 'busy'}
      >
        {t('ntpadmin.UseMyLocation')}
      </button>
      <div className="form-text text-danger" aria-live="polite">
        {state === 'failed' && t('ntpadmin.LocationFailed')}
      </div>
    </div>
  );
}
