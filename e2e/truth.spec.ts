// Issue 23: the page tells the truth about the run on screen, from the core's manifest
// (bl_manifest), after every change. Each test follows the steps as written.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

const exoBox = (page: Page) => page.getByLabel('Exogenous loss (all flows)', { exact: true });

test('item 1: the loss box shows the schedule step in force, playing and paused', async ({ lab, page }) => {
  await lab.open('#v=1&view.speed=4');
  await lab.runUntil(21); // paused after the 20 s step
  await expect(exoBox(page)).toHaveValue('1');
  // Play on through the 40 s step: while it plays, the box follows the schedule to 5 %.
  await page.getByRole('toolbar', { name: 'Simulation controls' }).getByRole('button', { name: 'Play' }).click();
  await lab.waitFor(46);
  expect(await lab.status()).toBe('playing');
  await expect(exoBox(page)).toHaveValue('5');
  expect((await lab.manifest())!.live.flows!.exoLoss).toBe(0.05);
  await page.getByRole('toolbar', { name: 'Simulation controls' }).getByRole('button', { name: 'Pause' }).click();
  await expect(exoBox(page)).toHaveValue('5');
});

test("item 2: the first screen's Try this, followed literally, stops the schedule", async ({ lab, page }) => {
  await lab.open('#v=1');
  const tryThis = await page.locator('.story-try').textContent();
  expect(tryThis).toContain('type 0 in the live Exogenous loss (all flows) box and press Enter');
  await lab.runUntil(19);
  await expect(exoBox(page)).toHaveValue('0');
  await exoBox(page).fill('0');
  await exoBox(page).press('Enter');
  // A mark says when, and the schedule's own marks after it are gone.
  await expect
    .poll(async () => (await lab.marks()).map((m) => [m.t, m.label]))
    .toEqual([[19, 'exogenous loss 0% -> 0%']]);
  await expect.poll(async () => (await lab.manifest())?.changes.length).toBe(1);
  await lab.runUntil(30);
  const m = (await lab.manifest())!;
  expect(m.live.flows!.exoLoss).toBe(0);
  expect(m.nextChange).toBeNull();
  // The loss measured over 20-30 s stays at 0 (the schedule would have put it near 1 %).
  expect(await lab.flowMean('lossExo', 20, 30)).toBe(0);
  await expect(exoBox(page)).toHaveValue('0');
});

test('item 3: the story is written from the run: loss, buffer, queue kind, window rule, flow count', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1');
  const watch = page.locator('section.story .story-watch');
  const title = page.locator('section.story h2');
  await expect(watch).toContainText('20 TCP flows share one 16 Mb/s bottleneck with a 250-packet DropTail queue.');
  await expect(watch).toContainText('Every flow runs Reno (AIMD): slow start, then +1 packet per RTT, halve on loss.');
  // Paused at 2 s, or where the run already was if a loaded machine opened the page slowly (it
  // plays from the start): the change is said at the time it was made.
  await lab.runUntil(2);
  await expect.poll(() => lab.status()).toBe('paused');
  const at = await lab.now();
  // Loss set live to 2 %: the title and the story say it, not the schedule.
  await exoBox(page).fill('2');
  await exoBox(page).press('Enter');
  await expect(title).toHaveText('XQM dumbbell: exogenous loss 2% (set live)');
  await expect(watch).toContainText('Random (exogenous) loss: 2% (set live).');
  await expect(page.getByTestId('story-live')).toContainText(`exogenous loss (all flows) 2% at ${+at.toFixed(2)} s`);
  // Buffer set live to 100 packets.
  const buffer = page.getByLabel('Buffer (queue bottleneck)', { exact: true });
  await buffer.fill('100');
  await buffer.press('Enter');
  await expect(watch).toContainText('with a 100-packet DropTail queue.');
  // Edits of the scenario (as a link carries them): queue kind, window rule, flow count.
  await lab.open('#v=1&queue.kind=fq_codel&flows.cc=bbr&flows.count=100&view.speed=0');
  await expect(watch).toContainText('100 TCP flows share one 16 Mb/s bottleneck with a');
  await expect(watch).toContainText('FQ-CoDel queue.');
  await expect(watch).toContainText('Every flow runs BBR: paces at the measured bottleneck bandwidth');
  await expect(watch).not.toContainText('halve on loss');
  await expect(page.locator('section.story')).not.toContainText('click a flow in a legend');
  await expect(page.getByTestId('story-changes')).toHaveCount(0);
  await expect(page.locator('.flow-table tbody tr').first().locator('td').first()).toHaveText('BBR');
});

