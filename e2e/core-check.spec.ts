// Values are judged by the core (bl_check, issue 15): a bad value in the scenario editor or in a
// link comes back as the core's problem, shown naming the field and the range, and never runs.
import { test, expect } from './fixtures';

test('the scenario editor shows the core check at the field and holds the run until it passes', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&flows.count=4&duration=20');
  const runId = await lab.runId();
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const field = page.locator('[data-key="queue.buffer"]');
  const buffer = field.locator('input[type="text"]');
  const run = page.getByRole('button', { name: 'Run this scenario' });
  await buffer.fill('0');
  await buffer.press('Tab');
  // The core's range (an integer from 1 to 100000 packets), in the field's units.
  await expect(field.locator('.param-error')).toHaveText('Allowed: a whole number from 1 packets to 100000 packets');
  await expect(run).toBeDisabled();
  await buffer.fill('40');
  await buffer.press('Tab');
  await expect(field.locator('.param-error')).toHaveCount(0);
  await run.click();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await page.evaluate(() => window.__bl!.ready());
  expect(new URL(page.url()).hash).toContain('queue.buffer=40');
  expect(await lab.notices()).toEqual([]);
});

test("a link's refused values give way to the preset's or the default, with the core's reason and range", async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&flows.count=3&queue.buffer=-5&queue.kind=red&queue.maxP=3');
  const notices = await lab.notices();
  // Each field by its label, its values in its units (issue 23: no keys, no SI numbers).
  expect(notices).toContainEqual(
    expect.stringMatching(
      /^Buffer: -5 packets is out of range; allowed .*100000 packets; reset to the preset's 250 packets$/,
    ),
  );
  expect(notices).toContain(
    'Max drop probability: 300% is out of range; allowed a number from 0% to 100%; reset to its default 10%',
  );
  // What the core took runs, and the link no longer carries the refused values.
  expect((await lab.columns()).filter((c) => c.endsWith('.cwnd'))).toHaveLength(3);
  await expect.poll(() => page.url()).not.toContain('queue.buffer');
  expect(page.url()).not.toContain('queue.maxP');
  expect(page.url()).toContain('queue.kind=red');
});

test('a value typed and Run clicked at once runs it: the check of the last edit does not swallow the click', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&flows.count=2&duration=20');
  const runId = await lab.runId();
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const buffer = page.locator('[data-key="queue.buffer"] input[type="text"]');
  // No Tab: leaving the box is the click on Run itself, so the core's check of the new value
  // starts between the button's mouse down and up.
  await buffer.fill('77');
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect(page.getByRole('heading', { name: 'Scenario', exact: true })).toBeHidden();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await page.evaluate(() => window.__bl!.ready());
  const m = (await lab.manifest())!;
  expect(m.live[`queue.${m.bottleneck}`]?.buffer).toBe(77);
});

test("after another preset, the editor shows this queue's own defaults, and leaving a box untouched changes nothing", async ({
  lab,
  page,
}) => {
  // CoDel's target is 5 ms, PIE's 15 ms: both are the field queue.target.
  await lab.open('#v=1&preset=bufferbloat-codel&view.speed=0');
  let runId = await lab.runId();
  await page.evaluate(() => (location.hash = '#v=1&preset=bufferbloat-pie&view.speed=0'));
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await page.evaluate(() => window.__bl!.ready());
  runId = await lab.runId();
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const target = page.locator('[data-key="queue.target"]');
  await expect(target.locator('input[type="text"]')).toHaveValue('15');
  await expect(target.locator('.unit')).toHaveText('ms');
  // Focus and leave every box of the form without typing: the draft stays the scenario.
  for (const box of await page.locator('#scenario-drawer input[type="text"]').all()) {
    if (!(await box.isVisible()) || (await box.isDisabled())) continue;
    await box.focus();
    await box.blur();
  }
  await expect(page.getByRole('button', { name: 'Discard edits' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Run this scenario' })).toBeDisabled();
  expect(await lab.runId()).toBe(runId);
});
