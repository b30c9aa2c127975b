// A lesson on a phone (issue 24, item 2): the question comes first, on the first screen, and once
// answered the run that plays is in view (the charts at the top of the screen).
import { test, expect } from './fixtures';

for (const width of [375, 390]) {
  test(`at ${width} px wide the prediction is on the first screen and the run is in view once answered`, async ({
    lab,
    page,
  }) => {
    const height = width === 375 ? 812 : 844;
    await page.setViewportSize({ width, height });
    await lab.open('#lesson=aimd-sawtooth&step=2');
    await page.evaluate(() => localStorage.removeItem('bl.lesson.aimd-sawtooth.answers'));
    await page.reload();
    await page.waitForFunction(() => window.__bl !== undefined);
    await page.evaluate(() => window.__bl!.ready());
    const choice = page.getByLabel('As busy as before (over 95 %)');
    const run = page.getByRole('button', { name: 'Record my answer and run' });
    await expect(run).toBeVisible();
    // The question and its choices are above the charts and on the first screen, without scrolling.
    const charts = page.getByRole('region', { name: 'Charts' });
    const [q, c, r] = [await choice.boundingBox(), await charts.boundingBox(), await run.boundingBox()];
    expect(q!.y).toBeLessThan(c!.y);
    expect(r!.y + r!.height).toBeLessThanOrEqual(height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await choice.check();
    await run.click();
    await expect.poll(() => lab.now()).toBeGreaterThan(0);
    // The charts are now on screen while the run plays.
    await expect.poll(async () => (await charts.boundingBox())!.y).toBeLessThan(height / 3);
    const box = (await charts.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(-1);
  });
}

// The L4S lesson (issue 25) on a phone: its prediction step, long options and an equation, fits
// the first screen the same way, and the run it starts is in view.
test('the L4S lesson prediction fits a 375 px phone and its run is in view once answered', async ({ lab, page }) => {
  const height = 812;
  await page.setViewportSize({ width: 375, height });
  await lab.open('#lesson=l4s-low-delay&step=3');
  await page.evaluate(() => localStorage.removeItem('bl.lesson.l4s-low-delay.answers'));
  await page.reload();
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  const choice = page.getByLabel(
    "Prague's packets barely wait, CUBIC's wait about 15 ms, and the two get similar rates",
  );
  const run = page.getByRole('button', { name: 'Record my answer and run' });
  await expect(run).toBeVisible();
  const charts = page.getByRole('region', { name: 'Charts' });
  const [q, c, r] = [await choice.boundingBox(), await charts.boundingBox(), await run.boundingBox()];
  expect(q!.y).toBeLessThan(c!.y);
  expect(r!.y + r!.height).toBeLessThanOrEqual(height);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await choice.check();
  await run.click();
  await expect.poll(() => lab.now()).toBeGreaterThan(0);
  await expect.poll(async () => (await charts.boundingBox())!.y).toBeLessThan(height / 3);
});

// The LTE lesson (issue 25) on a phone, end to end for its first step: the prediction on the first
// screen, the run on the real LTE trace in view, and the reveal with this run's numbers, every
// check of the step holding (the lesson's checks hold over seeds 1-10: lessonFiles.test.ts).
test('the LTE lesson on a 390 px phone: predict, run the trace, see the measured answer', async ({ lab, page }) => {
  const height = 844;
  await page.setViewportSize({ width: 390, height });
  await lab.open('#lesson=lte-video-call&step=1');
  await page.evaluate(() => localStorage.removeItem('bl.lesson.lte-video-call.answers'));
  await page.reload();
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  const choice = page.getByLabel('More than a second');
  const run = page.getByRole('button', { name: 'Record my answer and run' });
  await expect(run).toBeVisible();
  const charts = page.getByRole('region', { name: 'Charts' });
  const [q, c, r] = [await choice.boundingBox(), await charts.boundingBox(), await run.boundingBox()];
  expect(q!.y).toBeLessThan(c!.y);
  expect(r!.y + r!.height).toBeLessThanOrEqual(height);
  await choice.check();
  await run.click();
  await expect.poll(() => lab.now()).toBeGreaterThan(0);
  await expect.poll(async () => (await charts.boundingBox())!.y).toBeLessThan(height / 3);
  await lab.runUntil(60);
  const reveal = page.getByTestId('predict-reveal');
  await expect(reveal).toContainText('Right.');
  const measured = reveal.getByRole('list', { name: 'Measured in this run' });
  const items = await measured.getByRole('listitem').allTextContents();
  expect(items.length).toBe(3);
  for (const item of items) expect(item).toMatch(/^\u2713 /);
  expect(items.join(' ')).toMatch(/queueing delay .* was [\d.,]+ (ms|s)/i);
});
