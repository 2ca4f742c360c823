import { getSystemStatus } from '../../../api/system';

const POLL_MS = 250;

/**
 * Resolves once the device stops answering, or after `limitMs`. A device restarts about a
 * second after it saved a new pin mapping (contract §4.4); the wait page, opened before
 * that, would find it still up and go home at once.
 */
export async function untilDeviceGoesDown(limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    try {
      await getSystemStatus({ handleErrors: false, signal: AbortSignal.timeout(1000) });
    } catch {
      return;
    }
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}
