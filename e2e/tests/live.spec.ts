import type { LimitStatusMap } from '@opendtu/api';
import { expect, test } from '../support/fixtures';

// Noon at the device: the demo inverters produce and their values move.
test.use({ emulatorArgs: ['--time', '2026-06-21T12:00'] });

const GARAGE = '114181234569';

test('totals and cards show simulated values that change', async ({ page }) => {
  await page.goto('/');
  const power = page.locator('[data-total="TotalPower"]');
  await expect(power).toHaveText(/^[\d,.]+ W$/);
  const yieldToday = page.locator('[data-total="TotalYieldDay"]');
  await expect(yieldToday).not.toHaveText('0 Wh');
  // The first inverter is selected and its cards fill in.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-channel="AC0"] [data-field="Power"]')).toHaveText(/ W$/, {
    timeout: 15_000,
  });
  await expect(page.locator('[data-channel="DC0"]')).toContainText('Garage left');
  const first = await power.textContent();
  await expect(power).not.toHaveText(first ?? '', { timeout: 20_000 });
  // Every inverter has a pill whose state is written, not only coloured.
  await expect(page.getByRole('group', { name: 'Inverter' }).getByRole('button')).toHaveCount(3);
  await expect(
    page.getByRole('group', { name: 'Inverter' }).locator('[data-state="producing"]').first(),
  ).toContainText('Producing');
});

test('the selection is kept in the URL', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /House HMS-2000/ }).click();
  await expect(page).toHaveURL(/\?inv=116491234568$/);
  await page.reload();
  await expect(page.locator('#inverter-title')).toContainText('House HMS-2000');
});

test('a limit set in the dialog reaches the device, Pending then Ok', async ({ loggedIn: page, device }) => {
  await page.goto(`/?inv=${GARAGE}`);
  await page.getByRole('button', { name: 'Set limit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-set-status]')).toHaveText('Done');
  const input = dialog.getByLabel('New limit (%)');
  await input.fill('150');
  await dialog.getByRole('button', { name: 'Set until restart' }).click();
  await expect(dialog.getByText('Enter a number from 0 to 100.')).toBeVisible();

  // Watch the device's status while the command is under way.
  const seen: string[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const status = (await device.get<LimitStatusMap>('api/limit/status'))[GARAGE]?.limit_set_status;
      if (status && seen[seen.length - 1] !== status) seen.push(status);
      await new Promise((done) => setTimeout(done, 20));
    }
  })();
  await input.fill('40');
  await dialog.getByRole('button', { name: 'Set until restart' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await device.get<LimitStatusMap>('api/limit/status'))[GARAGE], { timeout: 10_000 })
    .toMatchObject({ limit_relative: 40, limit_set_status: 'Ok' });
  watching = false;
  await watch;
  // The watch saw the command under way; the poll above saw it settle as Ok. (The watch's
  // own last answer may be older than the poll's, so only the poll decides the end.)
  expect(seen).toContain('Pending');
  await expect(page.locator('[data-limit]')).toHaveText('320 W | 40 %', { timeout: 20_000 });
});

test('the event log opens and lists entries', async ({ page }) => {
  await page.goto(`/?inv=${GARAGE}`);
  await page.getByRole('button', { name: /^Event log/ }).click();
  const dialog = page.getByRole('dialog', { name: /Event log: Garage HM-800/ });
  await expect(dialog.getByRole('row').nth(1)).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Message' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('device info and grid profile dialogs show the inverter', async ({ page }) => {
  await page.goto(`/?inv=${GARAGE}`);
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  const info = page.getByRole('dialog');
  await expect(info.getByRole('row', { name: /Firmware version/ })).toContainText(/\d+\.\d+\.\d+/);
  await expect(info.getByRole('row', { name: /Production year/ })).toContainText('2022');
  await info.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Grid profile' }).click();
  await expect(page.getByRole('dialog')).toContainText('Raw bytes');
});

