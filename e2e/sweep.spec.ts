// Sweeps (issue 5): a small weight sweep of TCP-SD and TCP-LASD across two web workers, from a
// link. Points appear as runs finish, the progress bar reaches the end, a value the core
// refuses fails only its own runs (named with its range), and at the largest weight TCP-LASD's
// gain exceeds TCP-SD's (natively, 90 s runs: ratio ~6 for SD, ~41 for LASD at w = 100).
import { test, expect } from './fixtures';
import type { SweepProgress } from '../web/src/sweep/sweepRunner';

const SWEEP =
  '&sweep=1&sweep.base=sd-10mbps&sweep.param=flowOverrides[0].weight&sweep.values=1,10,100,5000' +
  '&sweep.series=flows.cc&sweep.seriesValues=sd,lasd&sweep.duration=60&sweep.from=15&sweep.workers=2';

test('weight sweep: TCP-LASD gains more than TCP-SD at the largest weight; points arrive run by run', async ({
  lab,
  page,
}) => {
  await lab.open(`#v=1&preset=sd-10mbps${SWEEP}`);
  const panel = page.getByRole('region', { name: 'Sweep' });
  await expect(panel).toBeVisible();
  expect(decodeURIComponent(page.url())).toContain('sweep.values=1,10,100,5000');

  // Record the number of plotted points at every change of the plot.
  await page.evaluate(() => {
    const w = window as unknown as { __pointCounts: number[] };
    w.__pointCounts = [];
    const plot = document.querySelector('.sweep-plot')!;
    new MutationObserver(() => {
      const n = plot.querySelectorAll('circle.sweep-point').length;
      if (w.__pointCounts[w.__pointCounts.length - 1] !== n) w.__pointCounts.push(n);
    }).observe(plot, { childList: true, subtree: true });
  });

  const started = Date.now();
  await panel.getByRole('button', { name: 'Run sweep' }).click();
  const sweep = () => page.evaluate(() => window.__bl!.sweep());
  await expect
    .poll(
      async () => {
        const s = await sweep();
        return !s.running && s.done === s.total;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  const s: SweepProgress = await sweep();
  console.log(
    `sweep: ${s.total} runs on ${s.workers} workers in ${(s.elapsedMs / 1000).toFixed(1)} s (test wall ${((Date.now() - started) / 1000).toFixed(1)} s); run ms: ${s.results.map((r) => Math.round(r.ms)).join(' ')}`,
  );
  expect(s.total).toBe(8);
  expect(s.workers).toBe(2);

  // The progress bar reached the end.
  const bar = panel.getByRole('progressbar', { name: 'Sweep progress' });
  await expect(bar).toHaveAttribute('value', '8');
  await expect(bar).toHaveAttribute('max', '8');
  await expect(panel.getByLabel('Sweep status')).toContainText('8 / 8 runs');

  // Weight 5000 is out of range: its two runs failed with the field and range, the rest ran.
  expect(s.failures.map((f) => f.x)).toEqual([5000, 5000]);
  expect(s.results).toHaveLength(6);
  const alert = panel.locator('.sweep-failures');
  await expect(alert).toContainText('flowOverrides[0].weight');
  await expect(alert).toContainText('1000');

  // Points appeared one run at a time, not all at the end.
  const counts = await page.evaluate(() => (window as unknown as { __pointCounts: number[] }).__pointCounts);
  expect(counts[counts.length - 1]).toBe(6);
  expect(counts.filter((n) => n > 0 && n < 6).length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeGreaterThanOrEqual(counts[i - 1]!);

  // The gain at the largest weight, from the returned results and from the plotted points.
  const ratio = (cc: string) => s.results.find((r) => r.series === cc && r.x === 100)!.m.ratio;
  console.log(
    `ratio at w = 100: sd ${ratio('sd').toFixed(2)}, lasd ${ratio('lasd').toFixed(2)}; at w = 1: ${s.results
      .filter((r) => r.x === 1)
      .map((r) => `${r.series} ${r.m.ratio.toFixed(2)}`)
      .join(', ')}`,
  );
  expect(ratio('lasd')).toBeGreaterThan(ratio('sd'));
  const plotted = async (cc: string) =>
    Number(await panel.locator(`circle.sweep-point[data-series="${cc}"][data-x="100"]`).getAttribute('data-y'));
  expect(await plotted('lasd')).toBeCloseTo(ratio('lasd'), 6);
  expect(await plotted('lasd')).toBeGreaterThan(await plotted('sd'));
  // At w = 1 both schemes are plain TCP: no gain to speak of.
  for (const r of s.results.filter((q) => q.x === 1)) expect(r.m.ratio).toBeLessThan(2);

  // The ideal line and the closed forms (Eq. 3, Eq. 8 per series) are drawn.
  await expect(panel.locator('path.overlay-ideal')).toHaveCount(1);
  await expect(panel.locator('path.overlay-eq3')).toHaveCount(2);
  await expect(panel.locator('path.overlay-eq8')).toHaveCount(2);
});

test('sweep: cancel stops the workers and keeps what finished', async ({ lab, page }) => {
  await lab.open(
    `#v=1&preset=sd-10mbps&sweep=1&sweep.values=1:100:12&sweep.series=&sweep.duration=600&sweep.from=10&sweep.workers=1`,
  );
  const panel = page.getByRole('region', { name: 'Sweep' });
  await panel.getByRole('button', { name: 'Run sweep' }).click();
  await expect.poll(async () => (await page.evaluate(() => window.__bl!.sweep())).running).toBe(true);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  const s = await page.evaluate(() => window.__bl!.sweep());
  expect(s.cancelled).toBe(true);
  expect(s.running).toBe(false);
  expect(s.done).toBeLessThan(12);
  await expect(panel.getByLabel('Sweep status')).toContainText('cancelled');
  await expect(panel.getByRole('button', { name: 'Run sweep' })).toBeEnabled();
});
