// More than 20 flows: per-flow charts draw the min..max of all flows as a shaded band with their
// mean, which the legend explains, and a toggle goes back to one line per flow (issue 12).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * The band of `metric` held for the charts, row by row, against the run's own per-flow values
 * (of compare mode's `side` when given): rows where min, mean or max is not what the flows
 * give (`bad`), and rows where the flows differ (`spread`).
 */
function bandCheck(page: Page, metric: string, flows: number, side?: 'a' | 'b') {
  return page.evaluate(
    ([m, n, sd]) => {
      const bl = window.__bl!;
      const c = sd ? bl.compare()! : null;
      const series = (name: string) => (c ? c.series(sd as 'a' | 'b', name) : bl.series(name));
      const b = c ? c.band(sd as 'a' | 'b', m) : bl.band(m);
      const flow = Array.from({ length: n }, (_x, i) => series(`flow.${i}.${m}`));
      const t = series('t');
      let bad = 0;
      let spread = 0;
      for (let j = 0; j < b.t.length; j++) {
        const row = t.indexOf(b.t[j]!);
        const vals = flow.map((f) => f[row]!).filter((v) => !Number.isNaN(v));
        if (row < 0 || vals.length === 0) {
          if (row < 0 || !Number.isNaN(b.min[j]!) || !Number.isNaN(b.max[j]!)) bad++;
          continue;
        }
        const lo = Math.min(...vals);
        const hi = Math.max(...vals);
        const mean = vals.reduce((a, v) => a + v, 0) / vals.length;
        const ok =
          b.min[j]! <= b.mean[j]! &&
          b.mean[j]! <= b.max[j]! &&
          b.min[j] === lo &&
          b.max[j] === hi &&
          Math.abs(b.mean[j]! - mean) <= 1e-9 * Math.max(1, Math.abs(mean));
        if (!ok) bad++;
        if (hi > lo) spread++;
      }
      return { rows: b.t.length, runRows: t.length, bad, spread };
    },
    [metric, flows, side ?? ''] as const,
  );
}

const MANY = '#v=1&flows.count=30&duration=30&exoLoss.kind=none&exoLoss.steps=~';

test('30 flows: the window and throughput charts draw a min/mean/max band of the run; the toggle draws each flow', async ({
  lab,
  page,
}) => {
  await lab.open(MANY);
  await lab.runUntil(12);
  const cwnd = page.locator('section.chart[data-chart="cwnd"]');
  const thr = page.locator('section.chart[data-chart="throughput"]');
  for (const chart of [cwnd, thr]) {
    await expect(chart.locator('.legend')).toContainText('min to max of the 30 flows (shaded)');
    await expect(chart.locator('.legend')).toContainText('mean of the 30 flows');
    await expect(chart.locator('.legend-toggle')).toHaveCount(0);
  }
  // What was drawn: the three band series, no per-flow line.
  for (const id of ['cwnd', 'throughput']) {
    const m = id === 'cwnd' ? 'cwnd' : 'thr';
    await expect
      .poll(async () => {
        const s = (await lab.charts())[id]?.series ?? {};
        return [s[`band.${m}.min`] ?? 0, s[`band.${m}.mean`] ?? 0, s[`band.${m}.max`] ?? 0].every((n) => n > 50);
      })
      .toBe(true);
    expect(Object.keys((await lab.charts())[id]!.series!).some((k) => k.startsWith('flow.'))).toBe(false);
  }
  // The band against the run's own per-flow data, row by row.
  for (const m of ['cwnd', 'thr']) {
    const c = await bandCheck(page, m, 30);
    expect(c.rows).toBe(c.runRows);
    expect(c.bad).toBe(0);
    expect(c.spread).toBeGreaterThan(c.runRows / 2); // 30 flows do differ: a real band
  }

  // Back to one line per flow (kept in the URL).
  await cwnd.getByRole('button', { name: 'Per-flow lines' }).click();
  await expect(cwnd.getByRole('button', { name: 'Per-flow lines' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cwnd.locator('.legend-toggle')).toHaveCount(30);
  await expect(cwnd.locator('.legend')).not.toContainText('min to max');
  expect(new URL(page.url()).hash).toContain('view.lines=1');
  await lab.runUntil(14);
  await expect
    .poll(async () => {
      const s = (await lab.charts()).cwnd?.series ?? {};
      return Object.keys(s).filter((k) => /^flow\.\d+\.cwnd$/.test(k)).length;
    })
    .toBe(30);
  expect(Object.keys((await lab.charts()).cwnd!.series!).some((k) => k.startsWith('band.'))).toBe(false);
});

test('20 flows or fewer: one line per flow and no band toggle', async ({ lab, page }) => {
  await lab.open('#v=1&flows.count=20&duration=10&exoLoss.kind=none&exoLoss.steps=~');
  await lab.runUntil(3);
  const cwnd = page.locator('section.chart[data-chart="cwnd"]');
  await expect(cwnd.locator('.legend-toggle')).toHaveCount(20);
  await expect(cwnd.getByRole('button', { name: 'Per-flow lines' })).toHaveCount(0);
});

test('30 flows: the loss chart draws a band of congestion loss and one of exogenous loss, with their means', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 2400 }); // charts off screen are not drawn
  await lab.open('#v=1&flows.count=30&duration=30&exoLoss.kind=bernoulli&exoLoss.rate=0.02&exoLoss.steps=~');
  await lab.runUntil(12);
  const loss = page.locator('section.chart[data-chart="loss"]');
  const legend = loss.locator('.legend');
  await expect(legend).toContainText('congestion, min to max of the 30 flows (shaded)');
  await expect(legend).toContainText('congestion, mean of the 30 flows');
  await expect(legend).toContainText('exogenous, min to max of the 30 flows (shaded)');
  await expect(legend).toContainText('exogenous, mean of the 30 flows');
  await expect(loss.locator('.legend-toggle')).toHaveCount(0);
  await expect
    .poll(async () => {
      const s = (await lab.charts()).loss?.series ?? {};
      return ['lossCong', 'lossExo'].every((m) => ['min', 'mean', 'max'].every((k) => (s[`band.${m}.${k}`] ?? 0) > 50));
    })
    .toBe(true);
  expect(Object.keys((await lab.charts()).loss!.series!).some((k) => k.startsWith('flow.'))).toBe(false);
  const cong = await bandCheck(page, 'lossCong', 30);
  const exo = await bandCheck(page, 'lossExo', 30);
  for (const c of [cong, exo]) {
    expect(c.rows).toBe(c.runRows);
    expect(c.bad).toBe(0);
  }
  // 2 % random loss on 30 flows: in most sample intervals some flow lost a packet and some did not.
  expect(exo.spread).toBeGreaterThan(exo.runRows / 2);
  expect(cong.spread).toBeGreaterThan(0);
  // The toggle gives one solid and one dashed line per flow again.
  await loss.getByRole('button', { name: 'Per-flow lines' }).click();
  await expect(loss.locator('.legend-toggle')).toHaveCount(30);
  await expect(legend).not.toContainText('min to max');
  await lab.runUntil(14);
  await expect
    .poll(async () => Object.keys((await lab.charts()).loss?.series ?? {}).filter((k) => k.startsWith('flow.')).length)
    .toBe(60);
});

