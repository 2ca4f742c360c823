import { expect, test } from '../support/fixtures';

// 23:00 at the device: the emulator has lived through the day before answering.
test.use({ emulatorArgs: ['--time', '2026-06-21T23:00'] });

test("a device started at night shows today's yield and old data", async ({ page }) => {
  await page.goto('/');
  const yieldToday = page.locator('[data-total="TotalYieldDay"]');
  await expect(yieldToday).toHaveText(/ Wh$/);
  const wh = Number((await yieldToday.textContent())!.replace(/[^\d]/g, ''));
  expect(wh).toBeGreaterThan(1000);
  await expect(page.locator('[data-total="TotalPower"]')).toHaveText(/^0(\.0)? W$/);
  // The last values came in around sunset: the age is hours, with the time they were taken.
  const age = page.locator('[data-age]');
  await expect(age).toContainText(/\d{2}:\d{2}:\d{2}/);
  expect(Number(await age.getAttribute('data-age'))).toBeGreaterThan(3600);
});
