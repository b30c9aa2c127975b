// Accessibility (axe-core) of a lesson page and of embeds: no serious or critical violations.
import type { Page } from '@playwright/test';
import { test, expect, openMore } from './fixtures';
import { seriousViolations as serious } from './axe';

async function seriousViolations(page: Page): Promise<string[]> {
  // Paused first: axe on a page whose run redraws every frame took 15-27 s a page on a busy
  // 2-core machine (the last test came within a second of its 60 s limit), 2-4 s paused.
  await page.evaluate(() => window.__bl?.runUntil(window.__bl.now() + 0.05));
  return serious(page);
}

for (const theme of ['light', 'dark'] as const) {
  test(`a lesson page (${theme}) has no serious or critical axe violations`, async ({ lab, page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript(() => localStorage.removeItem('bl.lesson.aimd-sawtooth.answers'));
    // Step 2: a prediction (the form, Play held and saying why), and an equation that scrolls.
    await lab.open('#lesson=aimd-sawtooth&step=2');
    await expect.poll(() => page.evaluate(() => window.__bl!.lesson())).toMatchObject({ step: 2 });
    await openMore(page);
    await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    await expect(page.getByTestId('play-hold')).toBeVisible();
    await expect(page.getByTestId('lesson-equation').locator('.katex')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The last step, complete, with the link to the next lesson and the hand-in form (Next waits
    // for the prediction).
    await page.getByLabel('As busy as before (over 95 %)').check();
    await page.getByRole('button', { name: 'Record my answer and run' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('region', { name: 'Hand in this lesson' })).toBeVisible();
    await lab.runUntil(60);
    await expect(page.getByTestId('lesson-complete')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('embeds (controls and charts, a lesson, charts only) have no serious or critical axe violations', async ({
  lab,
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 640 });
  for (const [hash, what] of [
    ['#v=1&view.panels=controls,topology,charts', 'controls'],
    ['#lesson=aimd-sawtooth', 'lesson'],
    ['#v=1&view.panels=charts&view.charts=queue,jain', 'charts only'],
  ] as const) {
    await lab.open(hash, '?embed=1');
    await lab.runUntil(3);
    if (what === 'lesson') await expect(page.getByTestId('lesson-panel')).toBeVisible();
    await expect(page.locator('[data-chart]').first()).toBeVisible();
    expect(await seriousViolations(page), what).toEqual([]);
  }
});

test('an unknown lesson id has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/#lesson=no-such-lesson');
  await expect(page.getByRole('navigation', { name: 'Lessons on this site' })).toBeVisible();
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  expect(await seriousViolations(page)).toEqual([]);
});

test('the embed builder has no serious or critical axe violations', async ({ lab, page }) => {
  await lab.open('#v=1');
  await openMore(page);
  await page.getByRole('button', { name: 'Get embed code' }).click();
  await expect(page.getByRole('dialog', { name: 'Embed this simulation' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
