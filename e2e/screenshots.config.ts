import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run screenshots`: the README's pictures, taken from the real app against the
// emulator at a sunny moment. Not part of `npm test`.
export default defineConfig({
  ...base,
  testDir: 'screenshots',
  workers: 1,
});
