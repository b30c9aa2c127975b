// Accessibility: axe-core's checks (WCAG 2.1 A and AA rules) on the main page and compare
// mode, in both themes, with the run's charts drawn: no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

async function violations(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

for (const theme of ['light', 'dark'] as const) {
  test(`main page (${theme}): no serious or critical accessibility violations`, async ({ lab, page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await lab.open(`#v=1&view.theme=${theme}`);
    await lab.runUntil(5);
    expect(await violations(page)).toEqual([]);
    // The scenario editor drawer, open.
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    expect(await violations(page)).toEqual([]);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`30 flows (band charts) and a flow's own settings (${theme}): no serious or critical violations`, async ({
    lab,
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await lab.open(`#v=1&flows.count=30&view.theme=${theme}&flowOverrides=[{"flow":2,"start":3}]`);
    await lab.runUntil(5);
    await page.getByRole('button', { name: "Edit flow 2's own settings" }).click();
    await expect(page.locator('.flow-own .own-field.own')).toHaveCount(1);
    expect(await violations(page)).toEqual([]);
  });
}

test('compare mode: no serious or critical accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#v=1&compare=queue.kind:red');
  await page.waitForFunction(() => window.__bl?.compare() != null);
  await page.evaluate(() => window.__bl!.compare()!.runUntil(3));
  expect(await violations(page)).toEqual([]);
});

test('phone width: no serious or critical accessibility violations', async ({ lab, page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await lab.open('#v=1');
  await lab.runUntil(3);
  expect(await violations(page)).toEqual([]);
});
