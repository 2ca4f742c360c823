import { Spinner } from '../components/spinner';
import { PlantHistoryPage } from '../features/plant-history/plant-history-page';
import { PlantPage } from '../features/plant/plant-page';
import { usePlant } from '../features/plant/use-plant';
import { I18nProvider } from '../i18n/i18n-provider';
import { COMPANION_ROUTES } from '../lib/route-paths';
import { SkipLink } from './app';
import { PlantNavbar } from './plant-navbar';

const PLANT_PATHS: readonly string[] = [COMPANION_ROUTES.plant, COMPANION_ROUTES.plantHistory];

/** The plant page `path` (from the app's base, as currentAppPath gives it) is, if it is one. */
export function plantPage(path: string): string | undefined {
  const page = path.split('?')[0]!.replace(/\/$/, '');
  return PLANT_PATHS.includes(page) ? page : undefined;
}

function PlantShell({ path }: { path: string }) {
  // One poll for the page and the bar: both list the same devices.
  const plant = usePlant();
  return (
    <>
      <SkipLink />
      <PlantNavbar devices={plant.answer?.devices ?? []} path={path} />
      <main id="main" className="container-xxl" tabIndex={-1}>
        {path !== COMPANION_ROUTES.plantHistory ? (
          <PlantPage plant={plant} />
        ) : plant.answer || plant.error ? (
          // The days are the devices': the page starts at the plant's today, and starts again
          // there when it becomes known (no device had told its time yet) or changes (midnight).
          <PlantHistoryPage key={plant.answer?.today} today={plant.answer?.today} />
        ) : (
          <Spinner />
        )}
      </main>
    </>
  );
}

/**
 * The plant's pages (companion build, issue 33): a shell of their own, as no device
 * answers at the companion's root in plant mode; hence no device menus, login route or
 * device connection, and built-in languages only (main.tsx calls withoutDevicePacks first).
 * The two pages are apart by a full page load, as the devices' apps are.
 */
export function PlantApp({ path = COMPANION_ROUTES.plant }: { path?: string }) {
  return (
    <I18nProvider>
      <PlantShell path={path} />
    </I18nProvider>
  );
}
