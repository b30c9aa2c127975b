// Reading the charts without a mouse (issue 24, item 9): a readout moved by keys, a readout where
// a finger taps, a data table with the numbers of the CSV, and the page's landmarks and headings
// in order (axe's moderate rules region, heading-order, landmark-one-main) in main and compare mode.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { test, expect, openMore } from './fixtures';
import { axeViolations, seriousViolations } from './axe';

/** The readout's values under a chart, as [name, number] pairs, and its time. */
async function readout(chart: Locator): Promise<{ t: number; values: [string, number][] }> {
  const box = chart.getByTestId('readout');
  const head = (await box.locator(':scope > b').textContent())!;
  const t = Number(/^t = ([\d.]+) s$/.exec(head)![1]);
  const values = (await box.locator('.readout-value').allTextContents()).map((s): [string, number] => {
    const m = /^(.+) ([-\d.e+]+) Mb\/s$/.exec(s);
    if (!m) throw new Error(`unexpected readout value "${s}"`);
    return [m[1]!, Number(m[2])];
  });
  return { t, values };
}

/** Each flow's throughput in Mb/s at the sample at time t, from the run's data (window.__bl). */
async function throughputAt(page: Page, t: number): Promise<number[]> {
  return page.evaluate((at) => {
    const bl = window.__bl!;
    const ts = bl.series('t');
    let i = 0;
    for (let k = 1; k < ts.length; k++) if (Math.abs(ts[k]! - at) < Math.abs(ts[i]! - at)) i = k;
    const out: number[] = [];
    for (let f = 0; bl.columns().includes(`flow.${f}.thr`); f++) out.push(bl.series(`flow.${f}.thr`)[i]! * 1e-6);
    return out;
  }, t);
}

/** Numbers as the chart writes them (5 significant digits) agree with the data. */
function expectSame(shown: number[], data: number[]): void {
  expect(shown.length).toBe(data.length);
  shown.forEach((v, i) => expect(Math.abs(v - data[i]!)).toBeLessThanOrEqual(Math.abs(data[i]!) * 1e-4 + 1e-9));
}

test('keyboard: Tab to a chart, Enter and the arrows read the values at a sample, announced once it rests', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await lab.open('#v=1&flows.count=4');
  await lab.runUntil(10);
  const chart = page.locator('[data-chart="throughput"]');
  const plot = chart.locator('.chart-plot');
  // The key map is the plot's description.
  await expect(plot).toHaveAccessibleDescription(/Enter shows the values at one time/);
  await chart.getByRole('button', { name: 'Save Throughput per flow as SVG' }).focus();
  await page.keyboard.press('Tab');
  await expect(plot).toBeFocused();

  // Enter: the readout at the last sample, 10 s (the run paused there).
  await page.keyboard.press('Enter');
  const box = chart.getByTestId('readout');
  await expect(box).toBeVisible();
  let r = await readout(chart);
  expect(r.t).toBeCloseTo(10, 6);
  expect(r.values.map((v) => v[0])).toEqual(['flow 0', 'flow 1', 'flow 2', 'flow 3']);
  expectSame(
    r.values.map((v) => v[1]),
    await throughputAt(page, 10),
  );

  // Three samples back (0.1 s each), then ten back with Shift: 9.7 s, 8.7 s.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await expect(box.locator(':scope > b')).toHaveText('t = 9.7 s');
  r = await readout(chart);
  expectSame(
    r.values.map((v) => v[1]),
    await throughputAt(page, 9.7),
  );
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(box.locator(':scope > b')).toHaveText('t = 8.7 s');
  r = await readout(chart);
  expectSame(
    r.values.map((v) => v[1]),
    await throughputAt(page, 8.7),
  );
  // Said politely once it rests, with the same time and values.
  const live = chart.getByTestId('readout-live');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live).toHaveText(/^t = 8\.7 s: flow 0 [\d.]+ Mb\/s; flow 1 .*; flow 3 [\d.]+ Mb\/s\.$/);

  // A burst of moves (a held key) is said once, at the sample where it stops.
  const said = await page.evaluate(async () => {
    const el = document.querySelector('[data-chart="throughput"] [data-testid="readout-live"]')!;
    const texts: string[] = [];
    const mo = new MutationObserver(() => texts.push(el.textContent ?? ''));
    mo.observe(el, { childList: true, characterData: true, subtree: true });
    const plotEl = document.querySelector('[data-chart="throughput"] .chart-plot')!;
    for (let i = 0; i < 8; i++)
      plotEl.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    await new Promise((res) => setTimeout(res, 1500));
    mo.disconnect();
    return texts;
  });
  expect(said.filter((s) => s !== '')).toHaveLength(1);
  expect(said[said.length - 1]).toMatch(/^t = 9\.5 s: /);

  // Zoom and pan keep working while the readout is shown; 0 shows the whole run again.
  const ticks = () => chart.locator('g.x-axis .tick text').allTextContents();
  expect(await ticks()).toContain('0s');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect.poll(ticks).not.toContain('0s');
  await page.keyboard.press('0');
  await expect.poll(ticks).toContain('0s');
  // Home: the first sample shown; Escape hides the readout.
  await page.keyboard.press('Home');
  await expect(box.locator(':scope > b')).toHaveText('t = 0.1 s');
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(live).toHaveText('');
});

