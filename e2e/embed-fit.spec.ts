// Embeds at the size the instructor picked (issue 24, item 6): in Get embed code, each size
// preset with 1, 2 and 4 charts, parameters locked but exogenous loss, fixed height. The code goes
// on a course page; inside its frame every chosen chart's canvas and the allowed control (its
// value and unit) are within the frame's viewport, and the page does not scroll either way.
// What cannot fit is refused by the builder with the reason; with auto height the frame keeps
// the chosen size when what is shown fits.
import type { Frame, Locator, Page } from '@playwright/test';
import { type Lab, test, expect, openMore } from './fixtures';

const CHARTS = [
  ['cwnd', 'Congestion window'],
  ['queue', 'Queue'],
  ['throughput', 'Throughput'],
  ['jain', 'Fairness'],
] as const;

const PRESETS = [
  { label: 'Narrow, a sidebar or phone (400 x 600)', width: 400, height: 600 },
  { label: 'Small (640 x 480)', width: 640, height: 480 },
  { label: 'Medium (900 x 640)', width: 900, height: 640 },
  { label: 'Large (1200 x 800)', width: 1200, height: 800 },
];

/** The app, and its builder open at a size, parameters locked but exogenous loss, fixed height, no preview. */
async function openBuilder(lab: Lab, page: Page, size: string): Promise<Locator> {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await lab.open('#v=1');
  await lab.runUntil(0.5); // and paused: the run behind the dialog does not compete with the embed
  await openMore(page);
  await page.getByRole('button', { name: 'Get embed code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
  await dialog.getByLabel('Preview', { exact: true }).uncheck();
  await dialog.getByLabel('Size').selectOption({ label: size });
  await dialog.getByLabel('Lock parameters').check();
  await dialog.getByLabel('Exogenous loss (flows)').check();
  await dialog.getByLabel('Auto height').uncheck();
  return dialog;
}

/** Ticks exactly these charts in the builder. */
async function chooseCharts(dialog: Locator, names: readonly string[]): Promise<void> {
  const group = dialog.getByRole('group', { name: 'Charts to show' });
  for (const box of await group.getByRole('checkbox').all()) {
    const name = ((await box.locator('..').textContent()) ?? '').trim();
    if (names.includes(name)) await box.check();
    else await box.uncheck();
  }
}

/** The snippet on a course page of another origin; the embedded page's frame once it runs. */
async function hostFrame(page: Page, snippet: string): Promise<Frame> {
  await page.goto('/presets/xqm-dumbbell.json');
  await page.setContent(`<!doctype html><title>Course</title><body style="margin:0">${snippet}</body>`);
  const frame = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
  await frame.waitForFunction(() => window.__bl !== undefined);
  await frame.evaluate(() => window.__bl!.ready());
  return frame;
}

/** What of the embedded page lies outside its viewport, as readable lines (empty: all inside). */
async function outside(frame: Frame, ids: readonly string[]): Promise<string[]> {
  return frame.evaluate((charts) => {
    const out: string[] = [];
    const d = document.documentElement;
    if (d.scrollWidth > d.clientWidth) out.push(`scrolls sideways: ${d.scrollWidth} > ${d.clientWidth}`);
    if (d.scrollHeight > d.clientHeight) out.push(`scrolls down: ${d.scrollHeight} > ${d.clientHeight}`);
    const inside = (what: string, el: Element | null) => {
      if (!el) return void out.push(`${what}: missing`);
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) out.push(`${what}: not shown`);
      if (r.left < 0 || r.top < 0 || r.right > d.clientWidth + 0.5 || r.bottom > d.clientHeight + 0.5)
        out.push(`${what}: [${r.left},${r.top},${r.right},${r.bottom}] outside ${d.clientWidth} x ${d.clientHeight}`);
    };
    for (const id of charts) inside(`chart ${id}`, document.querySelector(`[data-chart="${id}"] canvas`));
    const exo = document.querySelector('[data-key="live.flow.exoLoss"]');
    const box = exo?.querySelector<HTMLInputElement>('input[type="text"]') ?? null;
    const unit = exo?.querySelector('.unit') ?? null;
    inside('exogenous loss box', box);
    inside('exogenous loss unit', unit);
    if (box && box.scrollWidth > box.clientWidth) out.push(`exogenous loss value clipped: "${box.value}"`);
    // The unit is whole, inside its panel (not cut by the panel's edge).
    const panel = exo?.closest('.panel')?.getBoundingClientRect();
    const u = unit?.getBoundingClientRect();
    if (panel && u && u.right > panel.right) out.push(`unit cut at the panel's edge: ${u.right} > ${panel.right}`);
    return out;
  }, ids);
}

for (const preset of PRESETS)
  for (const n of [1, 2, 4])
    test(`at ${preset.label}, ${n} chart(s) and the allowed control are inside the frame without scrolling`, async ({
      lab,
      page,
      context,
    }) => {
      const dialog = await openBuilder(lab, page, preset.label);
      const chosen = CHARTS.slice(0, n);
      await chooseCharts(
        dialog,
        chosen.map(([, name]) => name),
      );
      await expect(dialog.getByTestId('embed-fit')).toHaveText(
        `Every chosen chart and control fits in ${preset.width} x ${preset.height} without scrolling.`,
      );
      await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeEnabled();
      const snippet = await dialog.getByLabel('Embed code').inputValue();
      expect(snippet).toContain(`width="${preset.width}" height="${preset.height}"`);
      // The course page gets the page's place: the app's own page is closed first.
      const host = await context.newPage();
      await page.close();
      const frame = await hostFrame(host, snippet);
      await expect(frame.locator('[data-chart]')).toHaveCount(n);
      // Drawn, not only laid out: the charts have points.
      await frame.evaluate(() => window.__bl!.runUntil(3));
      await expect.poll(() => frame.evaluate(() => window.__bl!.charts().cwnd?.points ?? 1)).toBeGreaterThan(0);
      // The panels around the charts mount once the first charts move (useChartsFirst): the
      // layout is measured when the allowed control is there.
      // A chart's canvas follows its box a frame after the box is laid out (a ResizeObserver), so
      // the frame is read until it holds: a combination that does not fit never comes to [].
      await expect(frame.locator('[data-key="live.flow.exoLoss"] input[type="text"]')).toBeVisible();
      await expect
        .poll(() =>
          outside(
            frame,
            chosen.map(([id]) => id),
          ),
        )
        .toEqual([]);
      // The locked controls are folded under one line, still there.
      await expect(frame.getByText('Locked by the instructor (5)')).toBeVisible();
    });

test('the builder refuses charts that cannot fit and says why; auto height keeps the chosen size', async ({
  lab,
  page,
  context,
}) => {
  const dialog = await openBuilder(lab, page, 'Narrow, a sidebar or phone (400 x 600)');
  // Six charts in 400 x 600 with the controls: refused, with how many fit.
  await chooseCharts(dialog, ['Congestion window', 'Queue', 'Queueing delay', 'Throughput', 'Loss', 'Fairness']);
  await expect(dialog.getByRole('alert')).toContainText(
    '6 charts do not fit in 400 x 600 beside the controls: at most 4 do. Choose fewer charts or a larger size.',
  );
  await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeDisabled();
  // The flow table in a fixed frame: refused; with auto height, allowed (the frame grows for it).
  await chooseCharts(dialog, ['Congestion window', 'Queue']);
  await dialog.getByRole('group', { name: 'Panels to show' }).getByLabel('Flow table').check();
  await expect(dialog.getByRole('alert')).toContainText(
    'The flow table does not fit in a fixed 400 x 600 frame: untick it, or choose Auto height.',
  );
  await dialog.getByLabel('Auto height').check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByTestId('embed-fit')).toContainText(
    'The frame grows below 400 x 600 to hold the flow table.',
  );
  await dialog.getByRole('group', { name: 'Panels to show' }).getByLabel('Flow table').uncheck();

  // Auto height, four charts at Medium: the frame stays 640 px tall (it grew to 1033-1578 px).
  await dialog.getByLabel('Size').selectOption({ label: 'Medium (900 x 640)' });
  await chooseCharts(
    dialog,
    CHARTS.map(([, name]) => name),
  );
  await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeEnabled();
  const snippet = await dialog.getByLabel('Embed code').inputValue();
  expect(snippet).toContain('bottleneck-lab:height');
  const host = await context.newPage();
  await host.setViewportSize({ width: 1000, height: 900 });
  const frame = await hostFrame(host, snippet);
  await frame.evaluate(() => window.__bl!.runUntil(3));
  // The page reported its height and the host's script applied it: the chosen 640.
  await expect
    .poll(() => frame.evaluate(() => Math.ceil(document.getElementById('root')!.getBoundingClientRect().height)))
    .toBe(640);
  expect(Math.round((await host.locator('iframe').boundingBox())!.height)).toBe(640);
  expect(
    await outside(
      frame,
      CHARTS.map(([id]) => id),
    ),
  ).toEqual([]);
  await host.close();
});

