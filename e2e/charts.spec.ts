// Time charts in real Chromium: redrawing only what new data changed gives the picture a full
// redraw gives, and the time axis zooms by Ctrl+wheel (what a trackpad pinch sends) and by a
// two-finger pinch.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

/** The throughput chart's canvas pixels, as a hash and a count of painted pixels. */
function canvasPixels(page: Page): Promise<{ hash: number; painted: number }> {
  return page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-chart="throughput"] canvas')!;
    const px = new Uint32Array(c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data.buffer);
    let hash = 0;
    let painted = 0;
    for (let i = 0; i < px.length; i++) {
      hash = (Math.imul(hash, 31) + px[i]! + i) | 0;
      if (px[i]) painted++;
    }
    return { hash, painted };
  });
}

test('charts drawn column by column as a run grows match a full redraw', async ({ lab, page }) => {
  // Per-flow lines (view.lines=1): above 20 flows the chart would draw the min/mean/max band.
  await lab.open('#v=1&duration=60&flows.count=30&view.charts=throughput&view.speed=5&view.lines=1');
  await lab.waitFor(20);
  const chart = page.locator('[data-chart="throughput"]');
  await expect(chart.locator('canvas')).toBeVisible();
  const before = (await lab.charts()).throughput!;
  // Many frames while the run grows: counted, not timed (a busy machine draws fewer a second).
  await expect
    .poll(async () => (await lab.charts()).throughput!.draws - before.draws, { timeout: 30_000 })
    .toBeGreaterThan(10);
  await lab.waitFor(30);
  await lab.runUntil(30); // pause, so nothing moves between the two pictures
  await expect.poll(async () => (await lab.charts()).throughput!.series?.['flow.0.thr'] ?? 0).toBeGreaterThan(0);
  const after = (await lab.charts()).throughput!;
  // The run grew over many redraws, and (almost) none of them redrew every pixel.
  const draws = after.draws - before.draws;
  const full = (after.fullDraws ?? 0) - (before.fullDraws ?? 0);
  expect(draws).toBeGreaterThan(10);
  expect(full).toBeLessThanOrEqual(2);
  const incremental = await canvasPixels(page);
  expect(incremental.painted).toBeGreaterThan(1000);
  // Zooming in and back redraws the same window in full: the same pixels.
  const plot = chart.getByRole('img');
  await plot.focus();
  const fullBefore = (await lab.charts()).throughput!.fullDraws ?? 0;
  // One key at a time: '+' and '0' within one animation frame leave the window as it was, and
  // nothing needs drawing.
  await page.keyboard.press('+');
  await expect.poll(async () => (await lab.charts()).throughput!.fullDraws ?? 0).toBeGreaterThanOrEqual(fullBefore + 1);
  await page.keyboard.press('0');
  await expect.poll(async () => (await lab.charts()).throughput!.fullDraws ?? 0).toBeGreaterThanOrEqual(fullBefore + 2);
  expect(await canvasPixels(page)).toEqual(incremental);
});

