// Issue 23, the story: every preset's "Try this" does what it says when followed literally, and
// the story follows the five edits a student makes (loss live, buffer, queue kind, window rule,
// flow count) with no stale number or kind and no raw key. Each "Try this" has a machine-readable
// action beside it (public/stories/presets.json, `act`); the unit tests check that every action
// names a control its preset has (web/src/scenario/storyText.test.ts), and here one preset per
// distinct action (via + control) performs it through the page's own controls.
import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { type Lab, expect, openMore, test } from './fixtures';
import type { Manifest, Scenario } from '../web/src/params/types';
import type { TryAction } from '../web/src/scenario/presets';
import { findSpec, normalizeSpecs } from '../web/src/params/specs';
import { guardHolds } from '../web/src/scenario/storyText';

const specs = normalizeSpecs(JSON.parse(fs.readFileSync('web/test/fixtures/describe.json', 'utf8')));
const stories = JSON.parse(fs.readFileSync('public/stories/presets.json', 'utf8')) as Record<
  string,
  { try: string; act: TryAction }
>;
const scenarioOf = (id: string): Scenario =>
  id === 'first-visit'
    ? { version: 1 }
    : (JSON.parse(fs.readFileSync(`public/presets/${id}.json`, 'utf8')) as Scenario);
const hashOf = (id: string, extra = '') => (id === 'first-visit' ? `#v=1${extra}` : `#v=1&preset=${id}${extra}`);

// Raw keys a student should never read: kinds and scenario paths as keys, unfilled placeholders
// and guards of a story template.
const RAW =
  /\b(droptail|fq_codel|htt|newreno|aimd|multcp|lasd|exoLoss|ccParams|flowOverrides|queue\.\w+|flows\.\w+|topology\.\w+)\b|[{}]|\[\[|\]\]|::/;

/** The story as the student reads it (its title and text, not the preset chooser's options), one line. */
const storyText = async (page: Page) =>
  `${await page.locator('section.story h2').innerText()} ${await page.locator('section.story .story-text').innerText()}`.replace(
    /\s+/g,
    ' ',
  );

/** How a student performs an action: its `via`, and for an edit the editor's kind of field. */
function widget(a: TryAction): string {
  if (a.via !== 'edit') return a.via;
  const t = findSpec(specs, a.key!)?.type;
  return `edit:${t === 'enum' ? 'select' : t === 'boolean' ? 'checkbox' : 'box'}`;
}

/**
 * The presets whose "Try this" the browser follows, the first visit first: by default one per
 * way of acting (live box, flow box, editor select, box and checkbox, compare, preset chooser);
 * BL_TRUTH_PRESETS=all, one per distinct action (its kind and the control it names). That every
 * action names a control its preset has, and that its check holds only after it, is checked for
 * every preset by web/src/scenario/storyText.test.ts.
 */
function sample(): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const ids = Object.keys(stories).sort((a, b) =>
    a === 'first-visit' ? -1 : b === 'first-visit' ? 1 : a < b ? -1 : 1,
  );
  for (const id of ids) {
    const a = stories[id]!.act;
    const kind = process.env.BL_TRUTH_PRESETS === 'all' ? `${a.via}:${a.key ?? ''}` : widget(a);
    if (seen.has(kind)) continue;
    seen.add(kind);
    out.push(id);
  }
  return out;
}

/** Waits for a new run after `action` and for its manifest. */
async function newRun(lab: Lab, page: Page, action: () => Promise<void>): Promise<Manifest> {
  const before = await lab.runId();
  await action();
  await expect.poll(() => lab.runId()).toBeGreaterThan(before);
  await page.evaluate(() => window.__bl!.ready());
  await expect.poll(async () => (await lab.manifest()) !== null).toBe(true);
  return (await lab.manifest())!;
}

