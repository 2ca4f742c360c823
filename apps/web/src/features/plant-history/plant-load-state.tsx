import type { PlantHistoryDevice } from '@opendtu/api';
import type { ReactNode } from 'react';
import { Alert } from '../../components/api-alert';
import { useI18n } from '../../i18n/i18n-provider';
import type { PlantLoad } from './use-plant-load';

/**
 * A load's outcome in place: the way to the login when a device requires one (the plant
 * page has the form; the login is kept for every page of this origin), a failure with a
 * retry (above the content a failed refresh leaves), else the content.
 */
export function PlantLoadState({ state, children }: { state: PlantLoad<unknown>; children: ReactNode }) {
  const { t } = useI18n();
  if (state.needsLogin)
    return (
      <Alert variant="info" className="mt-3">
        {t('plantHistory.LoginNeeded')} <a href="plant">{t('plantHistory.ToPlant')}</a>
      </Alert>
    );
  if (state.error)
    return (
      <>
        <Alert variant="danger" className="mt-3">
          {t('plantHistory.Failed', {
            error: state.error.message || t('base.HttpError', { status: state.error.status }),
          })}{' '}
          <button type="button" className="btn btn-sm btn-outline-danger ms-1" onClick={state.retry}>
            {t('plantHistory.Retry')}
          </button>
        </Alert>
        {/* A refresh that failed: what was read before is still true as far as it goes. */}
        {state.data !== undefined && children}
      </>
    );
  return <>{children}</>;
}

/** The devices whose history is missing from an answer, and why: its sums lack them throughout. */
export function Unavailable({ devices }: { devices: readonly PlantHistoryDevice[] }) {
  const { t } = useI18n();
  const missing = devices.filter((device) => device.unavailable !== null);
  if (missing.length === 0) return null;
  return (
    <Alert variant="warning" className="mt-3">
      <ul className="list-unstyled mb-0" data-plant-unavailable="">
        {missing.map(({ name, unavailable }) => (
          <li key={name}>{t('plantHistory.Unavailable', { device: name, reason: unavailable! })}</li>
        ))}
      </ul>
    </Alert>
  );
}
