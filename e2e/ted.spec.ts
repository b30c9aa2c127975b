// Time-driven Early Discard (issue 6): a flow's deadline, changed live in the flow table,
// changes what that flow gets.
import { test, expect } from './fixtures';

test("TED: raising one flow's deadline live lets that flow through", async ({ lab, page }) => {
  // Preset ted-s1 (the TED paper's deadline set S1): flow 9 (4 ms RTT) may queue for only
  // 120 us at each TED router, less than the longer flows keep queued, so it gets almost nothing.
  await lab.open('#v=1&preset=ted-s1');
  const runId = await lab.runId();
  await lab.runUntil(10);
  const before = await lab.page.evaluate(() => window.__bl!.mean('flow.9.thr', 2, 10));
  expect(before).toBeLessThan(1e6);

  const input = page.getByLabel('flow 9 deadline', { exact: true });
  await input.scrollIntoViewIfNeeded();
  await input.fill('2 ms');
  await input.press('Enter');
  await expect.poll(async () => (await lab.marks()).length).toBe(1);
  expect(await lab.runId()).toBe(runId); // applied live, no restart
  const t = (await lab.marks())[0]!.t;

  await lab.runUntil(t + 12);
  const after = await lab.page.evaluate(([a, b]) => window.__bl!.mean('flow.9.thr', a!, b!), [t + 4, t + 12]);
  // With 2 ms it is no longer discarded: tens of Mb/s (natively: 0.04 -> 100 Mb/s).
  expect(after).toBeGreaterThan(20e6);
  expect(after).toBeGreaterThan(50 * before);
});

test("TED: the queue chart draws each TED queue's bound Q_max and follows a live deadline change", async ({
  lab,
  page,
}) => {
  // Q_max = D_max x the capacity feeding the queue (Sec. II.B). In ted-s1, D_max = 1 ms (the
  // 16 ms flows); link C is fed by A and B at 1 Gb/s, link A by six 100 Mb/s access links.
  const qmax = (dmax: number, inputs: number, rate: number) => (dmax * inputs * rate) / (8 * 1000);
  await lab.open('#v=1&preset=ted-s1');
  await lab.runUntil(2);
  const chart = page.locator('[data-chart="queue"]');
  const refLabels = chart.locator('g.hlines text.ref-label');
  const qmaxLine = chart.locator('g.hlines g', { hasText: 'Q_max' }).locator('line');

  // The bottleneck C is shown by default: its bound is drawn as one line with the buffer, which
  // the preset sizes to Q_max.
  await expect(chart.locator('h3')).toHaveText('Queue length (C)');
  await expect(refLabels.filter({ hasText: /^Q_max / })).toHaveText(`Q_max ${qmax(0.001, 2, 1e9)} = buffer 250`);
  await expect(qmaxLine).toHaveAttribute('stroke-dasharray', /\d/);
  const sum = await lab.summary();
  expect(sum.queues.find((q) => q.id === 'C')!.qmax).toBe(qmax(0.001, 2, 1e9));
  await expect(chart.locator('.legend-ref')).toHaveText(
    `Q_max ${qmax(0.001, 2, 1e9)} packets (TED's bound, Sec. II.B)`,
  );
  // The line sits at 250 on the y axis: between the ticks that bracket it.
  const ticks = await chart.locator('g.y-axis g.tick').evaluateAll((gs) =>
    gs.map((g) => ({
      v: Number(g.textContent),
      y: Number(/translate\([^,]+,([^)]+)\)/.exec(g.getAttribute('transform') ?? '')?.[1]),
    })),
  );
  const y = Number(await qmaxLine.getAttribute('y1'));
  const below = ticks.filter((t) => t.v <= 250).at(-1)!,
    above = ticks.find((t) => t.v >= 250)!;
  expect(y).toBeLessThanOrEqual(below.y + 0.5);
  expect(y).toBeGreaterThanOrEqual(above.y - 0.5);

  // Link A's queue has its own bound: six 100 Mb/s access links feed it.
  await chart.getByLabel('Queue shown').selectOption('A');
  await expect(chart.locator('h3')).toHaveText('Queue length (A)');
  await expect(refLabels.filter({ hasText: /^Q_max / })).toHaveText(`Q_max ${qmax(0.001, 6, 100e6)} = buffer 75`);
  await chart.getByLabel('Queue shown').selectOption('C');

  // A deadline of 2 ms for flow 9 raises D_max, so every TED queue's Q_max doubles, live.
  const input = page.getByLabel('flow 9 deadline', { exact: true });
  await input.scrollIntoViewIfNeeded();
  await input.fill('2 ms');
  await input.press('Enter');
  await expect.poll(async () => (await lab.marks()).length).toBe(1);
  await chart.scrollIntoViewIfNeeded(); // charts off screen are redrawn when they come back
  await expect(refLabels.filter({ hasText: /^Q_max / })).toHaveText(`Q_max ${qmax(0.002, 2, 1e9)}`);
  await expect(refLabels.filter({ hasText: /^buffer / })).toHaveText('buffer 250'); // apart now
  await chart.getByLabel('Queue shown').selectOption('A');
  await expect(refLabels.filter({ hasText: /^Q_max / })).toHaveText(`Q_max ${qmax(0.002, 6, 100e6)}`);
  // The new bound holds from the change on: its line starts there, the buffer's (unchanged) at the
  // plot's left edge.
  const bufferLine = chart.locator('g.hlines g', { hasText: /^buffer / }).locator('line');
  const [qx, bx, right] = await Promise.all([
    qmaxLine.getAttribute('x1').then(Number),
    bufferLine.getAttribute('x1').then(Number),
    bufferLine.getAttribute('x2').then(Number),
  ]);
  const at = (await lab.marks())[0]!.t;
  const duration = (await lab.manifest())!.run.duration as number;
  expect(at).toBeGreaterThan(1);
  expect(Math.abs(qx - (bx + ((right - bx) * at) / duration))).toBeLessThan(1.5);
});