/** Sets a field of the scenario editor and runs it (the drawer's own Run button). */
async function edit(lab: Lab, page: Page, key: string, value: string): Promise<Manifest> {
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const drawer = page.getByRole('dialog', { name: 'Scenario editor' });
  const field = drawer.locator(`[data-key="${key}"]`).first();
  if ((await field.locator('select').count()) > 0) await field.locator('select').selectOption(value);
  else if ((await field.locator('input[type="checkbox"]').count()) > 0)
    await field.locator('input[type="checkbox"]').setChecked(value === 'on');
  else {
    const box = field.locator('input[type="text"]');
    await box.fill(value);
    await box.press('Enter');
  }
  return newRun(lab, page, async () => {
    await drawer.getByRole('button', { name: /^Run (this scenario|without)/ }).click();
    await expect(drawer).toBeHidden();
  });
}

/** Types a value in a box and presses Enter, as "Try this" says. */
async function typeIn(box: ReturnType<Page['locator']>, value: string): Promise<void> {
  await box.fill(value);
  await box.press('Enter');
}

for (const id of sample()) {
  const a = stories[id]!.act;
  test(`Try this, followed literally, does what it says: ${id} (${a.via}${a.key ? ` ${a.key}` : ''})`, async ({
    lab,
    page,
  }) => {
    await lab.open(hashOf(id, '&view.speed=1'));
    const said = await page.locator('.story-try').innerText();
    expect(said, id).not.toMatch(RAW);
    let scenario = scenarioOf(id);
    let m: Manifest;
    if (a.via === 'live' || a.via === 'flow') {
      // Before the run ends (and, on the first screen, before the loss rises), paused.
      await lab.runUntil(1);
      const box =
        a.via === 'live'
          ? page.locator(`section.live-panel [data-key="${a.key}"] input[type="text"]`)
          : page.getByLabel(`flow ${a.flow} ${specs.find((s) => s.key === a.key)!.label.toLowerCase()}`, {
              exact: true,
            });
      await typeIn(box, a.value!);
      // A mark says when; the run's manifest has the change.
      await expect.poll(async () => (await lab.manifest())?.changes.length ?? 0).toBeGreaterThan(0);
      await expect.poll(async () => (await lab.marks()).some((mk) => !mk.schedule)).toBe(true);
      m = (await lab.manifest())!;
    } else if (a.via === 'edit') {
      m = await edit(lab, page, a.key!, a.value!);
    } else if (a.via === 'compare') {
      await openMore(page);
      await page.getByRole('button', { name: 'Compare with...' }).click();
      const dialog = page.getByRole('dialog', { name: 'Compare with...' });
      await dialog.getByLabel('What differs').selectOption(a.key!);
      await dialog.getByLabel('Value for B').selectOption(a.value!);
      await dialog.getByRole('button', { name: 'Compare' }).click();
      await page.waitForFunction(() => window.__bl?.compare() != null);
      // B is this run with the one change asked for, on the same seed.
      expect(await page.evaluate(() => window.__bl!.compare()!.diff())).toContain(`${a.key} = ${a.value}`);
      expect(await page.evaluate(() => window.__bl!.compare()!.runUntil(1))).toEqual([1, 1]);
      return;
    } else {
      m = await newRun(lab, page, () =>
        page
          .getByLabel('Preset')
          .selectOption(a.preset!)
          .then(() => undefined),
      );
      scenario = scenarioOf(a.preset!);
    }
    // The run changed as the text says (the new run's manifest can follow its first data by a
    // moment: polled), and the story told of it has no raw key.
    await expect
      .poll(async () => guardHolds(a.check!, specs, scenario, (await lab.manifest()) ?? m), `${id}: ${a.check}`)
      .toBe(true);
    expect(await storyText(page), id).not.toMatch(RAW);
  });
}

// The five edits, through the page's own controls, on the first screen (BL_TRUTH_PRESETS=all:
// also RED, BBR against CUBIC, weighted (SD), Vegas through Head-to-Tail). After each, the visible
// story tells the run (its manifest). Every preset's story after each edit, with the real core, is
// checked without a browser by web/src/app/truth.presets.test.ts.
const ALL_EDITS: { id: string; buffer: string; queue: [string, string]; rule: [string, string] }[] = [
  { id: 'first-visit', buffer: '100', queue: ['codel', 'CoDel'], rule: ['bbr', 'BBR'] },
  { id: 'xqm-fig2-red', buffer: '100', queue: ['droptail', 'DropTail'], rule: ['cubic', 'CUBIC'] },
  { id: 'bbr-vs-cubic', buffer: '100', queue: ['codel', 'CoDel'], rule: ['vegas', 'Vegas'] },
  { id: 'sd-10mbps', buffer: '100', queue: ['pie', 'PIE'], rule: ['cubic', 'CUBIC'] },
  { id: 'htt-dumbbell-vegas', buffer: '60', queue: ['red', 'RED'], rule: ['aimd', 'Reno (AIMD)'] },
];
const EDITS = process.env.BL_TRUTH_PRESETS === 'all' ? ALL_EDITS : ALL_EDITS.slice(0, 1);

