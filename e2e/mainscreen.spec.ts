// The student's main screen (issue 12): what the scenario panel writes reaches the core, and
// the charts never mark something the run is not doing.
import { test, expect } from './fixtures';
import type { Summary } from '../web/src/params/types';

const congestionLosses = (s: Summary) => s.flows.reduce((a, f) => a + f.congestionLosses, 0);

test('a window-rule parameter edited in the scenario panel reaches the core and changes the run', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&flows.count=4&flows.cc=multcp&duration=20&exoLoss.kind=none&exoLoss.steps=~');
  await lab.runUntil(20);
  const before = await lab.summary();
  const runId = await lab.runId();
  // mulTCP's N (one flow acting as N) is a field of the Flows group, written to flows.ccParams.N.
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const n = page.locator('[data-key="flows.ccParams.N"] input[type="text"]');
  await n.fill('16');
  await n.press('Tab');
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await page.evaluate(() => window.__bl!.ready());
  expect(new URL(page.url()).hash).toContain('flows.ccParams.N=16');
  await lab.runUntil(20);
  // Nothing was refused or dropped on the way (the core refuses flows.N).
  expect(await lab.notices()).toEqual([]);
  const after = await lab.summary();
  // Four flows each as aggressive as 16 TCPs overflow the buffer far more often than four TCPs.
  expect(congestionLosses(after)).toBeGreaterThan(congestionLosses(before) * 2);
});

test('a live change of exogenous loss after a schedule leaves no mark or label of the replaced steps', async ({
  lab,
  page,
}) => {
  // The first visit: loss 0% -> 1% at 20 s -> 5% at 40 s.
  await lab.open('#v=1');
  const topo = page.locator('.topology svg text.exo-label');
  await expect(topo).toHaveText('exogenous loss: 0% -> 1% at 20 s -> 5% at 40 s');
  await lab.runUntil(25);
  const input = page.getByLabel('Exogenous loss (all flows)', { exact: true });
  await input.fill('2 %'); // typed with its unit
  await input.press('Enter');
  await expect
    .poll(async () => (await lab.marks()).map((m) => m.label))
    .toEqual(['exogenous loss 0% -> 1%', 'exogenous loss 1% -> 2%']);
  await expect(topo).toHaveText('exogenous loss: 2% (set live)');
  await lab.runUntil(50);
  // The schedule's 40 s step did not happen, and nothing on the page says it did.
  expect(await lab.flowMean('lossExo', 42, 50)).toBeLessThan(0.035);
  expect((await lab.marks()).map((m) => m.t).filter((t) => t > 30)).toEqual([]);
  const drawn = await page.locator('[data-chart="cwnd"] g.marks text').allTextContents();
  expect(drawn.join(' ')).not.toContain('5%');
  expect(drawn.join(' ')).toContain('1% -> 2%');
  // A link replays the same: the live change, and no 40 s mark.
  await page.reload();
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  await lab.runUntil(45);
  expect((await lab.marks()).map((m) => m.label)).toEqual(['exogenous loss 0% -> 1%', 'exogenous loss 1% -> 2%']);
});

test("a link's live change just after a schedule step is named from the step's value", async ({ lab }) => {
  // The default schedule steps exogenous loss 0% -> 1% at 20 s; the link sets 2% at 20.05 s. Run
  // fast, both fall in one slice of the worker: its change was once named "0% -> 2%", from the
  // manifest the page had before the step (the worker now sends the step's manifest first).
  await lab.open('#v=1&live=20.05:flows:exoLoss:0.02');
  await lab.runUntil(30);
  expect((await lab.marks()).map((m) => m.label)).toEqual(['exogenous loss 0% -> 1%', 'exogenous loss 1% -> 2%']);
  expect(await lab.notices()).toEqual([]);
});

test('ten arrow presses on a live slider make one change, one mark and one entry in the link', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&duration=300&exoLoss.kind=none&exoLoss.steps=~');
  await lab.runUntil(5);
  const slider = page.getByLabel('Exogenous loss (all flows) slider');
  await slider.focus();
  await expect(slider).toBeFocused();
  // Keys to the focused slider, as a student holds an arrow down: page.keyboard sends each at once,
  // where locator.press first waits for the slider to be stable each time (under load those waits
  // once spread the presses past the slider's 800 ms coalescing delay).
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await lab.marks()).length).toBe(1);
  // All ten presses in the one change: the loss slider spans 0-10 % in 1000 steps of 0.01 %.
  expect((await lab.marks()).map((m) => m.label)).toEqual(['exogenous loss 0% -> 0.1%']);
  await expect(page.getByLabel('Exogenous loss (all flows)', { exact: true })).toHaveValue('0.1');
  const live = decodeURIComponent(new URL(page.url()).hash).match(/live=([^&]*)/)?.[1] ?? '';
  expect(live.split(';')).toHaveLength(1);
});

