// The newcomer's first screen (issue 24, item 8): at 1280 x 720 the header wrapped ("Theme" on a
// second line), two charts were on screen, and eleven header buttons and panels named "Steady
// state (Eqs. 11-12)" and "Fluid model" greeted a first-year student. Now the header is one line
// (the name, Lessons, Copy link, More), the story shows its first lines, and three charts are on
// screen; the rest waits one click in "More", reachable by keyboard, and every URL key still works.
import type { Page } from '@playwright/test';
import { test, expect, openMore } from './fixtures';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

/** How tall the header is and how far apart its items' tops are (one line: a few px). */
async function headerLine(page: Page): Promise<{ height: number; spread: number }> {
  return page.evaluate(() => {
    const head = document.querySelector('header.app-head')!;
    const tops = [...head.querySelectorAll(':scope > h1, :scope > a, .share-menu > button')].map(
      (e) => e.getBoundingClientRect().top,
    );
    return { height: head.getBoundingClientRect().height, spread: Math.max(...tops) - Math.min(...tops) };
  });
}

/** Holds back the built script named `name`-<hash>.js for `ms` before letting it through. */
async function holdBack(page: Page, name: string, ms: number): Promise<void> {
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

/** How many workers the page has started so far. */
function workerCount(page: Page): () => number {
  let n = 0;
  page.on('worker', () => n++);
  return () => n;
}

/** Until a chart has drawn its first points. */
async function firstDrawing(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('bl:first-draw').length > 0);
}

/** Charts whose plot is wholly inside the viewport (above the fold). */
async function chartsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-chart]')]
      .filter((c) => {
        const r = c.querySelector('.chart-plot')!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= document.documentElement.clientHeight && r.height > 0;
      })
      .map((c) => c.dataset.chart!),
  );
}

for (const size of SIZES) {
  test(`at ${size.width} x ${size.height}: the header is one line, three charts are on screen, notices do not wrap it`, async ({
    lab,
    page,
  }) => {
    await page.setViewportSize(size);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await lab.open('#v=1');
    const line = await headerLine(page);
    // One line: a button's height and the padding (it was 87 px at 1280 with "Theme" wrapped).
    expect(line.height).toBeLessThan(56);
    expect(line.spread).toBeLessThan(8);
    // The first screen's header: the name, Lessons, Copy link and More; nothing else.
    await expect(page.locator('header.app-head').getByRole('button').filter({ visible: true })).toHaveText([
      'Copy link',
      'More',
    ]);
    // The windows, the queue and the throughput, whole, without scrolling (two before).
    await expect.poll(() => chartsOnScreen(page)).toEqual(expect.arrayContaining(['cwnd', 'queue', 'throughput']));
    // "Link copied" and a notice under the header leave it as it was.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.locator('header.app-head').getByText('Link copied')).toBeVisible();
    expect(await headerLine(page)).toEqual(line);
    await lab.open('#v=1&queue.buffer=-5');
    await expect(page.getByTestId('notice').first()).toBeVisible();
    expect(await headerLine(page)).toEqual(line);
  });
}

