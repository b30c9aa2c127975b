// Embeds at the sizes course pages use: the charts are on the first screen (beside the lesson or
// the live controls), a chart-only embed, and the builder's size presets, chart choice and auto
// height (the host's iframe follows the page's height messages).
import type { Page, Locator } from '@playwright/test';
import { test, expect, openMore } from './fixtures';

/** The part of an element inside the viewport, as a fraction of its height. */
async function shownFraction(page: Page, el: Locator): Promise<number> {
  const box = (await el.boundingBox())!;
  const vh = page.viewportSize()!.height;
  const vw = page.viewportSize()!.width;
  if (box.x + box.width > vw + 1) return 0;
  return Math.max(0, Math.min(box.y + box.height, vh) - Math.max(box.y, 0)) / box.height;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 640 });
});

test('an embed at 900 x 640 shows its charts on the first screen, and they draw', async ({ lab, page }) => {
  // Controls, topology, charts and the flow table: the charts come first, beside the controls.
  await lab.open('#v=1&view.panels=controls,scenario,flows,topology,charts', '?embed=1');
  await lab.runUntil(5);
  const plots = page.locator('[data-chart] .chart-plot');
  await expect(plots.first()).toBeVisible();
  expect(await shownFraction(page, plots.first())).toBe(1);
  expect(await shownFraction(page, plots.nth(1))).toBeGreaterThan(0.9);
  await expect.poll(async () => (await lab.charts()).cwnd?.points ?? 0).toBeGreaterThan(0);
  // The live controls are there too, beside the charts.
  await expect(page.getByRole('heading', { name: 'Live changes' })).toBeVisible();
  expect(await shownFraction(page, page.getByRole('heading', { name: 'Live changes' }))).toBe(1);
});

test('a lesson embed shows the lesson and its charts on the first screen', async ({ lab, page }) => {
  await lab.open('#lesson=aimd-sawtooth', '?embed=1');
  await expect
    .poll(() => page.evaluate(() => window.__bl!.lesson()))
    .toMatchObject({ id: 'aimd-sawtooth', step: 1, offPath: false });
  await expect(page.getByTestId('lesson-panel')).toBeVisible();
  const cwnd = page.locator('[data-chart="cwnd"] .chart-plot');
  await expect(cwnd).toBeVisible();
  expect(await shownFraction(page, cwnd)).toBe(1);
  await lab.runUntil(4);
  await expect.poll(async () => (await lab.charts()).cwnd?.points ?? 0).toBeGreaterThan(0);
});

test('a chart-only embed shows the chosen charts and no controls', async ({ lab, page }) => {
  await lab.open('#v=1&view.panels=charts&view.charts=queue,jain', '?embed=1');
  await expect(page.locator('[data-chart]')).toHaveCount(2);
  await expect(page.getByRole('toolbar', { name: 'Simulation controls' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Live changes' })).toHaveCount(0);
  for (const id of ['queue', 'jain'])
    expect(await shownFraction(page, page.locator(`[data-chart="${id}"] .chart-plot`))).toBe(1);
  // It plays by itself.
  await expect.poll(() => lab.now()).toBeGreaterThan(0.5);
});

test('the embed builder: auto height by default, size presets, chosen charts, chart-only; the host frame follows the height', async ({
  lab,
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await lab.open('#v=1&duration=300');
  await openMore(page);
  await page.getByRole('button', { name: 'Get embed code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
  const code = dialog.getByLabel('Embed code');
  await expect(dialog.getByLabel('Auto height')).toBeChecked();
  await expect(code).toHaveValue(/bottleneck-lab:height/);
  // A size preset sets the frame's size, and the preview is that frame.
  await dialog.getByLabel('Size').selectOption({ label: 'Small (640 x 480)' });
  await expect(dialog.getByLabel('Width', { exact: true })).toHaveValue('640');
  await expect(dialog.getByLabel('Height', { exact: true })).toHaveValue('480');
  await expect(code).toHaveValue(/max-width:640px/);
  const frameEl = dialog.locator('iframe[title="Embed preview"]');
  await expect(frameEl).toHaveAttribute('width', '640');
  // Chart-only, with one chart chosen: the link says so and the preview shows just that chart.
  await dialog.getByLabel('Charts only').check();
  const chooser = dialog.getByRole('group', { name: 'Charts to show' });
  for (const box of await chooser.getByRole('checkbox').all())
    if ((await box.locator('..').textContent()) !== 'Queue') await box.uncheck();
  // Queue alone: not the prefix of a list (view.charts=queue,delay,...) seen while boxes are
  // still being unchecked.
  const queueOnly = /view\.charts=queue(?![,\w%])/;
  await expect(code).toHaveValue(queueOnly);
  await expect(code).toHaveValue(/view\.panels=charts[^,]/);
  await expect(frameEl).toHaveAttribute('src', queueOnly);
  const preview = (await frameEl.elementHandle())!;
  await expect.poll(async () => (await preview.contentFrame())?.url() ?? '').toMatch(queueOnly);
  const pf = (await preview.contentFrame())!;
  await pf.waitForFunction(() => window.__bl !== undefined);
  await expect(pf.locator('[data-chart]')).toHaveCount(1);
  await expect(pf.locator('[data-chart="queue"] .chart-plot')).toBeVisible();
  // With auto height the preview follows the page's height, as the host's frame will.
  const rootH = await pf.evaluate(() => Math.ceil(document.getElementById('root')!.getBoundingClientRect().height));
  await expect.poll(async () => Number(await frameEl.getAttribute('height'))).toBe(rootH);

  // The course page's origin: refused with a message when it is not an address, else written as
  // &host= (the embed then obeys and reports its height to that origin alone).
  const course = `http://localhost:${new URL(baseURL!).port}`;
  const origin = dialog.getByLabel('Course page origin');
  await origin.fill('course.example');
  await expect(dialog.getByRole('alert')).toHaveText(/^Course page origin: "course.example" is not a web address/);
  await expect(code).not.toHaveValue(/host=/);
  await origin.fill(`${course}/week3/index.html`);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(code).toHaveValue(
    new RegExp(`\\?embed=1&amp;host=${encodeURIComponent(course).replace(/%/g, '%')}&amp;auto=\\d+#`),
  );

  // The code on a course page (another origin): the frame takes the height the page reports.
  const snippet = await code.inputValue();
  await page.goto(`http://localhost:${new URL(baseURL!).port}/presets/xqm-dumbbell.json`);
  await page.setContent(`<!doctype html><title>Course</title><h1>Week 3</h1>${snippet}`);
  const host = page.locator('#bottleneck-lab');
  const frame = (await (await host.elementHandle())!.contentFrame())!;
  await frame.waitForFunction(() => window.__bl !== undefined);
  await frame.evaluate(() => window.__bl!.ready());
  const inner = () => frame.evaluate(() => Math.ceil(document.getElementById('root')!.getBoundingClientRect().height));
  await expect.poll(async () => Math.round((await host.boundingBox())!.height) - (await inner())).toBe(0);
  // One chart fits the chosen Small size: the frame keeps its 480 px (e2e/embed-fit.spec.ts).
  expect(await inner()).toBe(480);
});
