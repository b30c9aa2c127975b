// Issue 23, "Done when": for a few presets (BL_TRUTH_PRESETS), play a moment, make one live change and one edit of
// the scenario (Edit scenario -> Run; the kinds of edit taken in turn: loss, buffer, queue kind,
// window rule, flow count), and check that what the page shows (live controls' values, flow
// table, legends, topology labels, chart titles, print summary) is what the core's manifest
// says the run has, with no raw key. The story's text is checked by truth.spec.ts and the
// stories' own tests. One page load; each preset is opened by its link.
import { type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { Manifest } from '../web/src/params/types';
import { expect, openMore, test } from './fixtures';

/** The page's name of each kind (describe's kinds.FAMILY.NAME.label, the committed snapshot). */
const kinds = (JSON.parse(readFileSync('web/test/fixtures/describe.json', 'utf8')) as { kinds: unknown })
  .kinds as Record<string, Record<string, { label: string }>>;
const ccLabel = (cc: string) => kinds.cc?.[cc]?.label ?? cc;

// What a student should never read: scenario paths, kinds and recovery by key, SI rates,
// JSON, unfilled placeholders.
const RAW =
  /\b(droptail|fq_codel|newreno|aimd|multcp|lasd|exoLoss|ccParams|flowOverrides|bottleneckRate|(queue|flows|topology)\.\w+)\b|\b\d{7,}\b|[{}]|\[\[/;

// Every preset takes about 8 s here (two runs, a print summary), so the default set is one per
// topology (a dumbbell of two window rules, a chain, a graph) and the first screen's; all presets,
// each with the live change and every edit, are checked against the real core's manifest without
// a browser by web/src/app/truth.presets.test.ts. BL_TRUTH_PRESETS=all runs every preset here
// (or a comma-separated list of ids).
const DEFAULT_SET = 'bbr-vs-cubic,htt-cross-traffic,xqm-dumbbell,xqm-exp1-red';

type Edit = 'loss' | 'buffer' | 'queue kind' | 'window rule' | 'flow count';
const EDITS: Edit[] = ['loss', 'buffer', 'queue kind', 'window rule', 'flow count'];

/** Makes one edit in the open scenario editor; false when this scenario's editor has no such field. */
async function edit(page: Page, what: Edit): Promise<boolean> {
  const box = (key: string) => page.locator(`[data-key="${key}"] input[type="text"]`).first();
  const select = (label: string) => page.getByLabel(label, { exact: true }).first();
  switch (what) {
    case 'loss': {
      if (!(await select('Exogenous loss kind').count())) return false;
      await select('Exogenous loss kind').selectOption('bernoulli');
      const rate = box('exoLoss.rate');
      if (!(await rate.count())) return false;
      await rate.fill('3');
      await rate.press('Tab');
      return true;
    }
    case 'buffer':
      if (!(await box('queue.buffer').count())) return false;
      await box('queue.buffer').fill('77');
      await box('queue.buffer').press('Tab');
      return true;
    case 'queue kind':
      if (!(await select('Queue kind').count())) return false;
      // CoDel, or RED where the queue is CoDel already: the edit changes the run.
      await select('Queue kind').selectOption((await select('Queue kind').inputValue()) === 'codel' ? 'red' : 'codel');
      return true;
    case 'window rule':
      if (!(await select('Congestion control').count())) return false;
      await select('Congestion control').selectOption(
        (await select('Congestion control').inputValue()) === 'cubic' ? 'bbr' : 'cubic',
      );
      return true;
    case 'flow count':
      if (!(await box('flows.count').count())) return false;
      await box('flows.count').fill('3');
      await box('flows.count').press('Tab');
      return true;
  }
}

/** The run the page shows now: its id changed from `before`, its manifest in, a row per flow drawn. */
async function newRun(page: Page, before: number): Promise<Manifest> {
  await expect.poll(() => page.evaluate(() => window.__bl!.runId())).toBeGreaterThan(before);
  await expect.poll(() => page.evaluate(() => window.__bl!.manifest() !== null)).toBe(true);
  const m = (await page.evaluate(() => window.__bl!.manifest()))!;
  await expect(page.locator('.flow-table tbody tr')).toHaveCount(m.flows.length);
  return m;
}

/** Every visible claim about the run against its manifest; `id` names the case in failures. */
async function checkAgainst(page: Page, m: Manifest, id: string): Promise<void> {
  // Flow table: each flow's window rule by the page's name, as its sender runs it.
  const rules = await page.locator('.flow-table tbody tr th + td').allTextContents();
  expect(rules, id).toEqual(m.flows.map((f) => ccLabel(f.cc)));
  // Legends: the window rules' names when the flows differ in them, else numbers alone.
  const differ = m.flows.some((f) => f.cc !== m.flows[0]!.cc);
  const legend = page.locator('[data-chart="throughput"] .legend-toggle');
  if ((await legend.count()) > 0 && (await legend.count()) === m.flows.length) {
    const names = await legend.allTextContents();
    expect(names, id).toEqual(m.flows.map((f, i) => (differ ? `${i} ${ccLabel(f.cc)}` : String(i))));
  }
  // Live controls show the values in force (the manifest's live values).
  const b = m.bottleneck;
  const liveOf = (entity: string, key: string) => m.live[entity]?.[key];
  const exo = page.getByLabel('Exogenous loss (all flows)', { exact: true });
  const exoNow = liveOf('flows', 'exoLoss');
  if ((await exo.count()) && typeof exoNow === 'number')
    expect(Number(await exo.inputValue()), `${id} exogenous loss box`).toBeCloseTo(exoNow * 100, 6);
  if (b) {
    const buffer = page.getByLabel(`Buffer (queue ${b})`, { exact: true });
    const bufNow = liveOf(`queue.${b}`, 'buffer');
    if ((await buffer.count()) && typeof bufNow === 'number')
      expect(Number(await buffer.inputValue()), `${id} buffer box`).toBe(bufNow);
    const rate = page.getByLabel(`Rate (link ${b})`, { exact: true });
    const rateNow = m.links.find((l) => l.name === b)!.rate;
    if (await rate.count()) {
      const unit = await page.locator('section.live-panel [data-key="live.link.rate"] .unit').first().textContent();
      const scale = { 'kb/s': 1e3, 'Mb/s': 1e6, 'Gb/s': 1e9 }[unit ?? ''] ?? 1;
      expect(Number(await rate.inputValue()) * scale, `${id} rate box`).toBeCloseTo(rateNow, -1);
    }
  }
  // Topology: the bottleneck's rate as built, a drawn path through it.
  const topo = (await page.locator('.topology svg').textContent()) ?? '';
  if (b) {
    const r = m.links.find((l) => l.name === b)!.rate;
    const shown = r >= 1e9 ? `${+(r / 1e9).toPrecision(4)} Gb/s` : `${+(r / 1e6).toPrecision(4)} Mb/s`;
    expect(topo, `${id} topology`).toContain(shown);
  }
  // The queue chart shows a queue the run traces.
  const queueTitle = (await page.locator('[data-chart="queue"] h3').first().textContent()) ?? '';
  const q = /\((.+)\)/.exec(queueTitle)?.[1];
  if (q) expect(m.traced, `${id} queue chart`).toContain(q);
  // No raw key in what these parts say.
  for (const part of ['.flow-table', '.topology', 'section.live-panel', '.charts-area .legend', '.charts-area h3']) {
    const text = (await page.locator(part).allInnerTexts()).join(' ');
    expect(text, `${id} ${part}`).not.toMatch(RAW);
  }
  expect(topo, `${id} topology`).not.toMatch(RAW);
}

test('every preset, after a live change and an edit: what the page says is what the run has', async ({ lab, page }) => {
  test.setTimeout(process.env.BL_TRUTH_PRESETS === 'all' ? 1_200_000 : 150_000);
  const ids = (await import('node:fs'))
    .readdirSync('public/presets')
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .filter(
      (id) =>
        (process.env.BL_TRUTH_PRESETS ?? DEFAULT_SET).split(',').includes(id) || process.env.BL_TRUTH_PRESETS === 'all',
    )
    .sort();
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await lab.open('#v=1&view.speed=0');
  const made = new Map<Edit, number>();
  for (const [n, id] of ids.entries()) {
    const before = await lab.runId();
    await page.evaluate((h) => (location.hash = h), `#v=1&preset=${id}&duration=30&view.speed=1`);
    await newRun(page, before);
    await lab.runUntil(0.3);
    // One live change: every flow's exogenous loss to 1 % (a graph's flows have no loss link of
    // their own, and no such control: the bottleneck's buffer to 50 packets there).
    const exo = page.getByLabel('Exogenous loss (all flows)', { exact: true });
    const b = (await lab.manifest())!.bottleneck;
    if (await exo.count()) {
      await exo.fill('1');
      await exo.press('Enter');
      await expect.poll(async () => (await lab.manifest())?.live.flows?.exoLoss, id).toBe(0.01);
    } else {
      const buffer = page.getByLabel(`Buffer (queue ${b})`, { exact: true });
      await buffer.fill('50');
      await buffer.press('Enter');
      await expect.poll(async () => (await lab.manifest())?.live[`queue.${b}`]?.buffer, id).toBe(50);
    }
    await checkAgainst(page, (await lab.manifest())!, `${id} after the live change`);
    // One edit, the kinds in turn: the next kind this scenario's editor offers and the core takes
    // (a chain's flow count is its topology's; an edit the check refuses is discarded).
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    const run = page.getByRole('button', { name: /^Run without it$|^Run this scenario$/ });
    // The form is busy while the core checks the draft; Run is enabled after it when the core took it.
    const checked = async (timeout?: number) => {
      await expect(page.locator('#scenario-drawer form')).not.toHaveAttribute('aria-busy', 'true', { timeout });
      // Busy and Run's state change in one render: no wait past the check.
      expect(await run.isEnabled(), 'Run after the check').toBe(true);
    };
    let done: Edit | null = null;
    // The kinds made least so far first (a chain or graph offers fewer), in turn among equals.
    const order = EDITS.map((_e, k) => EDITS[(n + k) % EDITS.length]!).sort(
      (a, b) => (made.get(a) ?? 0) - (made.get(b) ?? 0),
    );
    for (const what of order) {
      if (done) break;
      if (!(await edit(page, what))) continue;
      try {
        await checked(5000);
        done = what;
      } catch {
        const discard = page.getByRole('button', { name: 'Discard edits' });
        if (await discard.isEnabled()) await discard.click();
      }
    }
    expect(done, `${id}: an edit the editor offers`).not.toBeNull();
    made.set(done!, (made.get(done!) ?? 0) + 1);
    const runId = await lab.runId();
    // Run once the core's check of the draft is in.
    await checked();
    await run.click();
    await expect(page.getByRole('heading', { name: 'Scenario', exact: true })).toBeHidden();
    const m = await newRun(page, runId);
    // The edit took (a graph's links and flows carry their own queues and rules: not checked there).
    if (m.topology !== 'graph') {
      if (done === 'flow count') expect(m.flows.length, id).toBe(3);
      if (done === 'window rule')
        expect(
          m.flows.some((f) => f.cc === 'cubic' || f.cc === 'bbr'),
          id,
        ).toBe(true);
      if (done === 'queue kind')
        expect(['codel', 'red'], id).toContain(m.links.find((l) => l.name === m.bottleneck)?.queue.kind);
      if (done === 'buffer') expect(m.live[`queue.${m.bottleneck}`]?.buffer, id).toBe(77);
      if (done === 'loss') expect(m.live.flows?.exoLoss, id).toBe(0.03);
    }
    await lab.runUntil(0.3);
    await checkAgainst(page, (await lab.manifest())!, `${id} after the ${done} edit`);
    // The print summary of the edited run: by labels and units.
    await openMore(page);
    await page.getByRole('button', { name: 'Print summary' }).click();
    const params = page.getByTestId('print-sheet').locator('.print-params');
    await expect(params).toBeVisible();
    expect(await params.innerText(), `${id} print summary`).not.toMatch(RAW);
    await page.getByTestId('print-sheet').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByTestId('print-sheet')).toHaveCount(0);
  }
  // Every kind of edit was made on some preset (the default set of four makes four kinds).
  if (ids.length >= 8) expect([...made.keys()].sort()).toEqual([...EDITS].sort());
  else expect(made.size).toBe(Math.min(ids.length, EDITS.length));
});