test('the first screen at 1440x900 tells the story and shows the live controls and the four main charts', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await lab.open('#v=1');
  const story = page.locator('section.story');
  await expect(story.getByRole('heading', { level: 2 })).toHaveText(
    'XQM dumbbell: exogenous loss 0% -> 1% at 20 s -> 5% at 40 s',
  );
  await expect(story).toContainText('What you are watching:');
  await expect(story).toContainText('Try this:');
  const inView = async (sel: string) => {
    const box = await page.locator(sel).first().boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 900 && box.x >= 0 && box.x + box.width <= 1440;
  };
  for (const id of ['cwnd', 'queue', 'throughput', 'jain'])
    expect(await inView(`[data-chart="${id}"] canvas`), id).toBe(true);
  expect(await inView('section.live-panel [data-key="live.flow.exoLoss"]')).toBe(true);
  // The full editor is one click away, in a drawer.
  await expect(page.getByRole('heading', { name: 'Scenario', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await expect(page.getByRole('heading', { name: 'Scenario', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Scenario', exact: true })).toBeHidden();
});

test('a preset opened with a changed flow count or queue tells the story of that run, with no note to own up to', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&preset=xqm-fig2-red&flows.count=30&view.speed=0');
  const story = page.locator('section.story');
  await expect(story.locator('.story-watch')).toContainText(
    '30 TCP flows share a 16 Mb/s bottleneck with a 250-packet RED queue (XQM paper, Fig. 2;',
  );
  await expect(story.locator('.story-watch')).toContainText(
    'while random exogenous loss is 0% -> 1% at 20 s -> 5% at 40 s.',
  );
  await expect(story).not.toContainText('Twenty');
  await expect(story).not.toContainText('20 TCP flows');
  // The run is what the text says.
  await expect.poll(() => lab.columns()).toContain('flow.29.cwnd');
  expect(await lab.columns()).not.toContain('flow.30.cwnd');
  // A changed queue: the story tells DropTail's sentence, none of RED's, and needs no note.
  await lab.open('#v=1&preset=xqm-fig2-red&queue.kind=droptail&samplePeriod=0.05&view.speed=0');
  await expect(story.locator('.story-watch')).toContainText('with a 250-packet DropTail queue');
  await expect(story.locator('.story-watch')).toContainText('The queue is DropTail (first in, first out;');
  await expect(story.locator('.story-watch')).not.toContainText('RED');
  await expect(story.locator('h2')).toContainText('XQM Fig. 2, packet level: DropTail, exogenous loss');
  await expect(page.getByTestId('story-changes')).toHaveCount(0);
  // The preset as it is.
  await lab.open('#v=1&preset=xqm-fig2-red&view.speed=0');
  await expect(story.locator('.story-watch')).toContainText('20 TCP flows share a 16 Mb/s bottleneck');
  await expect(story.locator('.story-watch')).toContainText('The queue is RED (drops early');
});

test("a chain's link rate is its own hop's, and no fair-share line claims capacity / all flows where flows take different paths", async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1400 });
  // A dumbbell: every flow crosses the 16 Mb/s bottleneck, so 16 / 20 flows is each one's share.
  await lab.open('#v=1&view.speed=0');
  await lab.runUntil(3);
  const live = page.locator('section.live-panel');
  await expect(live.getByLabel('Rate (link bottleneck)', { exact: true })).toHaveValue('16');
  const thr = page.locator('section.chart[data-chart="throughput"] svg');
  await expect(thr).toContainText('fair share 0.800 Mb/s');
  // The XQM chain: A-B runs at 100 Mb/s (the scenario's rates[0]), not the 1 Mb/s default the panel showed.
  await page.goto('about:blank');
  await lab.open('#v=1&preset=xqm-exp1-red&view.speed=0');
  await lab.runUntil(3);
  await expect(live.getByLabel('Rate (link AB)', { exact: true })).toHaveValue('100');
  await expect(live.locator('[data-key="live.link.rate"] .unit')).toHaveText('Mb/s');
  // 40 flows, of which only 20 cross A-B: no line at 100 Mb/s / 40 (nor the old 1 Mb/s / 40).
  await expect(page.locator('section.chart[data-chart="throughput"] .legend')).toBeVisible();
  await expect(thr).not.toContainText('fair share');
  const flows = await lab.flowSum('thr', 1, 3);
  expect(flows / 1e6).toBeGreaterThan(100); // the flows do carry more than 1 Mb/s
});

test('phone width (375 px): no sideways scroll, the story and a chart on the first screen', async ({ lab, page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await lab.open('#v=1');
  await lab.runUntil(5);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const story = await page.locator('section.story').boundingBox();
  expect(story!.y).toBeLessThan(812);
  const chart = await page.locator('[data-chart="cwnd"] canvas').boundingBox();
  expect(chart!.y).toBeLessThan(812);
  // Live controls come before the charts.
  const live = await page.locator('section.live-panel').boundingBox();
  expect(live!.y).toBeLessThan(chart!.y);
});

test('tablet width (768 px): no sideways scroll', async ({ lab, page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await lab.open('#v=1');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the window chart leaves out the slow-start spike unless asked; a legend double-click shows one flow alone', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await lab.open('#v=1');
  await lab.runUntil(15);
  const chart = page.locator('[data-chart="cwnd"]');
  const top = async () => Math.max(...(await chart.locator('g.y-axis .tick text').allTextContents()).map(Number));
  // Slow start overshoots to hundreds of packets; the sawtooth after it stays far lower.
  const peak = await page.evaluate(() => {
    let m = 0;
    for (let i = 0; i < 20; i++) for (const v of window.__bl!.series(`flow.${i}.cwnd`)) m = Math.max(m, v);
    return m;
  });
  await expect.poll(top).toBeLessThan(peak / 2);
  await chart.getByRole('button', { name: 'Full range' }).click();
  await expect.poll(top).toBeGreaterThanOrEqual(peak * 0.8);
  // Solo: flow 3 alone in every chart, then all again.
  await chart.getByRole('button', { name: '3', exact: true }).dblclick();
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain('view.hide=0,1,2,4,5');
  await expect(chart.getByRole('button', { name: '3', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await chart.getByRole('button', { name: '3', exact: true }).click({ modifiers: ['Shift'] });
  await expect.poll(() => new URL(page.url()).hash).not.toContain('view.hide');
});

test('the loss schedule is edited as a table in %, and the run follows it', async ({ lab, page }) => {
  await lab.open('#v=1');
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await expect(page.getByLabel('step 3 loss rate (%)')).toHaveValue('5');
  await expect(page.getByLabel('step 2 time (s)')).toHaveValue('20');
  await page.getByLabel('step 3 loss rate (%)').fill('2');
  await page.getByLabel('step 3 loss rate (%)').press('Enter');
  const runId = await lab.runId();
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await page.evaluate(() => window.__bl!.ready());
  expect(decodeURIComponent(new URL(page.url()).hash)).toContain('exoLoss.steps=[[0,0],[20,0.01],[40,0.02]]');
  expect((await lab.marks()).map((m) => m.label)).toEqual(['exogenous loss 0% -> 1%', 'exogenous loss 1% -> 2%']);
  // Run closed the drawer (the new run is on the charts it covered); a bad row is refused, naming the row and the range.
  await expect(page.getByRole('dialog', { name: 'Scenario editor' })).toBeHidden();
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await page.getByLabel('step 1 loss rate (%)').fill('150');
  await page.getByLabel('step 1 loss rate (%)').press('Enter');
  await expect(page.getByText('row 1: the loss rate must be from 0 % to 100 %')).toBeVisible();
});

test("a preset's title states the run's numbers, and the chooser does not claim a changed run is the preset", async ({
  lab,
  page,
}) => {
  const story = page.locator('section.story');
  const title = story.getByRole('heading', { level: 2 });
  const chooser = story.getByLabel('Preset');
  await lab.open('#v=1&preset=htt-dumbbell-vegas-droptail&view.speed=0');
  await expect(title).toHaveText(
    'Head-to-Tail baseline, DropTail: 100 Vegas flows, 100 Mb/s, 100-packet buffer (Sec. 7.2)',
  );
  await expect(chooser.locator('option:checked')).toHaveText(
    'Head-to-Tail baseline, DropTail: 100 Vegas flows, 100 Mb/s, 100-packet buffer (Sec. 7.2)',
  );
  await lab.open(
    '#v=1&preset=htt-dumbbell-vegas-droptail&flows.count=30&topology.bottleneckRate=25000000&view.speed=0',
  );
  await expect(title).toContainText('30 Vegas flows, 25 Mb/s, 100-packet buffer (Sec. 7.2)');
  // Neither the title nor the story says the preset's numbers (the chooser's options are presets).
  for (const shown of [title, story.locator('.story-text')]) {
    await expect(shown).not.toContainText('100 Vegas flows');
    await expect(shown).not.toContainText('100 Mb/s');
  }
  await expect(chooser.locator('option:checked')).toHaveText('Changed from its preset: choose one to start again');
  // The run is what the title says.
  await expect.poll(() => lab.columns()).toContain('flow.29.cwnd');
  expect(await lab.columns()).not.toContain('flow.30.cwnd');
  // Choosing the preset again runs it as its title says.
  await chooser.selectOption('htt-dumbbell-vegas-droptail');
  await expect(title).toContainText('100 Vegas flows, 100 Mb/s');
  await expect(chooser.locator('option:checked')).toHaveText(/^Head-to-Tail baseline, DropTail: 100 Vegas flows/);
});

test('phone (390 x 844): a queue with many live parameters folds them, so a whole chart is on the first screen', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await lab.open('#v=1&preset=xqm-exp1-red&view.speed=0');
  const live = page.locator('section.live-panel');
  const more = live.getByRole('button', { name: /^More controls \(\d+\)$/ });
  await expect(more).toBeVisible();
  await expect(live.getByLabel('Max drop probability (queue AB)').first()).toBeHidden();
  const chart = await page.locator('[data-chart="cwnd"] canvas').boundingBox();
  expect(chart!.y + chart!.height).toBeLessThanOrEqual(844);
  // The rest are one press away, and work as before.
  await more.click();
  await expect(live.getByLabel('Max drop probability (queue AB)').first()).toBeVisible();
  await expect(live.getByRole('button', { name: 'Fewer controls' })).toHaveAttribute('aria-expanded', 'true');
  // A desktop shows them all, with no button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(live.getByRole('button', { name: /More controls|Fewer controls/ })).toBeHidden();
  await expect(live.getByLabel('Max drop probability (queue AB)').first()).toBeVisible();
});

test('the queueing-delay and BBR charts the stories point to are drawn (BBR only with BBR flows); legends name differing window rules', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 2400 });
  await lab.open('#v=1&preset=bufferbloat-droptail&view.speed=0');
  await expect(page.locator('.story-watch')).toContainText('The queueing-delay chart');
  await lab.runUntil(5);
  await expect(page.locator('[data-chart="delay"]')).toBeVisible();
  await expect.poll(async () => (await lab.charts()).delay?.points ?? 0).toBeGreaterThan(0);
  await expect(page.locator('[data-chart="bbr"]')).toHaveCount(0);
  await expect(page.locator('[data-chart="cwnd"] .legend-toggle').first()).toHaveText('0');
  await lab.open('#v=1&preset=bbr-vs-cubic&view.speed=0');
  await expect(page.locator('.story-watch')).toContainText('The throughput chart');
  await lab.runUntil(5);
  await expect(page.locator('[data-chart="bbr"]')).toBeVisible();
  await expect.poll(async () => (await lab.charts()).bbr?.points ?? 0).toBeGreaterThan(0);
  // A run with BBR flows has what every chart draws: each one the chooser offers (all chosen by
  // default; one entry each in web/src/charts/registry.ts) is drawn.
  const offered = await page.locator('.chart-chooser input[type=checkbox]').count();
  expect(offered).toBeGreaterThanOrEqual(8);
  await expect(page.locator('[data-chart]')).toHaveCount(offered);
  // Flows that differ in their window rule are named in the legends: which line is BBR.
  await expect(page.locator('[data-chart="throughput"] .legend-toggle')).toHaveText(['0 BBR', '1 CUBIC']);
  // A lesson step that chooses the delay chart gets it.
  await lab.open('#v=1&view.charts=delay,queue,throughput&view.speed=0');
  await expect(page.locator('[data-chart]')).toHaveCount(3);
  await expect(page.locator('[data-chart="delay"]')).toBeVisible();
});
