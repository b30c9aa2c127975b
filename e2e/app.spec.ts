// What a person does with Bottleneck Lab, in real Chromium against the real WASM core.
import { readFile } from 'node:fs/promises';
import { Lab, test, expect, openMore } from './fixtures';

// How soon (the issue asks 2 s) is measured by `npm run bench:fps` ("first visit"), not here: a
// timed assertion fails on a busy machine for reasons that are not the app's (docs/bench.md).
test('the default scenario runs and its charts draw on their own after loading', async ({ lab, page }) => {
  // Charts off screen are drawn when scrolled into view: make them all visible.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto('/');
  await page.waitForFunction(
    () => {
      const bl = window.__bl;
      if (!bl || bl.now() <= 0) return false;
      const c = bl.charts();
      return ['cwnd', 'queue', 'throughput', 'loss', 'jain'].every((id) => (c[id]?.points ?? 0) > 0);
    },
    undefined,
    { timeout: 15_000 },
  );
  expect(await lab.status()).toBe('playing');
  // The XQM dumbbell: 20 flows and one bottleneck queue.
  const cols = await lab.columns();
  expect(cols).toContain('flow.19.cwnd');
  expect(cols).not.toContain('flow.20.cwnd');
  expect(cols).toContain('queue.bottleneck.len');
  await expect(page.getByRole('heading', { name: 'Throughput per flow' })).toBeVisible();
  // Simulated time advances on its own, and the readout shows it.
  const t1 = await lab.now();
  await lab.waitFor(t1 + 0.5);
  await expect(page.getByTestId('sim-time')).not.toHaveText('0.00 s');
  // The schedule's steps are marked on the charts.
  const labels = (await lab.marks()).map((m) => m.label);
  expect(labels).toEqual(['exogenous loss 0% -> 1%', 'exogenous loss 1% -> 5%']);
});

test('changing exogenous loss while running changes the throughput seen', async ({ lab, page }) => {
  // A long run, so the change and the 12 s after it fit even when a busy machine lags.
  await lab.open('#v=1&duration=300&exoLoss.kind=none&exoLoss.steps=~&view.speed=10');
  const runId = await lab.runId();
  await lab.waitFor(8);
  expect(await lab.status()).toBe('playing');
  const input = page.getByLabel('Exogenous loss (all flows)', { exact: true });
  // Out-of-range input is refused by the core, its range shown at the control in the units the
  // control is typed in: loss in % (the link and the core keep the fraction, 1.5 here).
  await input.fill('150');
  await input.press('Enter');
  const control = page.locator('.live-panel .param').filter({ has: input });
  await expect(control.locator('.param-error')).toHaveText('Allowed: a number from 0% to 100%');
  await expect(page.getByText('allowed [0, 1]')).toHaveCount(0);
  expect((await lab.marks()).length).toBe(0);
  await input.fill('15');
  await input.press('Enter');
  await expect.poll(async () => (await lab.marks()).length).toBe(1);
  const mark = (await lab.marks())[0]!;
  expect(mark.label).toBe('exogenous loss 0% -> 15%');
  expect(await lab.runId()).toBe(runId); // applied live, no restart
  await lab.waitFor(mark.t + 12);
  const exoBefore = await lab.flowMean('lossExo', 1, mark.t);
  const exoAfter = await lab.flowMean('lossExo', mark.t + 2, mark.t + 12);
  expect(exoBefore).toBe(0);
  expect(exoAfter).toBeGreaterThan(0.05);
  const thrBefore = await lab.flowSum('thr', 3, mark.t);
  const thrAfter = await lab.flowSum('thr', mark.t + 2, mark.t + 12);
  // 20 NewReno flows keep a 16 Mb/s link busy through a few % of random loss; at 15 % they cannot.
  expect(thrAfter).toBeLessThan(thrBefore * 0.6);
  // The change is part of the link now.
  expect(new URL(page.url()).hash).toContain('live=');
});

test('a shared link reproduces the summary numbers exactly', async ({ lab, page, browser }) => {
  await lab.open('#v=1&seed=7&duration=12&flows.count=6&exoLoss.kind=bernoulli&exoLoss.rate=0.01&exoLoss.steps=~');
  await lab.runUntil(4);
  await page.getByLabel('Exogenous loss (all flows)', { exact: true }).fill('3');
  await page.getByLabel('Exogenous loss (all flows)', { exact: true }).press('Enter');
  await expect.poll(async () => (await lab.marks()).length).toBe(1);
  await lab.runUntil(12);
  const first = await lab.summary();
  expect(first.simSeconds).toBeCloseTo(12, 6);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('seed=7');
  expect(link).toMatch(/live=4:flows:exoLoss:0\.03/);

  const other = new Lab(await (await browser.newContext()).newPage());
  await other.page.goto(link);
  await other.page.waitForFunction(() => window.__bl !== undefined);
  await other.page.evaluate(() => window.__bl!.ready());
  await other.runUntil(12);
  const second = await other.summary();
  const strip = (s: typeof first) => ({ ...s, wallSeconds: 0 });
  expect(strip(second)).toEqual(strip(first));
  expect(first.flows.some((f) => f.exogenousLosses > 0)).toBe(true);
});