test('the builder refuses an embed with no chart and says why', async ({ lab, page }) => {
  const dialog = await openBuilder(lab, page, 'Medium (900 x 640)');
  await chooseCharts(dialog, []);
  await expect(dialog.getByRole('alert')).toContainText(
    'No chart is chosen, so the embed would show none: tick at least one under Charts to show.',
  );
  await expect(dialog.getByTestId('embed-fit')).not.toContainText('fits');
  await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeDisabled();
  await chooseCharts(dialog, ['Queue']);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeEnabled();
});

test('auto height follows the page both ways: a narrower course column grows the frame, a wider one shrinks it back', async ({
  page,
  baseURL,
}) => {
  // The builder's code for 400 x 600, auto height, two charts and the flow table (embedCode.ts:
  // embedUrl adds auto=600, embedSnippet this script; embedCode.test.ts checks both).
  const url = `${baseURL}?embed=1&auto=600#v=1&view.panels=controls,charts,flows&view.charts=cwnd,queue`;
  const snippet = `<iframe id="lab" src="${url.replace(/&/g, '&amp;')}" width="400" height="600" style="border:0;width:100%;max-width:400px" title="Bottleneck Lab simulation"></iframe>
<script>
  window.addEventListener('message', function (e) {
    var f = document.getElementById('lab');
    if (f && e.source === f.contentWindow && e.data && e.data.type === 'bottleneck-lab:height') f.style.height = e.data.height + 'px';
  });
</script>`;
  await page.setViewportSize({ width: 1000, height: 900 });
  const frame = await hostFrame(page, snippet);
  await frame.evaluate(() => window.__bl!.runUntil(1));
  const frameHeight = async () => Math.round((await page.locator('iframe').boundingBox())!.height);
  const pageHeight = () =>
    frame.evaluate(() => Math.ceil(document.getElementById('root')!.getBoundingClientRect().height));
  // The host's script sized the frame to the page's report: at least the chosen 600, and the
  // flow table below the charts makes it taller.
  await expect.poll(frameHeight).toBeGreaterThan(600);
  await expect.poll(async () => (await frameHeight()) === (await pageHeight())).toBe(true);
  const wide = await frameHeight();
  // A narrow course column: the page wraps taller and the frame follows it up.
  await page.setViewportSize({ width: 300, height: 900 });
  await expect.poll(frameHeight).toBeGreaterThan(wide);
  // Wide again: the page is as tall as before, and so is the frame (it used to keep the extra
  // height: the page was at least the frame's height, 100vh).
  await page.setViewportSize({ width: 1000, height: 900 });
  await expect.poll(frameHeight).toBe(wide);
});
