import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run screenshots`: the documentation's pictures (docs/screenshots), taken from the real app against the
// emulator at a sunny moment. Not part of `npm test`.
export default defineConfig({
  ...base,
  testDir: 'screenshots',
  workers: 1,
});
