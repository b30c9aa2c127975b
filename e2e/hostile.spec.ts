// Hostile links (issue 11): each opens as the default scenario (or the scenario it describes)
// with a notice; never a blank page, a hang, the error boundary or a polluted Object.prototype.
import { test, expect, type Lab } from './fixtures';
import type { Page } from '@playwright/test';

/** Object.prototype's own names in a page that loaded nothing of ours. */
async function cleanPrototype(page: Page): Promise<string[]> {
  const blank = await page.context().newPage();
  await blank.goto('about:blank');
  const names = await blank.evaluate(() => Object.getOwnPropertyNames(Object.prototype).sort());
  await blank.close();
  return names;
}

/** Opens `hash` and checks: no page error, a notice, a run that advances, prototypes untouched. */
async function opensSafely(lab: Lab, page: Page, hash: string, notice: RegExp): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const clean = await cleanPrototype(page);
  await lab.open(hash);
  await expect(page.getByTestId('notice')).toBeVisible();
  expect((await lab.notices()).join('\n')).toMatch(notice);
  await expect(page.getByText(/Something went wrong|Maximum update depth|Maximum call stack/i)).toHaveCount(0);
  expect(await lab.runUntil(0.5)).toBeGreaterThanOrEqual(0.5);
  expect(await lab.status()).not.toBe('error');
  const proto = await page.evaluate(() => ({
    names: Object.getOwnPropertyNames(Object.prototype).sort(),
    hasOwn: typeof Object.prototype.hasOwnProperty,
    x: ({} as Record<string, unknown>).x,
    inner: ({} as Record<string, unknown>).dangerouslySetInnerHTML,
  }));
  expect(proto).toEqual({ names: clean, hasOwn: 'function', x: undefined, inner: undefined });
  expect(errors).toEqual([]);
}

/** The default scenario's columns, from a page opened without a hash. */
async function defaultColumns(page: Page): Promise<string[]> {
  const other = await page.context().newPage();
  await other.goto('/');
  await other.waitForFunction(() => window.__bl !== undefined);
  await other.evaluate(() => window.__bl!.ready());
  const cols = await other.evaluate(() => window.__bl!.columns());
  await other.close();
  return cols;
}

test.describe('links that reach for Object.prototype', () => {
  for (const hash of [
    '#v=1&__proto__.hasOwnProperty=~',
    '#v=1&__proto__.dangerouslySetInnerHTML=x',
    '#v=1&constructor.prototype.x=1',
  ]) {
    test(`${hash} opens the default scenario with a notice`, async ({ lab, page }) => {
      await opensSafely(lab, page, hash, /refused/);
      expect(await lab.columns()).toEqual(await defaultColumns(page));
    });
  }
});

const live = (n: number) =>
  `live=${Array.from({ length: n }, (_, i) => `${(i * 0.001).toFixed(3)}:flows:exoLoss:0.01`).join(';')}`;
const nested = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);
const graph = (nodes: string, links: string, flows: string) =>
  `#v=1&topology.kind=graph&topology.nodes=${nodes}&topology.links=${links}&topology.flows=${flows}`;

test.describe('links that once left no usable page', () => {
  // The last field: whether the page then runs the default scenario (false: the linked one,
  // minus what the notice names).
  const cases: [string, string, RegExp, boolean][] = [
    [
      'a live= list of 3,000 changes',
      `#v=1&${live(3000)}`,
      /live: .*; a link may carry at most 1000 live changes/,
      true,
    ],
    ['a live= list of 50,000 changes', `#v=1&${live(50000)}`, /characters long; at most 200000/, true],
    [
      'deeply nested topology.rates',
      `#v=1&topology.kind=chain&topology.rates=${nested(5000)}`,
      /topology\.rates: refused, nested deeper/,
      false,
    ],
    [
      'deeply nested flowOverrides',
      `#v=1&flowOverrides=${nested(5000)}`,
      /flowOverrides: refused, nested deeper/,
      true,
    ],
    [
      '60,000 flowOverrides',
      `#v=1&flowOverrides=${JSON.stringify(Array.from({ length: 60000 }, (_, i) => ({ flow: i })))}`,
      /at most/,
      true,
    ],
    ['topology.kind=graph alone', '#v=1&topology.kind=graph', /linked scenario could not run.*topology/, true],
    [
      'a graph with one node',
      graph('["a"]', '[{"name":"x","from":"a","to":"a"}]', '[{"src":"a","dst":"a"}]'),
      /linked scenario could not run.*topology/,
      true,
    ],
    [
      // The work budget (docs/scenario.md, "Guard rails"): 12.5 M packets a second over 6 hops
      // for 59.5 s (the flows start within the first second) is past the browser's billion
      // events even at the default 60 s.
      'a link asking for days of work (2,000 flows through 100 Gb/s)',
      '#v=1&flows.count=2000&topology.bottleneckRate=100000000000&topology.accessRate=100000000000',
      /linked scenario could not run \(duration: 60 s at these rates is about 4\.46 billion events of work.*the work budget is 1 billion events/,
      true,
    ],
    [
      'a graph flow whose src equals its dst',
      graph('["a","b"]', '[{"name":"x","from":"a","to":"b"}]', '[{"src":"a","dst":"a"}]'),
      /topology\.flows\[0\]\.dst: "a" is also topology\.flows\[0\]\.src; a flow needs two different nodes/,
      true,
    ],
  ];
  for (const [what, hash, notice, isDefault] of cases) {
    test(`${what}: ${isDefault ? 'the default scenario' : 'the rest of the link'} runs, with a notice`, async ({
      lab,
      page,
    }) => {
      await opensSafely(lab, page, hash, notice);
      if (isDefault) expect(await lab.columns()).toEqual(await defaultColumns(page));
      else expect(await lab.columns()).not.toEqual(await defaultColumns(page));
    });
  }

  test('a link asking for more work than the browser allows runs without its duration, with a notice', async ({
    lab,
    page,
  }) => {
    // 1 Gb/s for an hour is about 2.7 billion events: the duration is left out (60 s fits).
    await opensSafely(
      lab,
      page,
      '#v=1&duration=3600&topology.bottleneckRate=1000000000',
      /duration: 3600 s at these rates is about 2\.7 billion events of work .*shorten duration to at most 1\d\d0 s/,
    );
    // The rest of the link is kept: the flows share 1 Gb/s, not the default 16 Mb/s.
    expect(await lab.runUntil(2)).toBeGreaterThanOrEqual(2);
    const total = (await lab.summary()).flows.reduce((a, f) => a + f.throughputBps, 0);
    expect(total).toBeGreaterThan(64e6);
  });

  test('a live= list at the limit (1,000 changes) is replayed', async ({ lab, page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await lab.open(`#v=1&${live(1000)}`);
    await lab.runUntil(1.2);
    expect((await lab.marks()).filter((m) => m.t < 2)).toHaveLength(1000);
    await expect(page.getByTestId('notice')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a link with a few live changes still replays them', async ({ lab, page }) => {
    await lab.open('#v=1&live=0.2:flows:exoLoss:0.05;0.4:flows:exoLoss:0');
    await lab.runUntil(0.5);
    expect((await lab.marks()).filter((m) => m.t < 2).map((m) => m.t)).toEqual([0.2, 0.4]);
    await expect(page.getByTestId('notice')).toHaveCount(0);
  });
});
