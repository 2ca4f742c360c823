import type { InverterListResponse } from '@opendtu/api';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { DeviceClient } from '../support/device';
import { expect, test } from '../support/fixtures';

// Every test here changes the inverter list, so each gets an emulator of its own. The
// emulator starts with three inverters: Garage HM-800, House HMS-2000, Barn HMT-2250.
test.use({ fresh: true });

const names = (page: Page) => page.locator('.inverter-table tbody tr .text-break');
const handle = (page: Page, name: string) => page.getByRole('button', { name: `Move ${name}` });

async function open(page: Page): Promise<void> {
  await page.goto('/settings/inverter');
  await expect(names(page)).toHaveText(['Garage HM-800', 'House HMS-2000', 'Barn HMT-2250']);
}

async function addByHerf(page: Page, name: string): Promise<void> {
  const serial = page.getByLabel('Serial number');
  await serial.fill('a11hms123-1f8');
  await expect(serial).toHaveValue('A11HMS123-1F8');
  await expect(
    page.getByText('converted to serial number 2821235C8443. Inverter family: HERF-600/800-2T.'),
  ).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Inverter added.' })).toBeVisible();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An element's box once the layout has stopped moving (rows may still be sliding in). */
async function settledBox(locator: Locator): Promise<Box> {
  let box = (await locator.boundingBox())!;
  for (let i = 0; i < 20; i++) {
    await locator
      .page()
      .evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const next = (await locator.boundingBox())!;
    if (next.x === box.x && next.y === box.y) return next;
    box = next;
  }
  return box;
}

/** Drags with the mouse from a handle's centre to a point, in small steps. */
async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await settledBox(from);
  const b = await settledBox(to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, b.y + 2, { steps: 12 });
  await page.mouse.up();
}

