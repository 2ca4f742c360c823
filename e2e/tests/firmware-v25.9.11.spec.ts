import { test } from '../support/fixtures';
import { releaseArgs, releaseJourneys } from '../support/firmware-journeys';

// Noon at a device running firmware v25.9.11 (docs/firmware-releases.md).
test.use({ emulatorArgs: releaseArgs('v25.9.11') });

releaseJourneys({
  version: 'v25.9.11',
  persistent: 3,
  oldApi: false,
  newSettings: true,
  digestSockets: false,
});
