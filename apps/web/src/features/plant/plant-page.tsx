import { Alert } from '../../components/api-alert';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import { PlantDevices } from './plant-devices';
import { PlantDuplicates } from './plant-duplicates';
import { failureText } from './plant-format';
import { PlantInverters } from './plant-inverters';
import { PlantLogin } from './plant-login';
import { PLANT_METER } from '../../api/meter';
import { EnergyFlowCard } from '../../components/energy-flow/flow-card';
import { PlantTotalsSection } from './plant-totals';
import type { Plant } from './use-plant';

/**
 * The plant (issue 33): every device the companion fronts on one page, their sums, their
 * states and all their inverters. The shell polls (usePlant) and hands the plant in, as
 * its navigation lists the same devices.
 */
export function PlantPage({ plant }: { plant: Plant }) {
  const { t } = useI18n();
  const { answer, error, needsLogin } = plant;
  return (
    <>
      <div className="d-flex align-items-center gap-3 border-bottom pb-2 mb-3">
        <h1 className="h2 mb-0 text-break">{t('plant.Plant')}</h1>
      </div>
      {needsLogin ? (
        <PlantLogin onLoggedIn={plant.loggedIn} />
      ) : (
        <>
          {error && (
            <Alert variant="danger">
              {t('plant.Failed', { error: failureText(t, error) })}
              {answer && ` ${t('plant.LastShown')}`}
            </Alert>
          )}
          {answer ? (
            <>
              <PlantTotalsSection totals={answer.totals} devices={answer.devices} />
              {/* The plant's own grid meter (issue 45), when it has one. */}
              <EnergyFlowCard sunW={answer.totals.power_w ?? undefined} path={PLANT_METER} setUp={false} />
              <PlantDuplicates duplicates={answer.duplicates} />
              <PlantDevices devices={answer.devices} />
              <PlantInverters inverters={answer.inverters} devices={answer.devices} />
            </>
          ) : (
            !error && <Spinner />
          )}
        </>
      )}
    </>
  );
}
