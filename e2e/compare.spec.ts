// Compare mode: the same scenario with DropTail (A) and RED (B), two workers in lockstep.
import { test, expect, openMore } from './fixtures';

test('compare mode runs DropTail and RED in lockstep and shows both', async ({ lab, page }) => {
  // Charts off screen are drawn when scrolled into view: make them all visible.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto('/#v=1&duration=120&view.speed=0&compare=queue.kind:red');
  await page.waitForFunction(() => window.__bl?.compare() != null);
  // Playing as fast as possible, both sides reach every tick's time before either moves on.
  await page.waitForFunction(() => window.__bl!.compare()!.ticks().length >= 3);
  const ticks = await page.evaluate(() => window.__bl!.compare()!.ticks());
  for (const t of ticks) expect(t.b).toBe(t.a);
  // Driven to a time, both reach it. The time is chosen past where the playing loop may already
  // be (its tick in flight ends at most 2 s on), so a fast or a slow machine gives the same result.
  const [t, reached] = await page.evaluate(() => {
    const c = window.__bl!.compare()!;
    const target = Math.max(20, Math.ceil(Math.max(...c.now())) + 4);
    return c.runUntil(target).then((r) => [target, r] as const);
  });
  expect(reached).toEqual([t, t]);
  expect(await page.evaluate(() => window.__bl!.compare()!.now())).toEqual([t, t]);
  expect(await page.evaluate(() => window.__bl!.compare()!.diff())).toBe('queue.kind = red');

  // Both Jain series are drawn on the one chart, and each side has its own throughput and queue charts.
  await expect
    .poll(async () => {
      const c = (await lab.charts())['compare-jain'];
      return Math.min(c?.series?.['a.jain'] ?? 0, c?.series?.['b.jain'] ?? 0);
    })
    .toBeGreaterThan(50);
  const charts = await lab.charts();
  for (const id of ['throughput.a', 'throughput.b', 'queue.a', 'queue.b'])
    expect(charts[id]?.points ?? 0).toBeGreaterThan(0);
  await expect(
    page.getByRole('heading', { name: 'Queue length (bottleneck) (B: Queue discipline = red)' }),
  ).toBeVisible();

  // Same time, same seed, different queue: RED keeps the average queue far below DropTail's.
  const [a, b] = await page.evaluate(() =>
    Promise.all([window.__bl!.compare()!.summary('a'), window.__bl!.compare()!.summary('b')]),
  );
  expect(a.simSeconds).toBe(t);
  expect(b.simSeconds).toBe(t);
  expect(b.queues[0]!.meanLength).toBeLessThan(a.queues[0]!.meanLength * 0.8);
  expect(b.queues[0]!.drops).not.toEqual(a.queues[0]!.drops);
  // The table shows the two runs' numbers side by side.
  const row = page.locator('[data-testid="compare-table"] tr[data-row="Mean queue length"]');
  await expect(row.locator('[data-side="a"]')).toHaveText(a.queues[0]!.meanLength.toFixed(1));
  await expect(row.locator('[data-side="b"]')).toHaveText(b.queues[0]!.meanLength.toFixed(1));
  await expect(page.locator('[data-testid="compare-table"] tr[data-row="Simulated time"] [data-side="b"]')).toHaveText(
    t.toFixed(2),
  );
});

test('"Compare with..." switches any scenario to compare mode, and the link keeps it', async ({ lab, page }) => {
  await lab.open('#v=1&duration=30');
  await openMore(page);
  await page.getByRole('button', { name: 'Compare with...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare with...' });
  // A's value is named as the chooser names the field, in its units, not by the scenario path.
  await expect(dialog).toContainText('A: Queue discipline = DropTail');
  await dialog.getByLabel('What differs').selectOption('topology.bottleneckRate');
  await expect(dialog).toContainText('A: Topology: Bottleneck rate = 16 Mb/s');
  await expect(dialog).not.toContainText('topology.bottleneckRate');
  await dialog.getByLabel('What differs').selectOption('flows.cc');
  await dialog.getByLabel('Value for B').selectOption('vegas');
  await dialog.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(
    page.getByText('Comparing A (this scenario, Congestion control = Reno (AIMD)) with B (Congestion control = Vegas)'),
  ).toBeVisible();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('compare=flows.cc:vegas');
  await page.waitForFunction(() => window.__bl?.compare() != null);
  expect(await page.evaluate(() => window.__bl!.compare()!.runUntil(5))).toEqual([5, 5]);
  // Leaving compare mode runs the single scenario again.
  await page.getByRole('button', { name: 'Leave compare mode' }).click();
  await expect(page.getByTestId('compare')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('compare=');
  await expect.poll(() => lab.status()).toBe('playing');
});

test("a link's B value the core refuses is named with its range, and B does not run", async ({ lab, page }) => {
  // maxP 3 is read as a number; the core's check refuses it (the page no longer judges it), and
  // its range is worded in the field's units (a probability in %).
  await lab.open('#v=1&duration=30&queue.kind=red&compare=queue.maxP:3');
  await expect(page.getByText('Cannot compare: compare queue.maxP: Allowed: a number from 0% to 100%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset' })).toBeDisabled();
});