for (const e of EDITS) {
  test(`the story follows loss, buffer, queue kind, window rule and flow count: ${e.id}`, async ({ lab, page }) => {
    test.setTimeout(120_000);
    await lab.open(hashOf(e.id, '&view.speed=1'));
    await expect.poll(async () => (await lab.manifest()) !== null).toBe(true);
    const watch = page.locator('section.story .story-watch');
    const title = page.locator('section.story h2');
    const check = async (what: string) => {
      const text = await storyText(page);
      expect(text, `${e.id} after ${what}`).not.toMatch(RAW);
      return text;
    };
    const m0 = (await lab.manifest())!;
    const b0 = m0.links.find((l) => l.name === m0.bottleneck)!;

    // Buffer.
    let m = await edit(lab, page, 'queue.buffer', e.buffer);
    expect(m.links.find((l) => l.name === m.bottleneck)!.buffer).toBe(Number(e.buffer));
    await expect(watch).toContainText(`${e.buffer}-packet`);
    await expect(title).not.toContainText(`${b0.buffer}-packet`);
    await expect(watch).not.toContainText(`${b0.buffer}-packet`);
    await check('buffer');

    // Queue kind: its own sentence, and the old kind's is gone.
    const oldKind = specs.find((s) => s.key === 'queue.kind')!.optionLabels![b0.queue.kind]!;
    m = await edit(lab, page, 'queue.kind', e.queue[0]);
    expect(m.links.find((l) => l.name === m.bottleneck)!.queue.kind).toBe(e.queue[0]);
    await expect(watch).toContainText(`-packet ${e.queue[1]} queue`);
    await expect(watch).not.toContainText(`-packet ${oldKind} queue`);
    await expect(watch).not.toContainText(`The queue is ${oldKind} (`);
    await check('queue kind');

    // Window rule: its own sentence; no rule the flows no longer run.
    const oldRules = new Set(m.flows.map((f) => f.cc));
    m = await edit(lab, page, 'flows.cc', e.rule[0]);
    expect(m.flows.map((f) => f.cc)).toContain(e.rule[0]);
    await expect(watch).toContainText(new RegExp(`runs? ${e.rule[1].replace(/[()]/g, '\\$&')}:`));
    const ccLabels = specs.find((s) => s.key === 'flows.cc')!.optionLabels!;
    for (const r of oldRules)
      if (!m.flows.some((f) => f.cc === r)) await expect(watch).not.toContainText(`runs ${ccLabels[r]}:`);
    await check('window rule');

    // Flow count.
    const n0 = m.flows.length;
    m = await edit(lab, page, 'flows.count', '3');
    expect(m.flows.length).toBe(3);
    await expect(watch).toContainText(/\b3 (TCP )?flows\b/);
    await expect(watch).not.toContainText(new RegExp(`\\b${n0} (TCP )?flows\\b`));
    await check('flow count');

    // Loss, live: set to 2 % while the run plays on, paused a moment after.
    await lab.runUntil(2);
    await typeIn(page.locator('section.live-panel [data-key="live.flow.exoLoss"] input[type="text"]'), '2');
    await expect.poll(async () => (await lab.manifest())?.live.flows?.exoLoss).toBe(0.02);
    await expect(page.getByTestId('story-live')).toContainText('exogenous loss (all flows) 2%');
    const text = await check('loss');
    expect(text).not.toMatch(/ at 20 s -> | As the loss rises/);
    if (e.id === 'first-visit' || e.id === 'xqm-fig2-red') await expect(watch).toContainText('2% (set live)');
  });
}