test('the chart: axes over the day in W or kW, the curve kept across a reload, its start named', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const chart = page.locator('[data-chart-minutes]');
  await expect(chart).toBeVisible();
  // A y axis with units and a time axis over the whole day of the device.
  const yLabels = await chart.locator('.chart-y span').allTextContents();
  expect(yLabels[0]).toMatch(/^0(\.0+)? kW$/);
  expect(yLabels.length).toBeGreaterThanOrEqual(3);
  // As many decimals as the step needs (a 250 W step: 0.25, 0.50), so no two ticks read alike.
  const decimals = (/\.(\d+) /.exec(yLabels[0]!)?.[1] ?? '').length;
  for (const label of yLabels)
    expect(label).toMatch(new RegExp(`^\\d+${decimals ? `\\.\\d{${decimals}}` : ''} kW$`));
  expect(new Set(yLabels).size).toBe(yLabels.length);
  await expect(chart.locator('.chart-x span')).toHaveText([
    '00:00',
    '03:00',
    '06:00',
    '09:00',
    '12:00',
    '15:00',
    '18:00',
    '21:00',
    '24:00',
  ]);
  const summary = page.locator('[data-chart-summary]');
  await expect(summary).toHaveText(/^Since 12:0\d: peak [\d,]+ W at 12:0\d\.$/);
  const since = /Since (\d\d:\d\d)/.exec((await summary.textContent())!)![1];
  // Once a minute has passed, a reload goes on with the curve this browser recorded.
  await expect(page.locator('[data-chart-readout]')).not.toHaveText(`Now, ${since}`, { timeout: 75_000 });
  const minutes = Number(await chart.getAttribute('data-chart-minutes'));
  expect(minutes).toBeGreaterThanOrEqual(2);
  await page.reload();
  await expect(summary).toContainText(`Since ${since}:`);
  expect(Number(await chart.getAttribute('data-chart-minutes'))).toBeGreaterThanOrEqual(minutes);
  // Pointing at the plot, the read-out names the minute it shows.
  // (Placed at the moment of pointing: the page above the chart may still grow.)
  const plot = chart.locator('.chart-area');
  const at = async (share: number) => {
    const box = (await plot.boundingBox())!;
    await plot.hover({ position: { x: Math.max(0.2, box.width * share), y: box.height / 2 } });
  };
  await at(0);
  await expect(page.locator('[data-chart-readout]')).toHaveText('At 00:00');
  await at(0.99);
  await expect(page.locator('[data-chart-readout]')).toHaveText(/^At 12:0\d$/);
});

test.describe('with a device of its own', () => {
  test.use({ fresh: true });

  test('power off makes the inverter stop producing', async ({ loggedIn: page }) => {
    test.setTimeout(60_000);
    await page.goto(`/?inv=${GARAGE}`);
    const badge = page.locator('#inverter-title [data-state]');
    await expect(badge).toHaveAttribute('data-state', 'producing', { timeout: 15_000 });
    await page.getByRole('button', { name: 'On / off' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(badge).toHaveAttribute('data-state', 'idle', { timeout: 40_000 });
    await expect(badge).toContainText('Not producing');
  });

  test('the page survives a device restart and reconnects', async ({ loggedIn: page, device }) => {
    test.setTimeout(60_000);
    await page.goto('/');
    const online = page.getByRole('status', { name: 'Live connection active' });
    await expect(online).toBeAttached();
    await device.post('api/maintenance/reboot', { reboot: true });
    await expect(page.getByRole('status', { name: 'Live connection lost' })).toBeAttached({
      timeout: 10_000,
    });
    await expect(online).toBeAttached({ timeout: 25_000 });
    await expect(page).toHaveURL(/\/$/);
    const power = page.locator('[data-total="TotalPower"]');
    const shown = await power.textContent();
    await expect(power).not.toHaveText(shown ?? '', { timeout: 20_000 });
  });
});

test('with the socket blocked (a proxy without WebSockets) it polls and says why', async ({ page }) => {
  test.setTimeout(45_000);
  // Stands in for a proxy that refuses the upgrade; every value still comes from the device.
  await page.routeWebSocket(/\/livedata$/, (socket) => socket.close());
  await page.goto('/');
  await expect(page.getByText(/values are fetched every 10 seconds/)).toBeVisible({ timeout: 20_000 });
  // The device itself answers: its values are not frozen, so no banner says so.
  await expect(page.getByRole('status', { name: 'Live connection active' })).toBeAttached();
  await expect(page.getByText(/No answer from the device since/)).toBeHidden();
  await expect(page.locator('[data-channel="AC0"] [data-field="Power"]')).toHaveText(/ W$/);
  const power = page.locator('[data-total="TotalPower"]');
  const shown = await power.textContent();
  await expect(power).not.toHaveText(shown ?? '', { timeout: 20_000 });
});