test('a link opened just as the page rewrites its own URL is still the run on screen', async ({ lab, page }) => {
  // The page writes its state to the URL in an effect after each change (a live change, say).
  // A link opened between that change and the effect is overwritten before its hashchange event
  // fires; the page must still open the link (the event carries it), not keep the old run.
  await lab.open('#v=1&view.speed=0');
  const runId = await lab.runId();
  await page.evaluate(() => {
    const own = location.hash;
    location.hash = '#v=1&flows.count=7&view.speed=0';
    history.replaceState(null, '', own);
  });
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await expect(page.locator('section.story .story-watch')).toContainText('7 TCP flows share one 16 Mb/s bottleneck');
  await expect(page).toHaveURL(/flows\.count=7/);
});

// Raw keys a student should never read: queue kinds, window rules and loss recovery as keys,
// scenario paths, unfilled story placeholders.
const RAW =
  /\b(droptail|fq_codel|newreno|aimd|multcp|lasd|exoLoss|ccParams|flowOverrides|queue\.\w+|flows\.\w+)\b|[{}]/;

// One preset per topology and a mix of window rules by default; BL_TRUTH_PRESETS=all (or a
// comma-separated list) for more. Every preset's story, title, flow table, legends, live
// controls, topology and print summary are checked against the real core's manifest without a
// browser by web/src/app/truth.presets.test.ts; here the page's DOM shows them.
const SAMPLE = 'bbr-vs-cubic,htt-cross-traffic,xqm-exp1-red';

test('presets: story, title and flow table name the run as the manifest has it, with no raw key', async ({
  lab,
  page,
}) => {
  test.setTimeout(process.env.BL_TRUTH_PRESETS === 'all' ? 180_000 : 60_000);
  const ids = (await import('node:fs'))
    .readdirSync('public/presets')
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .filter(
      (id) =>
        process.env.BL_TRUTH_PRESETS === 'all' || (process.env.BL_TRUTH_PRESETS ?? SAMPLE).split(',').includes(id),
    );
  await lab.open('#v=1&view.speed=0');
  for (const id of ['first-visit', ...ids]) {
    const before = await lab.runId();
    if (id !== 'first-visit') await page.evaluate((h) => (location.hash = h), `#v=1&preset=${id}&view.speed=0`);
    await expect.poll(async () => (await lab.runId()) > before || id === 'first-visit').toBe(true);
    await expect.poll(async () => (await lab.manifest()) !== null).toBe(true);
    const m = (await lab.manifest())!;
    // The page has drawn this run (its panels render a moment after the manifest arrives): a row
    // per flow of the run, each with its window rule.
    const rule = page.locator('.flow-table tbody tr th + td');
    await expect(rule, id).toHaveCount(m.flows.length);
    await expect(rule.first(), id).not.toHaveText('');
    const story = (await page.locator('section.story').innerText()).replace(/\s+/g, ' ');
    expect(story, id).not.toMatch(RAW);
    // The flow table's window rule is the one each flow's sender runs.
    const cells = await rule.allTextContents();
    for (const [i, c] of cells.entries()) {
      expect(c, `${id} flow ${i}`).not.toMatch(RAW);
      expect(c.length, `${id} flow ${i}`).toBeGreaterThan(0);
    }
    // A number the story gives for the flow count is the run's.
    const n = /^(\d+) TCP flows/.exec(story.replace(/^.*?What you are watching: /, ''));
    if (n) expect(Number(n[1]), id).toBe(m.flows.length);
  }
});
