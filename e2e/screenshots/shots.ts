import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

export const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

export interface Shot {
  name: string;
  path: string;
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
  /** How long data may take to arrive (the console needs a few poll rounds). */
  settleMs?: number;
}

export const DESKTOP = { width: 1280, height: 720 };
export const PHONE = { width: 390, height: 700 };

export async function open(page: Page, shot: Shot): Promise<void> {
  // The owner has answered the version-check question (no request to GitHub from here).
  await page.addInitScript(() => localStorage.setItem('allowVersionInfo', '0'));
  await page.setViewportSize(shot.viewport);
  await page.emulateMedia({ colorScheme: shot.colorScheme });
  await page.goto(shot.path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(shot.settleMs ?? 3000);
}
