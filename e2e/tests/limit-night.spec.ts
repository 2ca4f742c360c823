import { expect, test } from '../support/fixtures';

// 23:00 at the device: the inverters sleep and do not answer the radio (issue 26).
test.use({ emulatorArgs: ['--time', '2026-06-21T23:00'] });

test('limit at night: sent, not confirmed, said in plain words, never "saved"', async ({
  loggedIn: page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/?inv=114181234569');
  await expect(page.locator('#inverter-title')).toContainText('Not reachable');
  await page.getByRole('button', { name: 'Set limit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New limit (%)').fill('50');
  await dialog.getByRole('button', { name: 'Set until restart' }).click();
  // The dialog closes once the device took the command (spec §8), saying only that it was sent.
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Sent, waiting for the inverter to confirm.').first()).toBeVisible();
  const header = page.locator('.card-header [data-command]').first();
  await expect(header).toContainText('Requested: 50 %');
  await expect(header.locator('[data-set-status]')).toHaveText('Waiting');
  // Longer than the device needs for an answer: the header explains, without reopening a dialog.
  await expect(header).toContainText(
    'Not confirmed yet: the inverter does not answer (asleep at night, or out of radio reach).',
    { timeout: 20_000 },
  );
  await expect(header.locator('[data-set-status]')).not.toHaveText('Done');
  await expect(page.locator('body')).not.toContainText(/saved/i);
  // Reopening the dialog tells the same story beside the current limit.
  await page.getByRole('button', { name: 'Set limit' }).click();
  await expect(page.getByRole('dialog').locator('[data-command]')).toContainText('Requested: 50 %');
  await expect(page.getByRole('dialog').locator('[data-command]')).toContainText('Not confirmed yet');
});
