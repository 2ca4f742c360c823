import { test } from '../support/fixtures';
import { releaseArgs, releaseJourneys } from '../support/firmware-journeys';

// Noon at a device running firmware v24.10.15 (docs/firmware-releases.md).
test.use({ emulatorArgs: releaseArgs('v24.10.15') });

releaseJourneys({
  version: 'v24.10.15',
  persistent: 257,
  oldApi: true,
  newSettings: false,
  digestSockets: false,
});