test('every item moved into "More" is reachable by keyboard and works; the URL keys still work', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await lab.open('#v=1&duration=300');
  const more = page.getByRole('button', { name: 'More', exact: true });
  // Keyboard: Enter on More opens it and the first item is the next Tab stop; Escape closes it.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Get embed code' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toBeFocused();
  await expect(page.getByRole('button', { name: 'Get embed code' })).toBeHidden();

  // Each item, one click after More.
  await openMore(page);
  await page.getByRole('button', { name: 'Get embed code' }).click();
  const embed = page.getByRole('dialog', { name: 'Embed this simulation' });
  await expect(embed).toBeVisible();
  await embed.getByRole('button', { name: 'Close' }).click();
  for (const [name, file] of [
    ['Export CSV', 'bottleneck-lab-series.csv'],
    ['Export summary JSON', 'bottleneck-lab-summary.json'],
  ] as const) {
    await openMore(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
    expect(download.suggestedFilename()).toBe(file);
  }
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await openMore(page);
  await page.getByRole('button', { name: 'Print summary' }).click();
  await expect(page.getByTestId('print-sheet')).toBeVisible();
  await page.getByTestId('print-sheet').getByRole('button', { name: 'Close' }).click();
  await openMore(page);
  await page.getByRole('button', { name: 'Compare with...' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare with...' });
  await expect(compare).toBeVisible();
  await compare.getByRole('button', { name: 'Cancel' }).click();
  await expect(compare).toBeHidden();
  await openMore(page);
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Sweep' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('sweep');
  await openMore(page);
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Sweep' })).toHaveCount(0);
  await openMore(page);
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('view.theme=dark');
  await page.getByRole('checkbox', { name: 'Student mode', exact: true }).check();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('student=1');

  // A link with those keys opens as before: dark, student mode (ticked in More).
  await lab.open('#v=1&view.theme=dark&student=1');
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await openMore(page);
  await expect(page.getByRole('checkbox', { name: 'Student mode', exact: true })).toBeChecked();
});

test('panels a first-year student can parse: plain names, the equations inside', async ({ lab, page }) => {
  await lab.open('#v=1');
  await expect(
    page.getByRole('heading', { name: 'Prediction from theory (fluid model, Eqs. 1-10)', exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('Draw the prediction on the charts')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Where the run settles (steady state, Eqs. 11-12)', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Steady state (Eqs. 11-12)', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Fluid model', exact: true })).toHaveCount(0);
});

// A phone's first visit (issue 24 item 7): the page's chunk is imported by the entry chunk once it
// has started the worker, so the browser would find it only after the entry had arrived and run
// (0.6 s of a 1.6 Mb/s link carrying 16 kB). The HTML names it and its imports (modulepreload).
test("the HTML names every script the first screen's page loads: the entry or a preload", async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  const named = new Set([...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  await page.goto('/');
  await firstDrawing(page);
  const loaded = await page.evaluate(() => {
    const drawn = performance.getEntriesByName('bl:first-draw')[0]!.startTime;
    return (
      performance
        .getEntriesByType('resource')
        // The worker's entry is fetched by the worker's own realm: a page's preload cannot serve it.
        .filter((e) => e.startTime <= drawn && /\/assets\/[^/]+\.js$/.test(e.name) && !/\/sim\.worker-/.test(e.name))
        .map((e) => `assets/${new URL(e.name).pathname.split('/').pop()}`)
    );
  });
  expect(loaded.some((f) => /\/mount-[^/]+\.js$/.test(f))).toBe(true);
  expect(loaded.filter((f) => !named.has(f))).toEqual([]);
});

// A first visit's main thread (issue 24 item 7): the first call of localeCompare, toLocaleString
// or an Intl constructor loads ICU's data, 20-110 ms in Chromium on this machine, and the presets'
// sort and the story's "1,000-packet" once made both calls before the first chart moved.
test('nothing on the way to the first moving chart asks ICU (locale compare, locale numbers)', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __icuCalls: string[] }).__icuCalls = calls;
    const wrap = <T extends object>(owner: T, key: keyof T & string, label: string) => {
      const orig = owner[key] as unknown as (...a: unknown[]) => unknown;
      Object.defineProperty(owner, key, {
        configurable: true,
        writable: true,
        value: function (this: unknown, ...a: unknown[]) {
          calls.push(label);
          return orig.apply(this, a);
        },
      });
    };
    wrap(String.prototype, 'localeCompare', 'String.localeCompare');
    wrap(Number.prototype, 'toLocaleString', 'Number.toLocaleString');
    wrap(Date.prototype, 'toLocaleString', 'Date.toLocaleString');
    for (const name of ['Collator', 'NumberFormat', 'DateTimeFormat', 'PluralRules'] as const) {
      const C = Intl[name] as unknown as new (...a: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(C, {
        construct(t, a) {
          calls.push(`Intl.${name}`);
          return Reflect.construct(t, a);
        },
        apply(t, self, a) {
          calls.push(`Intl.${name}`);
          return Reflect.apply(t, self, a);
        },
      });
    }
  });
  await page.goto('/');
  // The story's sentence with the queue ("a 1,000-packet ... queue") is written once the run exists.
  await firstDrawing(page);
  await expect(page.locator('.story-text').first()).toContainText(/\d-packet/);
  expect(await page.evaluate(() => (window as unknown as { __icuCalls: string[] }).__icuCalls)).toEqual([]);
});

// The simulation worker starts from the page's first script (worker/boot.js, loaded `async` by
// the HTML) rather than from the entry chunk, which waits for its imports and the stylesheet: the
// page takes that worker, and starts no other. (Async, the boot script can also come after the
// entry chunk, which then starts the worker itself and the boot script none: the entry chunk is
// held back here so that the boot script surely comes first.)
test("the worker starts from the HTML's boot script, before the entry chunk, and is the page's only one", async ({
  page,
}) => {
  await holdBack(page, 'index', 500);
  const workers = workerCount(page);
  await page.goto('/');
  await firstDrawing(page);
  const [boot, main] = await page.evaluate(() =>
    ['bl:boot', 'bl:main'].map((m) => performance.getEntriesByName(m)[0]?.startTime ?? null),
  );
  expect(boot).not.toBeNull();
  expect(boot!).toBeLessThan(main!);
  expect(workers()).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __blBoot?: unknown }).__blBoot)).toBeNull();
});

