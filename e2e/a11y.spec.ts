// Accessibility: axe-core's checks (WCAG 2.1 A and AA rules) on the main page and compare
// mode, in both themes, with the run's charts drawn: no serious or critical violation.
import { test, expect } from './fixtures';
import { seriousViolations as violations } from './axe';

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

test('the check finds a violation planted in the page and in a frame inside it', async ({ lab, page }) => {
  // What the tests above rest on: axe run as e2e/axe.ts runs it sees the page and its frames.
  await lab.open('#v=1');
  await lab.runUntil(1);
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.className = 'planted';
    document.querySelector('main')!.append(b);
    const f = document.createElement('iframe');
    f.title = 'planted frame';
    f.srcdoc =
      '<!doctype html><html lang="en"><title>x</title><main><img src="data:," class="planted-img"></main></html>';
    document.querySelector('main')!.append(f);
  });
  await expect.poll(() => page.frames().length).toBeGreaterThan(1);
  await page.frames()[1]!.waitForSelector('.planted-img');
  const found = await violations(page);
  expect(found.find((v) => v.startsWith('button-name (critical)'))).toContain('.planted');
  // An element in a frame is named by the frame, then the element ("iframe img").
  expect(found.find((v) => v.startsWith('image-alt (critical)'))).toMatch(/: iframe img$/);
});