test('a broken link loads what it can and says what it dropped', async ({ lab, page }) => {
  await lab.open(
    '#v=9&seed=abc&queue.buffer=-5&flows.count=5&bogus.key=1&view.charts=nope,queue&flowOverrides=[{"flow":1,"bogus":2}]',
  );
  await expect(page.getByTestId('notice')).toBeVisible();
  const text = await page.getByTestId('notice').innerText();
  // Each named as a student reads it: the field's label (the key where it has none), in units.
  for (const w of ['version 9', 'Seed', 'Buffer: -5 packets', 'bogus.key', 'nope', 'Flow 1: bogus'])
    expect(text).toContain(w);
  // What was valid was kept, and the run works.
  expect((await lab.columns()).filter((c) => c.endsWith('.cwnd'))).toHaveLength(5);
  await lab.runUntil(1);
  await expect.poll(async () => (await lab.charts()).queue?.points ?? 0).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: /Queue length/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Congestion window' })).toHaveCount(0);
});

test('embed mode renders the chosen panels only, and the embed dialog writes the snippet', async ({ lab, page }) => {
  await lab.open('#v=1&view.panels=controls,charts&view.charts=throughput,jain', '?embed=1');
  await expect(page.getByRole('toolbar', { name: 'Simulation controls' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Throughput per flow' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Jain's index per 0.1 s interval" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scenario' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Flows' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open in Bottleneck Lab' })).toBeVisible();
  await lab.runUntil(1);
  await expect.poll(async () => (await lab.charts()).throughput?.points ?? 0).toBeGreaterThan(0);

  // The embed page works without a query string too.
  await page.goto('/embed.html#v=1&view.panels=charts&view.charts=queue');
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  await expect(page.getByRole('heading', { name: /Queue length/ })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Simulation controls' })).toHaveCount(0);

  await lab.open('');
  await openMore(page);
  await page.getByRole('button', { name: 'Get embed code' }).click();
  await page.getByRole('checkbox', { name: 'topology' }).check();
  const code = await page.getByLabel('Embed code').inputValue();
  expect(code).toMatch(
    /^<iframe id="bottleneck-lab" src="[^"]*\?embed=1&amp;auto=640#v=1&amp;view.panels=controls,topology,charts"/,
  );
});

test('CSV export downloads the time series', async ({ lab, page }) => {
  await lab.open('#v=1&flows.count=3');
  await lab.runUntil(3);
  await openMore(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('bottleneck-lab-series.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]!.split(',')).toEqual(await lab.columns());
  const ts = await lab.series('t');
  expect(lines.length - 1).toBe(ts.length);
  expect(Number(lines[lines.length - 1]!.split(',')[0])).toBeCloseTo(3, 6);

  // Each chart saves as SVG (with its lines as paths) and as PNG.
  const [svgDl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save Throughput per flow as SVG' }).click(),
  ]);
  const svg = await readFile((await svgDl.path())!, 'utf8');
  expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect((svg.match(/<path d="M/g) ?? []).length).toBeGreaterThanOrEqual(3);
  const [pngDl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save Throughput per flow as PNG' }).click(),
  ]);
  const png = await readFile((await pngDl.path())!);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
});

test('picking a preset runs it and puts it in the link', async ({ lab, page }) => {
  await lab.open('');
  const before = await lab.runId();
  await page.getByLabel('Preset').selectOption('xqm-fig2-red');
  await expect.poll(() => lab.runId()).toBeGreaterThan(before);
  await page.evaluate(() => window.__bl!.ready());
  await expect(page.getByLabel('Queue kind')).toHaveValue('red');
  expect(new URL(page.url()).hash).toContain('preset=xqm-fig2-red');
  await lab.runUntil(2);
  expect((await lab.series('queue.bottleneck.avg')).length).toBeGreaterThan(10);
});

test('legend toggles flows, keyboard zooms the time axis, hover shows values', async ({ lab, page }) => {
  await lab.open('#v=1&flows.count=4&view.charts=throughput');
  await lab.runUntil(10);
  const chart = page.locator('[data-chart="throughput"]');
  const legendFlow1 = chart.getByRole('button', { name: '1', exact: true });
  await expect(legendFlow1).toHaveAttribute('aria-pressed', 'true');
  await legendFlow1.click();
  await expect(legendFlow1).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => new URL(page.url()).hash).toContain('view.hide=1');

  const ticks = () => chart.locator('g.x-axis .tick text').allTextContents();
  expect(await ticks()).toContain('0s');
  const plot = chart.getByRole('img');
  await plot.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect.poll(ticks).not.toContain('0s');
  await page.keyboard.press('0');
  await expect.poll(ticks).toContain('0s');

  await plot.hover({ position: { x: 200, y: 60 } });
  const tip = chart.locator('.chart-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('t = ');
  await expect(tip).toContainText('flow 0:');
  await expect(tip).not.toContainText('flow 1:');
});
