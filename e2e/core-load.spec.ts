// A simulator core that cannot serve the page (a stale or damaged build) is impossible to miss:
// the page says what failed and what to do instead of showing empty, silent panels. The broken
// module is made deterministic with route intercepts: a .wasm that is not WebAssembly, and a
// core whose bl_describe reports another version (an older build's document).
import { test, expect } from './fixtures';
import { DESCRIBE_VERSION } from '../wasm-core/js/binding.mjs';

test('a .wasm that does not compile: the page says the simulator could not be loaded and what to do', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The worker fetches the gzipped module (blcore.wasm-HASH.gz); the plain one only without DecompressionStream.
  await page.route(/\/blcore[-.][^/]*\.(wasm|gz)$/, (r) =>
    r.fulfill({ status: 200, contentType: 'application/wasm', body: 'this is not a WebAssembly module' }),
  );
  await page.goto('/#v=1');
  const failed = page.getByTestId('core-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-stage', 'load');
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(failed).toContainText('The simulator could not be loaded');
  await expect(page.getByTestId('core-failed-error')).toContainText('blcore.wasm could not be loaded');
  await expect(failed).toContainText('npm run build:wasm');
  // No empty panels beside it.
  await expect(page.getByLabel('Preset')).toHaveCount(0);
  await expect(page.locator('[data-chart]')).toHaveCount(0);
  // One worker, not a loop of fresh ones failing the same way.
  await page.waitForTimeout(500);
  expect(page.workers().length).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

test('a core that describes another version (an old build): named, with the rebuild to do', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The worker as built, with bl_describe's document turned into an older core's (version 1).
  await page.route('**/sim.worker-*.js', async (route) => {
    const res = await route.fetch();
    const patch =
      'const __blParse = JSON.parse; JSON.parse = (t, r) => { const v = __blParse(t, r);' +
      ` if (v && typeof v === "object" && v.groups && v.version === ${DESCRIBE_VERSION}) v.version = 1; return v; };\n`;
    await route.fulfill({ response: res, body: patch + (await res.text()) });
  });
  await page.goto('/#v=1&preset=bufferbloat-droptail');
  const failed = page.getByTestId('core-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-stage', 'version');
  await expect(failed).toContainText('The simulator core does not match this page');
  await expect(page.getByTestId('core-failed-error')).toHaveText(
    `the core describes its parameters in version 1; this page reads version ${DESCRIBE_VERSION}`,
  );
  await expect(failed).toContainText('rebuild it with npm run build:wasm');
  await expect(page.getByLabel('Preset')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the real core loads: no failure shown', async ({ lab, page }) => {
  await lab.open('#v=1');
  await expect(page.getByTestId('core-failed')).toHaveCount(0);
  await expect(page.getByLabel('Preset')).toBeVisible();
});