test('Ctrl+wheel and a two-finger pinch zoom the time axis around the pointer', async ({ lab, page }) => {
  await lab.open('#v=1&duration=100&flows.count=4&view.charts=throughput');
  await lab.runUntil(50);
  const chart = page.locator('[data-chart="throughput"]');
  const plot = chart.getByRole('img');
  const domain = () =>
    chart
      .locator('g.x-axis .tick text')
      .allTextContents()
      .then((t) => t.map((s) => parseFloat(s)));
  expect(Math.min(...(await domain()))).toBe(0);
  expect(Math.max(...(await domain()))).toBe(100);
  const box = (await plot.boundingBox())!;
  // Ctrl+wheel, as a trackpad pinch sends it: small steps, zooming in around the pointer.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -30);
  await page.keyboard.up('Control');
  await expect.poll(async () => Math.max(...(await domain())) - Math.min(...(await domain()))).toBeLessThan(60);
  const zoomed = await domain();
  expect(Math.min(...zoomed)).toBeGreaterThan(0);
  expect(Math.max(...zoomed)).toBeLessThan(100);

  // Double-click shows the whole run again; then two fingers spread apart zoom in.
  await plot.dblclick();
  await expect.poll(async () => Math.max(...(await domain()))).toBe(100);
  await plot.evaluate((el, b) => {
    const fire = (type: string, id: number, x: number) =>
      el.dispatchEvent(
        new PointerEvent(type, {
          pointerId: id,
          pointerType: 'touch',
          isPrimary: id === 1,
          clientX: x,
          clientY: b.y + b.height / 2,
          bubbles: true,
        }),
      );
    const mid = b.x + b.width / 2;
    fire('pointerdown', 1, mid - 40);
    fire('pointerdown', 2, mid + 40);
    for (let k = 1; k <= 5; k++) {
      fire('pointermove', 1, mid - 40 - k * 24);
      fire('pointermove', 2, mid + 40 + k * 24);
    }
    fire('pointerup', 1, mid - 160);
    fire('pointerup', 2, mid + 160);
  }, box);
  // Fingers 80 px apart spread to 320: the span shrinks about fourfold.
  await expect.poll(async () => Math.max(...(await domain())) - Math.min(...(await domain()))).toBeLessThan(40);
  const pinched = await domain();
  expect(Math.min(...pinched)).toBeGreaterThan(20);
  expect(Math.max(...pinched)).toBeLessThan(80);
});

test('every chart box has its height before its first drawing: nothing below it moves when it draws', async ({
  lab,
  page,
}) => {
  // Each chart's plot box, from the moment it is in the page, and every height it takes. The
  // share chart's box once grew by 50 px at its first drawing and moved the flow table under a
  // click (e2e/flow-overrides.spec.ts failed that way in a fresh-clone run).
  await page.addInitScript(() => {
    const heights: Record<string, number[]> = {};
    (window as unknown as { __plotHeights: typeof heights }).__plotHeights = heights;
    const seen = new WeakSet<Element>();
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) {
        const id = e.target.closest('[data-chart]')!.getAttribute('data-chart')!;
        const h = Math.round(e.target.getBoundingClientRect().height);
        const list = (heights[id] ??= []);
        if (list[list.length - 1] !== h) list.push(h);
      }
    });
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-chart] .chart-plot'))
        if (!seen.has(el)) {
          seen.add(el);
          ro.observe(el);
        }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await lab.open('#v=1&flows.count=4');
  await lab.runUntil(2);
  const share = page.locator('[data-chart="share"] .chart-plot');
  await share.scrollIntoViewIfNeeded();
  await expect(share.locator('svg rect').first()).toBeAttached();
  const heights = await page.evaluate(() => (window as unknown as { __plotHeights: object }).__plotHeights);
  expect(Object.keys(heights)).toContain('share');
  for (const [id, hs] of Object.entries(heights)) expect(hs, `${id}'s plot heights`).toHaveLength(1);
});

// A reference line a live change set (CoDel's target typed at 15 s) starts at that change: drawn
// across the whole run, "target 1 ms" stood over the 15 s the run had a 5 ms target (audit of
// 2026-11-29). The chart's mark at 15 s says what it was before.
test('a reference line set by a live change starts where the change took effect', async ({ lab, page }) => {
  await lab.open('#v=1&preset=bufferbloat-codel');
  await lab.runUntil(15);
  const chart = page.locator('[data-chart="delay"]');
  await chart.scrollIntoViewIfNeeded();
  const line = () =>
    chart
      .locator('line.ref-line')
      .first()
      .evaluate((l) => ({ x1: Number(l.getAttribute('x1')), x2: Number(l.getAttribute('x2')) }));
  await expect(chart.locator('.ref-label').first()).toHaveText('target 5 ms');
  const before = await line();
  await page.evaluate(() => window.__bl!.setParam('queue.bottleneck', 'target', 0.001));
  await lab.runUntil(20);
  await expect(chart.locator('.ref-label').first()).toHaveText('target 1 ms');
  const after = await line();
  // The whole run is 60 s wide: the line starts a quarter of the way in, where the change was.
  const at = before.x1 + ((after.x2 - before.x1) * 15) / 60;
  expect(Math.abs(after.x1 - at)).toBeLessThan(3);
  expect(after.x2).toBe(before.x2);
});