test.describe('touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on a chart shows the values at the tapped time, named as the legend names the flows', async ({
    lab,
    page,
  }) => {
    const duration = 20;
    await lab.open(`#v=1&preset=bbr-vs-cubic&duration=${duration}&view.speed=0`);
    await lab.runUntil(10);
    const chart = page.locator('[data-chart="throughput"]');
    await expect(chart.locator('.legend-toggle')).toHaveText(['0 BBR', '1 CUBIC']);
    const plot = chart.locator('.chart-plot');
    await plot.scrollIntoViewIfNeeded();
    const box = (await plot.boundingBox())!;
    // The plot spans the run (0 to its duration) between 52 px from the left and 12 px from the right.
    const x = 52 + (box.width - 64) * 0.1;
    await plot.tap({ position: { x, y: box.height / 2 } });
    const readoutBox = chart.getByTestId('readout');
    await expect(readoutBox).toBeVisible();
    const r = await readout(chart);
    const tapped = duration * 0.1;
    // The nearest sample: within half a sample (0.05 s) and a pixel of the tapped time.
    expect(Math.abs(r.t - tapped)).toBeLessThanOrEqual(0.05 + duration / (box.width - 64) + 1e-9);
    expect(r.values.map((v) => v[0])).toEqual(['flow 0 (BBR)', 'flow 1 (CUBIC)']);
    expectSame(
      r.values.map((v) => v[1]),
      await throughputAt(page, r.t),
    );
    // The readout is on screen at once, under the plot, with a way to hide it by touch.
    await expect(readoutBox).toBeInViewport();
    await chart.getByRole('button', { name: 'Hide the values at one time of Throughput per flow' }).tap();
    await expect(readoutBox).toBeHidden();
  });
});

