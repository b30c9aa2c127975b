// Offline after the first visit: the service worker (vite-plugin-pwa) precaches the build, so with
// the network gone a reload still runs the default scenario and a lesson opens.
import { test, expect } from './fixtures';

test.use({ serviceWorkers: 'allow' });

test('after one visit the app works offline: the default scenario runs and a lesson opens', async ({
  lab,
  page,
  context,
}) => {
  await lab.open();
  // The service worker is installed (its precache filled) and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  // The core is precached gzipped (the worker inflates it); the plain module is not needed.
  expect(cached.some((u) => /\/assets\/blcore\.wasm-[\w-]+\.gz$/.test(u))).toBe(true);
  expect(cached).toContain('/lessons/aimd-sawtooth/lesson.json');
  expect(cached).toContain('/lessons/index.json');
  expect(cached.some((u) => u.startsWith('/presets/'))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  expect(await lab.runUntil(3)).toBeGreaterThanOrEqual(3);
  expect(await lab.flowSum('thr', 1, 3)).toBeGreaterThan(0);
  await expect(page.locator('.notice.error')).toHaveCount(0);

  // A lesson (its file, KaTeX for its equation) and the lessons index, all from the cache.
  await page.goto('/#lesson=aimd-sawtooth');
  await expect(page.getByTestId('lesson-panel').getByRole('heading', { level: 2 })).toHaveText('AIMD and the sawtooth');
  await expect(page.getByTestId('lesson-equation').locator('.katex')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.__bl!.lesson())).toMatchObject({ id: 'aimd-sawtooth', step: 1 });
  await page.goto('/#lessons');
  await expect(page.locator('.lesson-list li').first()).toBeVisible();
  // An embed too.
  await page.goto('/?embed=1#v=1');
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  expect(await lab.runUntil(1)).toBeGreaterThanOrEqual(1);
});

test('the build works from a sub-path: relative URLs, and the service worker scoped to its folder', async ({
  page,
}) => {
  // The preview server serves the build at its root; a sub-path copy uses the same relative URLs.
  await page.goto('/');
  const html = await page.evaluate(async () => (await fetch('./')).text());
  expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
  // The app registers ./sw.js itself once the first chart has data, scoped to its own folder.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL('./', page.url()).href);
});
