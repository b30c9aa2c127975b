// More than 20 flows: per-flow charts draw the min..max of all flows as a shaded band with their
// mean, which the legend explains, and a toggle goes back to one line per flow (issue 12).
import { test, expect } from './fixtures';

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
  const check = await page.evaluate(() => {
    const bl = window.__bl!;
    const out: Record<string, { rows: number; bad: number; spread: number }> = {};
    for (const m of ['cwnd', 'thr']) {
      const b = bl.band(m);
      const flows = Array.from({ length: 30 }, (_x, i) => bl.series(`flow.${i}.${m}`));
      const t = bl.series('t');
      let bad = 0;
      let spread = 0;
      for (let j = 0; j < b.t.length; j++) {
        const row = t.indexOf(b.t[j]!);
        const vals = flows.map((f) => f[row]!).filter((v) => !Number.isNaN(v));
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
      out[m] = { rows: b.t.length, bad, spread };
    }
    return { out, rows: bl.series('t').length };
  });
  for (const m of ['cwnd', 'thr']) {
    expect(check.out[m]!.rows).toBe(check.rows);
    expect(check.out[m]!.bad).toBe(0);
    expect(check.out[m]!.spread).toBeGreaterThan(check.rows / 2); // 30 flows do differ: a real band
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