test.describe('share chart, touch and keyboard', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the long-run share chart reads one flow's bar by keyboard and by a tap", async ({ lab, page }) => {
    await lab.open('#v=1&flows.count=3&topology.bottleneckRate=12000000&view.charts=share');
    await lab.runUntil(10);
    const chart = page.locator('[data-chart="share"]');
    const plot = chart.locator('.chart-plot');
    const box = chart.getByTestId('readout');
    /** The readout: the flow named, its mean over [from, to] and its target share, in Mb/s. */
    const read = async () => {
      const name = (await box.locator(':scope > b').textContent())!;
      const [mean, target] = await box.locator('.readout-value').allTextContents();
      const m = /^mean from ([\d.]+) s to ([\d.]+) s ([-\d.e+]+) Mb\/s$/.exec(mean!)!;
      return { name, from: Number(m[1]), to: Number(m[2]), mean: Number(m[3]), target };
    };
    const meanOf = (f: number, from: number, to: number) =>
      page.evaluate(([g, a, b]) => window.__bl!.mean(`flow.${g}.thr`, a!, b!) * 1e-6, [f, from, to]);

    // The key map is the plot's description; the plot is the next stop after the chart's buttons.
    await expect(plot).toHaveAccessibleDescription(/Enter shows one flow's values/);
    await chart.getByRole('button', { name: 'Save the share chart as SVG' }).focus();
    await page.keyboard.press('Tab');
    await expect(plot).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box).toBeVisible();
    let r = await read();
    expect(r.name).toBe('flow 0');
    expect(r.to).toBeCloseTo(10, 6);
    expectSame([r.mean], [await meanOf(0, r.from, r.to)]);
    // A third of the 12 Mb/s bottleneck (three flows of weight 1).
    expect(r.target).toBe('target share 4 Mb/s');
    // Said politely once it rests.
    await expect(chart.getByTestId('readout-live')).toHaveText(
      /^flow 0: mean from [\d.]+ s to 10 s [\d.]+ Mb\/s; target share 4 Mb\/s\.$/,
    );
    // Bar to bar: right, End, right again stays on the last; Home to the first.
    await page.keyboard.press('ArrowRight');
    await expect(box.locator(':scope > b')).toHaveText('flow 1');
    r = await read();
    expectSame([r.mean], [await meanOf(1, r.from, r.to)]);
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect(box.locator(':scope > b')).toHaveText('flow 2');
    await page.keyboard.press('Home');
    await expect(box.locator(':scope > b')).toHaveText('flow 0');
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();

    // A tap on flow 2's bar reads flow 2, on screen under the plot; Hide by touch.
    await chart.locator('g.bars rect').nth(2).tap();
    await expect(box.locator(':scope > b')).toHaveText('flow 2');
    r = await read();
    expectSame([r.mean], [await meanOf(2, r.from, r.to)]);
    await expect(box).toBeInViewport();
    await chart
      .getByRole('button', { name: 'Hide the values of one flow of Long-run throughput vs target share' })
      .tap();
    await expect(box).toBeHidden();
  });
});

