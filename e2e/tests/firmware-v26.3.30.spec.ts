import { test } from '../support/fixtures';
import { releaseArgs, releaseJourneys } from '../support/firmware-journeys';

// Noon at a device running firmware v26.3.30 (docs/firmware-releases.md).
test.use({ emulatorArgs: releaseArgs('v26.3.30') });

releaseJourneys({
  version: 'v26.3.30',
  persistent: 3,
  oldApi: false,
  newSettings: true,
  digestSockets: true,
});