test('add an inverter by its HERF code, edit its strings, drag it to the top, delete it', async ({
  loggedIn: page,
}) => {
  await open(page);

  // Rules speak before anything is sent.
  await page.getByLabel('Serial number').fill('A11HMS123-1F9');
  await expect(page.getByText('E-Star HERF code with a wrong check code')).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByLabel('Serial number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(names(page)).toHaveCount(3);

  await addByHerf(page, 'Shed HERF');
  await expect(page.getByLabel('Serial number')).toHaveValue('');
  const row = page.locator('.inverter-table tbody tr').filter({ hasText: 'Shed HERF' });
  await expect(row).toContainText('2821235c8443');
  await expect(row).toContainText('HERF-600/800-2T');
  // The device gives a new inverter order 0, so it sorts in after the first one.
  await expect(names(page)).toHaveText(['Garage HM-800', 'Shed HERF', 'House HMS-2000', 'Barn HMT-2250']);

  // Edit: the String tab has one set of fields per input of the family.
  await page.getByRole('button', { name: 'Edit Shed HERF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit inverter: Shed HERF' });
  await dialog.getByRole('tab', { name: 'Strings' }).click();
  await expect(dialog.getByLabel(/^Name of string/)).toHaveCount(2);
  await dialog.getByLabel('Name of string 1').fill('East roof');
  await dialog.getByLabel('Name of string 2').fill('West roof');
  await dialog.getByLabel('Peak power of string 1').fill('-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // A rule on a hidden tab marks that tab and keeps the dialog open.
  await expect(dialog.getByLabel('Peak power of string 1')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Peak power of string 1').fill('410');
  await dialog.getByRole('tab', { name: 'Advanced' }).click();
  await dialog.getByLabel('Reachable threshold').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Inverter updated.' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Shed HERF' }).click();
  await dialog.getByRole('tab', { name: 'Strings' }).click();
  await expect(dialog.getByLabel('Name of string 1')).toHaveValue('East roof');
  await expect(dialog.getByLabel('Peak power of string 1')).toHaveValue('410');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Drag with the mouse to the top, then save the order; the reloaded list keeps it.
  await dragTo(page, handle(page, 'Shed HERF'), handle(page, 'Garage HM-800'));
  await expect(names(page)).toHaveText(['Shed HERF', 'Garage HM-800', 'House HMS-2000', 'Barn HMT-2250']);
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order of the inverters saved.' })).toBeVisible();
  await page.reload();
  await expect(names(page)).toHaveText(['Shed HERF', 'Garage HM-800', 'House HMS-2000', 'Barn HMT-2250']);

  // Delete asks first, naming the inverter by name and serial.
  await page.getByRole('button', { name: 'Delete Shed HERF' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete inverter' });
  await expect(confirm).toContainText('"Shed HERF"');
  await expect(confirm).toContainText('2821235c8443');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Inverter removed.' })).toBeVisible();
  await expect(names(page)).toHaveText(['Garage HM-800', 'House HMS-2000', 'Barn HMT-2250']);
});

test('the live view follows the inverter settings: new inverter, string names, saved order', async ({
  loggedIn: page,
}) => {
  const pills = page.getByRole('group', { name: 'Inverter' }).getByRole('button');
  await open(page);
  await addByHerf(page, 'Shed HERF');

  await page.getByRole('button', { name: 'Edit Shed HERF' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Strings' }).click();
  await dialog.getByLabel('Name of string 1').fill('East roof');
  await dialog.getByLabel('Name of string 2').fill('West roof');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Inverter updated.' })).toBeVisible();

  await dragTo(page, handle(page, 'Shed HERF'), handle(page, 'Garage HM-800'));
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order of the inverters saved.' })).toBeVisible();

  // The live view lists the new inverter first, as ordered, with its strings' names.
  await page.getByRole('link', { name: 'Live view' }).click();
  await expect(pills).toHaveText([/Shed HERF/, /Garage HM-800/, /House HMS-2000/, /Barn HMT-2250/]);
  await pills.filter({ hasText: 'Shed HERF' }).click();
  await expect(page.getByRole('heading', { name: 'East roof' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'West roof' })).toBeVisible();
});

test('keyboard only: move an inverter down with the arrow key and save the order', async ({
  loggedIn: page,
  device,
}) => {
  await open(page);
  const garage = handle(page, 'Garage HM-800');
  for (let i = 0; i < 40 && !(await garage.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(garage).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(names(page)).toHaveText(['House HMS-2000', 'Garage HM-800', 'Barn HMT-2250']);
  // The rows slide into their new places in 150 ms (spec §9).
  await expect(page.locator('.inverter-table tbody tr').first()).toHaveCSS('transition-duration', '0.15s');
  await expect(page.getByText('Garage HM-800 is now at position 2 of 3.')).toBeAttached();
  // The handle keeps the focus, and shows it.
  await expect(garage).toBeFocused();
  const ring = await garage.evaluate((el) => {
    const style = getComputedStyle(el);
    return el.matches(':focus-visible') && (style.boxShadow !== 'none' || style.outlineStyle !== 'none');
  });
  expect(ring).toBe(true);

  const save = page.getByRole('button', { name: 'Save order' });
  for (let i = 0; i < 20 && !(await save.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Order of the inverters saved.' })).toBeVisible();
  const list = await device.get<InverterListResponse>('api/inverter/list');
  const order = [...list.inverter].sort((a, b) => a.order - b.order).map((inverter) => inverter.name);
  expect(order).toEqual(['House HMS-2000', 'Garage HM-800', 'Barn HMT-2250']);
});

async function phone(browser: Browser, url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const authdata = Buffer.from('admin:openDTU42').toString('base64');
  await context.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ authdata }));
  return { context, page: await context.newPage() };
}

async function fillUpTo10(device: DeviceClient): Promise<void> {
  const { inverter } = await device.get<InverterListResponse>('api/inverter/list');
  for (let k = inverter.length; k < 10; k++) {
    await device.post('api/inverter/add', {
      serial: `1141812345${String(k).padStart(2, '0')}`,
      name: `Spare ${k}`,
    });
  }
}

/** A finger on a handle's centre, moved in ten steps to `toY` and lifted. */
async function touchDrag(page: Page, from: Box, toY: number): Promise<void> {
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 10; step++) {
    const at = y + ((toY - y) * step) / 10;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: at }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('reorder by touch on a phone, without the page scrolling sideways', async ({ browser, device }) => {
  const { context, page } = await phone(browser, device.url);
  await open(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page
    .locator('.inverter-table')
    .evaluate((table) => table.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const from = await settledBox(handle(page, 'Barn HMT-2250'));
  const to = await settledBox(handle(page, 'Garage HM-800'));
  // The finger ends near the top of Garage's handle, clearly past its row's middle: ending
  // on the middle itself left the outcome to how the rows' fractional tops were rounded.
  await touchDrag(page, from, to.y + 2);
  await expect(names(page)).toHaveText(['Barn HMT-2250', 'Garage HM-800', 'House HMS-2000']);

  // And back down past both: going down, React moves the dragged row's own node, and the
  // drag must go on after its first step.
  const barn = await settledBox(handle(page, 'Barn HMT-2250'));
  const house = await settledBox(handle(page, 'House HMS-2000'));
  await touchDrag(page, barn, house.y + house.height - 2);
  await expect(names(page)).toHaveText(['Garage HM-800', 'House HMS-2000', 'Barn HMT-2250']);
  await context.close();
});

test('on a phone, holding a dragged row at the top edge scrolls the page: the tenth inverter goes first', async ({
  browser,
  device,
}) => {
  await fillUpTo10(device);
  const { context, page } = await phone(browser, device.url);
  await page.goto('/settings/inverter');
  await expect(names(page)).toHaveCount(10);
  const last = handle(page, 'Spare 9');
  await last.evaluate((button) => button.scrollIntoView({ block: 'end', behavior: 'instant' }));
  const box = await settledBox(last);
  const x = box.x + box.width / 2;
  const middle = box.y + box.height / 2;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: middle }] });
  for (let step = 1; step <= 10; step++) {
    const y = middle + ((20 - middle) * step) / 10;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await expect(names(page).first()).toHaveText('Spare 9', { timeout: 10_000 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(names(page)).toHaveCount(10);
  await context.close();
});

test('the device refuses an eleventh inverter (4003), and the form keeps what was typed', async ({
  loggedIn: page,
  device,
}) => {
  const { inverter } = await device.get<InverterListResponse>('api/inverter/list');
  for (let k = inverter.length; k < 10; k++) {
    await device.post('api/inverter/add', {
      serial: `1141812345${String(k).padStart(2, '0')}`,
      name: `Spare ${k}`,
    });
  }
  await page.goto('/settings/inverter');
  await expect(names(page)).toHaveCount(10);
  await page.getByLabel('Serial number').fill('114491234567');
  await page.getByLabel('Name').fill('One too many');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No more than 10 inverters can be added.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('One too many');
  await expect(names(page)).toHaveCount(10);
});