test('compare mode with 30 flows: each side draws the band of its own run, and the toggle draws each flow', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 2400 });
  await page.goto(`/${MANY}&view.speed=0&compare=queue.kind:red`);
  await page.waitForFunction(() => window.__bl?.compare() != null);
  const t = await page.evaluate(() => {
    const c = window.__bl!.compare()!;
    const target = Math.max(10, Math.ceil(Math.max(...c.now())) + 4);
    return c.runUntil(target).then(() => target);
  });
  for (const side of ['a', 'b'] as const) {
    const thr = page.locator(`section.chart[data-chart="throughput.${side}"]`);
    await expect(thr.locator('.legend')).toContainText('min to max of the 30 flows (shaded)');
    await expect(thr.locator('.legend')).toContainText('mean of the 30 flows');
    await expect(thr.locator('.legend-toggle')).toHaveCount(0);
    await expect
      .poll(async () => {
        const s = (await lab.charts())[`throughput.${side}`]?.series ?? {};
        return ['min', 'mean', 'max'].every((k) => (s[`band.thr.${k}`] ?? 0) > 50);
      })
      .toBe(true);
    expect(Object.keys((await lab.charts())[`throughput.${side}`]!.series!).some((k) => k.startsWith('flow.'))).toBe(
      false,
    );
    const c = await bandCheck(page, 'thr', 30, side);
    expect(c.rows).toBe(c.runRows);
    expect(c.runRows).toBeGreaterThanOrEqual(t * 10 - 1); // 0.1 s samples up to t
    expect(c.bad).toBe(0);
    expect(c.spread).toBeGreaterThan(c.runRows / 2);
  }
  // The two sides are different runs (DropTail and RED): their bands differ.
  const [a, b] = await page.evaluate(() => [
    window.__bl!.compare()!.band('a', 'thr').max,
    window.__bl!.compare()!.band('b', 'thr').max,
  ]);
  expect(a).not.toEqual(b);
  // One switch for both sides, kept in the URL.
  await page
    .locator('section.chart[data-chart="throughput.a"]')
    .getByRole('button', { name: 'Per-flow lines' })
    .click();
  for (const side of ['a', 'b'])
    await expect(page.locator(`section.chart[data-chart="throughput.${side}"] .legend-toggle`)).toHaveCount(30);
  expect(new URL(page.url()).hash).toContain('view.lines=1');
});
