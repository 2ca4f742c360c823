// Debian's Chromium (never a downloaded browser) as the tests (playwright.config.ts) and the
// benchmarks (bench/lib/browser.ts) both launch it: headless, without GPU, QUIC or the
// background traffic of a first run.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
  ],
};
