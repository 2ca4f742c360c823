import { test } from '../support/fixtures';
import { releaseArgs, releaseJourneys } from '../support/firmware-journeys';

// Noon at a device running firmware v25.4.10 (docs/firmware-releases.md).
test.use({ emulatorArgs: releaseArgs('v25.4.10') });

releaseJourneys({
  version: 'v25.4.10',
  persistent: 257,
  oldApi: false,
  newSettings: false,
  digestSockets: false,
});
