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
    x: (({}) as Record<string, unknown>).x,
    inner: (({}) as Record<string, unknown>).dangerouslySetInnerHTML,
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
  for (const hash of ['#v=1&__proto__.hasOwnProperty=~', '#v=1&__proto__.dangerouslySetInnerHTML=x',
    '#v=1&constructor.prototype.x=1']) {
    test(`${hash} opens the default scenario with a notice`, async ({ lab, page }) => {
      await opensSafely(lab, page, hash, /refused/);
      expect(await lab.columns()).toEqual(await defaultColumns(page));
    });
  }
});