// Whichever comes first, one worker: the boot script that comes after the entry chunk starts none.
test('a boot script that comes after the entry chunk starts no second worker', async ({ page }) => {
  await page.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
    await page.waitForFunction(() => performance.getEntriesByName('bl:main').length > 0);
    await route.continue();
  });
  const workers = workerCount(page);
  await page.goto('/');
  await firstDrawing(page);
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => performance.getEntriesByName('bl:boot').length)).toBe(0);
  expect(workers()).toBe(1);
});

// The first screen's code comes in few files (issue 24 item 7): over HTTP/1.1 a browser opens six
// connections to a host, and the first screen once fetched thirteen scripts and two stylesheets at
// once, so the worker's script waited in line behind them (0.26 s on a cold desktop visit).
test("the first screen's scripts and stylesheets fit the six connections of HTTP/1.1", async ({ page }) => {
  await page.goto('/');
  await firstDrawing(page);
  const files = await page.evaluate(() => {
    const drawn = performance.getEntriesByName('bl:first-draw')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter(
        (e) => e.startTime <= drawn && /\/assets\/[^/]+\.(js|css)$/.test(e.name) && !/\/sim\.worker-/.test(e.name),
      )
      .map((e) => new URL(e.name).pathname.split('/').pop()!);
  });
  expect(files.some((f) => /^mount-.*\.js$/.test(f))).toBe(true);
  expect(files.length, files.join(', ')).toBeLessThanOrEqual(6);
});

// What can wait one click (issue 24 item 7: "what is loaded before the first frame that could
// wait"): KaTeX and the equations, the lesson panel and index, the sweep, compare mode and the
// print views are chunks of their own, none fetched before a chart has moved, and KaTeX's code is
// not in the page's chunk (a static import of it would put it there, 77 kB gzipped).
test('the code that can wait one click is fetched after the first chart moves, if at all', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => performance.getEntriesByName('bl:first-moved').length > 0);
  const { before, mount } = await page.evaluate(() => {
    const moved = performance.getEntriesByName('bl:first-moved')[0]!.startTime;
    const js = performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/[^/]+\.js$/.test(e.name))
      .map((e) => ({ file: new URL(e.name).pathname.split('/').pop()!, at: e.startTime }));
    return {
      before: js.filter((e) => e.at <= moved).map((e) => e.file),
      mount: js.find((e) => /^mount-/.test(e.file))?.file ?? null,
    };
  });
  const lazy = /^(Equation|LessonPanel|LessonIndex|SweepPanel|CompareView|PrintSheet|PrintSummary)-/;
  expect(mount).not.toBeNull();
  expect(before.filter((f) => lazy.test(f))).toEqual([]);
  const source = await (await page.request.get(`/assets/${mount}`)).text();
  expect(source.length).toBeGreaterThan(100_000);
  expect(/katex/i.test(source), `KaTeX's code is in ${mount}`).toBe(false);
});

// A first visit's run is asked for by the entry chunk (main.tsx, SimController.startEarly), so the
// worker builds and plays it as soon as the core is ready, whether or not the page has rendered;
// the page takes that run on rather than starting the same one again. Here the page's chunk is held
// back 2.5 s: the run has been playing meanwhile (before, it started only once the page rendered).
test("a bare address plays the run the entry chunk asked for, while the page's code loads", async ({ page }) => {
  await holdBack(page, 'mount', 2500);
  await page.goto('/');
  await page.waitForFunction(() => window.__bl !== undefined);
  expect(await page.evaluate(() => window.__bl!.now())).toBeGreaterThan(1);
  expect(await page.evaluate(() => window.__bl!.runId())).toBe(1);
  expect(await page.evaluate(() => window.__bl!.status())).toBe('playing');
});

// The boot worker can be ready before the entry chunk runs (a slow entry, a busy machine): the
// page must take the worker and what it said. A fresh-clone CI run once stayed at "Loading
// Bottleneck Lab..." for this (the client handed the backlog on inside its constructor, before
// SimController held it). Here the entry chunk is held back until the worker is surely ready.
test('an entry chunk that runs after the boot worker is ready still takes it and runs', async ({ page }) => {
  await holdBack(page, 'index', 3000);
  const workers = workerCount(page);
  await page.goto('/#v=1&duration=10');
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  expect(await page.evaluate(() => window.__bl!.runUntil(2))).toBeGreaterThanOrEqual(2);
  expect(workers()).toBe(1);
});
