// Trace-driven links (issue 25): the LTE preset's throughput chart draws the trace's capacity
// beside the flow, and a trace file dropped on the page becomes the bottleneck's trace, kept in
// the page (the link keeps only its name; opened without the file, the page says it needs it).
import { test, expect } from './fixtures';

test('LTE preset: the capacity line is drawn, and a dropped trace file runs', async ({ lab, page }) => {
  await lab.open('#v=1&preset=lte-video-call');
  await lab.runUntil(3);
  const link = (await lab.manifest())!.links.find((l) => l.name === 'bottleneck')!;
  expect(link.trace?.name).toBe('lte-driving (downlink)');
  await expect
    .poll(async () => (await lab.charts()).throughput?.series?.['link.bottleneck.capacity'] ?? 0)
    .toBeGreaterThan(0);
  await expect(page.locator('[data-chart="throughput"]')).toContainText('link capacity (trace lte-driving');

  // A constant trace "1": one 1500-byte opportunity a ms, 12 Mb/s.
  const runId = await lab.runId();
  const dt = await page.evaluateHandle(() => {
    const d = new DataTransfer();
    d.items.add(new File(['1\n'], 'twelve.txt', { type: 'text/plain' }));
    return d;
  });
  await page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  await expect.poll(() => lab.runId()).not.toBe(runId);
  await lab.runUntil(2);
  const dropped = (await lab.manifest())!.links.find((l) => l.name === 'bottleneck')!;
  expect(dropped.trace?.name).toBe('twelve.txt');
  expect(dropped.rate).toBe(12e6);
  const hash = await page.evaluate(() => location.hash);
  expect(hash).toContain('topology.traceFile=twelve.txt');
  expect(hash).not.toContain('traceMs');

  // Opened again without the file: a notice names the file it needs (the preset's trace is used).
  await page.reload();
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  await expect.poll(async () => (await lab.notices()).join(' ')).toContain('twelve.txt');
});

// A link that follows a delivery trace has no one rate (audit of 2026-11-29: the live Rate box
// showed "4.56032" Mb/s, which the core then refused, and the topology "4.56 Mb/s, 20 ms" as if
// fixed): no Rate box, and the topology names the trace and its mean.
test('a traced link offers no Rate box and its label names the trace', async ({ lab, page }) => {
  await lab.open('#v=1&preset=lte-video-call');
  await lab.runUntil(2);
  const live = page.locator('.live-panel');
  await expect(live.getByLabel('Buffer (queue bottleneck)', { exact: true })).toBeVisible();
  await expect(live.getByLabel('Rate (link bottleneck)', { exact: true })).toHaveCount(0);
  await expect(page.locator('.topology svg')).toContainText('lte-driving (downlink) trace, mean 4.56 Mb/s, 20 ms');
});
