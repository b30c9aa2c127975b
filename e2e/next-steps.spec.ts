// Issue 23, items 4, 6, 7, 9 and 10: what the page says and offers after a run and around it,
// followed step by step as the issue wrote them, at 1440x900.
import { test, expect, type Lab, openMore } from './fixtures';
import type { Page } from '@playwright/test';

/** A minus sign on a number that shows as zero: "-0", "-0.0", "-0.000". */
const NEGATIVE_ZERO = /(^|[^\d.])-0(\.0+)?(?![\d.])/m;

async function liveChange(lab: Lab, page: Page, value: number): Promise<void> {
  const own = async () => (await lab.marks()).filter((m) => !m.schedule).length;
  const before = await own();
  await page.evaluate((v) => window.__bl!.setParam('flows', 'exoLoss', v), value);
  await expect.poll(own).toBe(before + 1);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("item 4: compare names the per-interval and the measured-window Jain's index apart, and never shows -0.0", async ({
  page,
}) => {
  await page.goto('/#v=1&flows.count=30&view.speed=0&compare=queue.kind:red');
  await page.waitForFunction(() => window.__bl?.compare() != null);
  // Run to the end (the scenario's 60 s).
  expect(await page.evaluate(() => window.__bl!.compare()!.runUntil(60))).toEqual([60, 60]);
  const [a, b] = await page.evaluate(() =>
    Promise.all([window.__bl!.compare()!.summary('a'), window.__bl!.compare()!.summary('b')]),
  );
  // The chart is per sample interval (0.1 s); the table's number is over the measured window.
  await expect(page.getByRole('heading', { name: "Jain's index per 0.1 s interval, A and B" })).toBeVisible();
  const row = page.locator('[data-testid="compare-table"] tr', {
    hasText: "Jain's index over the measured window (from 0 s)",
  });
  await expect(row.first().locator('[data-side="a"]')).toHaveText(a.jain.toFixed(3));
  await expect(row.first().locator('[data-side="b"]')).toHaveText(b.jain.toFixed(3));
  await expect(page.locator('[data-testid="compare-table"]')).not.toContainText(/Jain's index\t/);
  // Both runs keep the link ~100 % busy: the difference of utilisations rounds to 0.0, shown without a sign.
  const util = page.locator('[data-testid="compare-table"] tr[data-row="Bottleneck utilization"]');
  await expect(util.locator('td').last()).toHaveText(/^\d/);
  expect(await page.evaluate(() => document.body.innerText)).not.toMatch(NEGATIVE_ZERO);
});

test("item 4: the chart, the print summary and the glossary say which Jain's index each is", async ({ lab, page }) => {
  await lab.open('#v=1&flows.count=30&view.speed=0');
  await lab.runUntil(60);
  await expect.poll(() => lab.status()).toBe('finished');
  await expect(page.getByRole('heading', { name: "Jain's index per 0.1 s interval" })).toBeVisible();
  const glossary = page.locator('details.glossary');
  await glossary.locator('summary').click();
  await expect(glossary).toContainText("Jain's index per sample interval");
  await expect(glossary).toContainText("Jain's index over the measured window");
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await openMore(page);
  await page.getByRole('button', { name: 'Print summary' }).click();
  const sheet = page.getByTestId('print-sheet');
  const s = await lab.summary();
  await expect(sheet.locator('.print-numbers')).toContainText(
    `Jain's index over the measured window (from 0 s to 60 s) ${s.jain.toFixed(3)}`,
  );
  await expect(sheet.locator('figcaption', { hasText: 'Jain' })).toHaveText("Jain's index per 0.1 s interval");
  expect(await page.evaluate(() => document.body.innerText)).not.toMatch(NEGATIVE_ZERO);
});

test('item 6: Edit scenario -> Run asks whether to keep the live changes, and closes the drawer', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&view.speed=1');
  await lab.runUntil(5);
  await liveChange(lab, page, 0.02);
  await expect.poll(() => page.url()).toContain('live=');
  const drawer = page.getByRole('dialog', { name: 'Scenario editor' });
  const kind = drawer.locator('[data-key="queue.kind"] select');

  // Keep them: the new run replays the change, and the link keeps it.
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await kind.selectOption('codel');
  await expect(drawer.getByTestId('live-keep')).toContainText('one live change');
  await expect(drawer.getByTestId('live-keep')).toContainText('exogenous loss');
  let runId = await lab.runId();
  await drawer.getByRole('button', { name: 'Run with the live change' }).click();
  await expect(drawer).toBeHidden();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await page.evaluate(() => window.__bl!.ready());
  expect(page.url()).toContain('queue.kind=codel');
  expect(page.url()).toContain('live=');
  await lab.runUntil(10);
  expect((await lab.marks()).filter((m) => !m.schedule).map((m) => m.value)).toEqual([0.02]);

  // Drop them, on purpose: the button says so, and the link has no live changes left.
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await kind.selectOption('pie');
  runId = await lab.runId();
  await drawer.getByRole('button', { name: 'Run without it' }).click();
  await expect(drawer).toBeHidden();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await page.evaluate(() => window.__bl!.ready());
  expect(page.url()).toContain('queue.kind=pie');
  expect(page.url()).not.toContain('live=');

  // Without live changes there is one button, as before.
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await kind.selectOption('droptail');
  await expect(drawer.getByTestId('live-keep')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Run this scenario' }).click();
  await expect(drawer).toBeHidden();
});

test('item 7: a finished run offers run again, run longer and change one thing', async ({ lab, page }) => {
  await lab.open('#v=1&view.speed=1&duration=10');
  await lab.runUntil(4);
  await liveChange(lab, page, 0.03);
  await lab.runUntil(10);
  await expect.poll(() => lab.status()).toBe('finished');
  const next = page.getByTestId('run-next');
  await expect(next).toBeVisible();

  // Run longer: the same run to 20 s, the 10 s seen replayed, then on to the end; the change kept.
  const before = await lab.summary();
  let runId = await lab.runId();
  await next.getByRole('button', { name: 'Run longer (to 20 s)' }).click();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await expect.poll(() => page.url()).toContain('duration=20');
  expect(page.url()).toContain('live=');
  // It plays on by itself (not paused); the test hook then takes it to the end at full speed
  // rather than waiting 10 s of simulated time at 1x.
  await expect.poll(() => lab.status()).toBe('playing');
  await lab.runUntil(20);
  await expect.poll(() => lab.status()).toBe('finished');
  expect(await lab.now()).toBeCloseTo(20, 6);
  expect((await lab.marks()).filter((m) => !m.schedule).map((m) => m.value)).toEqual([0.03]);
  // One seed, one result: the first 10 s are the run seen before (its packet counters are only larger now).
  const after = await lab.summary();
  expect(after.simSeconds).toBeCloseTo(20, 6);
  for (const [i, f] of before.flows.entries())
    expect(after.flows[i]!.deliveredPackets).toBeGreaterThanOrEqual(f.deliveredPackets);

  // Run again: the same run from 0, playing.
  runId = await lab.runId();
  await next.getByRole('button', { name: 'Run again' }).click();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await expect.poll(() => lab.status()).toBe('playing');
  await lab.runUntil(20);
  await expect.poll(() => lab.status()).toBe('finished');

  // Change one thing and run: the editor opens.
  await next.getByRole('button', { name: 'Change one thing and run…' }).click();
  await expect(page.getByRole('dialog', { name: 'Scenario editor' })).toBeVisible();
});

test('item 9: the sweep starts from the run on screen, and the run plays on when it ends', async ({ lab, page }) => {
  await lab.open('#v=1&flows.count=30&queue.kind=codel');
  await openMore(page);
  await page.getByRole('button', { name: 'Sweep' }).click();
  const panel = page.getByRole('region', { name: 'Sweep' });
  await expect(panel.getByLabel('Base scenario')).toHaveValue('current');
  // A question for this run: its CoDel queue's buffer (the scenario's 250 packets, from a tenth to four times).
  await expect(panel.getByLabel('Path', { exact: true })).toHaveValue('queue.buffer');
  await expect(panel.getByLabel('Swept parameter').locator('option:checked')).toHaveText(/^queue \(codel\): Buffer/);
  await expect(panel.getByLabel('Values', { exact: true })).toHaveValue('25:1000:6');
  await expect(panel.getByLabel('Series path')).toHaveValue('');
  await expect(panel.getByLabel('Measure', { exact: true })).toHaveValue('jain');
  await expect(panel.getByLabel('Duration (s)')).toHaveValue('60');
  await expect(panel.getByTestId('sweep-pause-note')).toContainText('pauses the run on screen');

  // A short sweep while the run plays: the run pauses, says so, and plays on afterwards.
  await panel.getByLabel('Values', { exact: true }).fill('50,200');
  await panel.getByLabel('Duration (s)').fill('2');
  await panel.getByLabel('Duration (s)').press('Tab');
  await expect.poll(() => lab.status()).toBe('playing');
  await panel.getByRole('button', { name: 'Run sweep' }).click();
  await expect.poll(() => lab.status()).toBe('paused');
  await expect
    .poll(async () => {
      const s = await page.evaluate(() => window.__bl!.sweep());
      return s.running ? 'running' : `${s.done}/${s.total}`;
    })
    .toBe('2/2');
  const sw = await page.evaluate(() => window.__bl!.sweep());
  expect(sw.failures).toEqual([]);
  expect(sw.results.map((r) => r.x)).toEqual(expect.arrayContaining([50, 200]));
  await expect.poll(() => lab.status()).toBe('playing');
});

test('item 9: an SD run keeps the papers sweep of flow k weight, sd against lasd, from the run on screen', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&preset=lasd-10mbps&flows.count=12');
  await openMore(page);
  await page.getByRole('button', { name: 'Sweep' }).click();
  const panel = page.getByRole('region', { name: 'Sweep' });
  await expect(panel.getByLabel('Base scenario')).toHaveValue('current');
  await expect(panel.getByLabel('Path', { exact: true })).toHaveValue(/^flowOverrides\[\d+\]\.weight$/);
  await expect(panel.getByLabel('Series values')).toHaveValue('sd,lasd');
});

test('item 10: "Link copied" does not change the header at 1440 wide', async ({ lab, page }) => {
  await lab.open('#v=1');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const head = page.locator('header.app-head');
  const before = await head.boundingBox();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(head.getByText('Link copied')).toBeVisible();
  const after = await head.boundingBox();
  expect(before!.height).toBeLessThan(60);
  expect(after!.height).toBe(before!.height);
  expect(after!.width).toBe(before!.width);
});
