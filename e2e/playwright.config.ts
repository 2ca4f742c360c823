import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium';
import type { Through } from './support/emulator';

/**
 * The journeys that change settings, set a limit, upload a firmware and restart the device
 * run a second time through the companion server (apps/companion) in front of the
 * emulator, as do the journeys of the oldest and newest firmware release; companion.spec.ts
 * is about the companion alone.
 */
const THROUGH_COMPANION = [
  'settings-network.spec.ts',
  'live-keyboard.spec.ts',
  'web-firmware.spec.ts',
  'web-restart.spec.ts',
  'reliability.spec.ts',
  'companion.spec.ts',
  'companion-history.spec.ts',
  'companion-alerts.spec.ts',
  'companion-control.spec.ts',
  // The grid meter's flow and its history (issue 45).
  'companion-meter.spec.ts',
  // One companion in front of three virtual DTUs (issue 33).
  'companion-plant.spec.ts',
  // The SunSpec Modbus server's unit map (issue 44).
  'companion-modbus.spec.ts',
  // The packed server installed with npm into an empty folder (issue 30).
  'companion-install.spec.ts',
  // The oldest and the newest release the app adapts to, through the companion too (issue 25).
  'firmware-v24.10.15.spec.ts',
  'firmware-v26.3.30.spec.ts',
].map((name) => `**/${name}`);

// Debian's Chromium, never a downloaded browser. The flags keep it off the network
// (this machine has none) and quiet; every test gets the emulator from support/fixtures.
export default defineConfig<object, { through: Through }>({
  testDir: 'tests',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // CI runs on two cores shared with the emulators: one more try absorbs a rare timing
  // slip; a real fault fails both, and the report names every test that needed it.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  projects: [
    {
      name: 'device',
      testIgnore: [
        '**/companion.spec.ts',
        '**/companion-history.spec.ts',
        '**/companion-alerts.spec.ts',
        '**/companion-control.spec.ts',
        '**/companion-meter.spec.ts',
        '**/companion-plant.spec.ts',
        '**/companion-modbus.spec.ts',
        '**/companion-install.spec.ts',
      ],
    },
    { name: 'companion', testMatch: THROUGH_COMPANION, grepInvert: /@alone/, use: { through: 'companion' } },
    // Load tests (tag @alone) start once every other journey has ended: 20 Chromium pages on
    // two cores starved a journey running beside them (its emulator took over 20 s to start).
    {
      name: 'alone',
      testMatch: THROUGH_COMPANION,
      grep: /@alone/,
      dependencies: ['device', 'companion'],
      use: { through: 'companion' },
    },
  ],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