test('the table shows the numbers of the CSV export, in the chart units, with a caption and header cells', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await lab.open('#v=1&flows.count=3');
  await lab.runUntil(10);
  const chart = page.locator('[data-chart="throughput"]');
  const toggle = chart.getByRole('button', { name: 'Table of Throughput per flow' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const table = chart.getByRole('region', { name: 'Table of Throughput per flow' }).locator('table');
  await expect(table).toBeVisible();
  // 100 samples (0.1 .. 10 s) in view: one in two, every 0.2 s, 50 rows.
  await expect(table.locator('caption')).toHaveText(
    'Throughput per flow, in Mb/s: 50 times from 0.2 s to 10 s, every 0.2 s (one sample in 2; zoom in for all).',
  );
  await expect(table.locator('thead th[scope="col"]')).toHaveText([
    'Time (s)',
    'flow 0 (Mb/s)',
    'flow 1 (Mb/s)',
    'flow 2 (Mb/s)',
  ]);
  await expect(table.locator('tbody th[scope="row"]')).toHaveCount(50);
  const row = table.locator('tbody tr').nth(9); // 2.0 s
  const cells = [...(await row.locator('th').allTextContents()), ...(await row.locator('td').allTextContents())];
  expect(cells[0]).toBe('2');

  // The chart's CSV has that very row, as text.
  const [chartDl] = await Promise.all([
    page.waitForEvent('download'),
    chart.getByRole('button', { name: 'Save Throughput per flow as CSV' }).click(),
  ]);
  const chartCsv = (await readFile((await chartDl.path())!, 'utf8')).trim().split('\n');
  expect(chartCsv[0]).toBe('Time (s),flow 0 (Mb/s),flow 1 (Mb/s),flow 2 (Mb/s)');
  expect(chartCsv).toContain(cells.join(','));
  expect(chartCsv.length - 1).toBe((await lab.series('t')).length);

  // The run's CSV (bits/s) has the same numbers at 2 s, in Mb/s to the 5 digits shown.
  await openMore(page);
  const [runDl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const runCsv = (await readFile((await runDl.path())!, 'utf8')).trim().split('\n');
  const head = runCsv[0]!.split(',');
  const at2 = runCsv.map((l) => l.split(',')).find((c) => Math.abs(Number(c[0]) - 2) < 1e-9)!;
  expectSame(
    cells.slice(1).map(Number),
    [0, 1, 2].map((f) => Number(at2[head.indexOf(`flow.${f}.thr`)]) * 1e-6),
  );
  // Closed again.
  await toggle.click();
  await expect(table).toBeHidden();
});

test('the long-run share chart has a table too: each flow shown, its mean throughput and target share', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await lab.open('#v=1&flows.count=3&topology.bottleneckRate=12000000&view.charts=share&view.hide=1');
  await lab.runUntil(10);
  const chart = page.locator('[data-chart="share"]');
  await chart.getByRole('button', { name: 'Table of Long-run throughput vs target share' }).click();
  const table = chart.getByRole('region', { name: 'Table of Long-run throughput vs target share' }).locator('table');
  await expect(table.locator('thead th[scope="col"]')).toHaveText([
    'Flow',
    'Mean throughput (Mb/s)',
    'Target share (Mb/s)',
  ]);
  // Flow 1 is hidden in the legend (view.hide=1): flows 0 and 2.
  await expect(table.locator('tbody th[scope="row"]')).toHaveText(['flow 0', 'flow 2']);
  const caption = (await table.locator('caption').textContent())!;
  const [, from, to] = /from ([\d.]+) s to ([\d.]+) s/.exec(caption)!.map(Number);
  expect(to).toBeCloseTo(10, 6);
  const shown = (await table.locator('tbody td').allTextContents()).map(Number);
  const means = await page.evaluate(
    ([a, b]) => [0, 2].map((f) => window.__bl!.mean(`flow.${f}.thr`, a!, b!) * 1e-6),
    [from, to],
  );
  // Cells by row: flow 0's mean and target, then flow 2's. A target is a third of the 12 Mb/s
  // bottleneck (three flows of weight 1): 4 Mb/s.
  expectSame([shown[0]!, shown[2]!], means);
  expect([shown[1], shown[3]]).toEqual([4, 4]);
});

/** axe's landmark and heading rules over the page (light: only these three rules run). */
const landmarkProblems = (page: Page): Promise<string[]> =>
  axeViolations(page, { rules: ['region', 'heading-order', 'landmark-one-main'] });

test('landmarks and headings: main page with a readout and a table open', async ({ lab, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await lab.open('#v=1&flows.count=4');
  await lab.runUntil(3);
  const chart = page.locator('[data-chart="cwnd"]');
  await chart.locator('.chart-plot').focus();
  await page.keyboard.press('Enter');
  await expect(chart.getByTestId('readout')).toBeVisible();
  await chart.getByRole('button', { name: 'Table of Congestion window' }).click();
  await expect(chart.locator('table')).toBeVisible();
  expect(await landmarkProblems(page)).toEqual([]);
  expect(await seriousViolations(page, '[data-chart="cwnd"]')).toEqual([]);
});

test('landmarks and headings: compare mode', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#v=1&compare=queue.kind:red');
  await page.waitForFunction(() => window.__bl?.compare() != null);
  await page.evaluate(() => window.__bl!.compare()!.runUntil(3));
  await expect(page.locator('[data-chart="compare-jain"] canvas')).toBeVisible();
  expect(await landmarkProblems(page)).toEqual([]);
});
