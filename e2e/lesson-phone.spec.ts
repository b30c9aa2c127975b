// A lesson on a phone (issue 24, item 2): the question comes first, on the first screen, and once
// answered the run that plays is in view (the charts at the top of the screen).
import type { Page } from '@playwright/test';
import { test, expect, type Lab } from './fixtures';

/**
 * Opens a lesson's prediction step at a phone's size with no answer kept, checks the question and
 * its Run button are on the first screen above the charts, answers `answer`, and checks the run
 * that starts is in view.
 */
async function answerOnPhone(
  lab: Lab,
  page: Page,
  o: { width: number; height: number; lesson: string; step: number; answer: string },
): Promise<void> {
  await page.setViewportSize({ width: o.width, height: o.height });
  await lab.open(`#lesson=${o.lesson}&step=${o.step}`);
  await page.evaluate((id) => localStorage.removeItem(`bl.lesson.${id}.answers`), o.lesson);
  await page.reload();
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  const choice = page.getByLabel(o.answer);
  const run = page.getByRole('button', { name: 'Record my answer and run' });
  await expect(run).toBeVisible();
  // The question and its choices are above the charts and on the first screen, without scrolling.
  const charts = page.getByRole('region', { name: 'Charts' });
  const [q, c, r] = [await choice.boundingBox(), await charts.boundingBox(), await run.boundingBox()];
  expect(q!.y).toBeLessThan(c!.y);
  expect(r!.y + r!.height).toBeLessThanOrEqual(o.height);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await choice.check();
  await run.click();
  await expect.poll(() => lab.now()).toBeGreaterThan(0);
  // The charts are now on screen while the run plays.
  await expect.poll(async () => (await charts.boundingBox())!.y).toBeLessThan(o.height / 3);
  expect((await charts.boundingBox())!.y).toBeGreaterThanOrEqual(-1);
}

for (const width of [375, 390]) {
  test(`at ${width} px wide the prediction is on the first screen and the run is in view once answered`, async ({
    lab,
    page,
  }) => {
    const height = width === 375 ? 812 : 844;
    await answerOnPhone(lab, page, {
      width,
      height,
      lesson: 'aimd-sawtooth',
      step: 2,
      answer: 'As busy as before (over 95 %)',
    });
  });
}

// The L4S lesson (issue 25) on a phone: its prediction step, long options and an equation, fits
// the first screen the same way, and the run it starts is in view.
test('the L4S lesson prediction fits a 375 px phone and its run is in view once answered', async ({ lab, page }) => {
  await answerOnPhone(lab, page, {
    width: 375,
    height: 812,
    lesson: 'l4s-low-delay',
    step: 3,
    answer: "Prague's packets barely wait, CUBIC's wait about 15 ms, and the two get similar rates",
  });
});

// The LTE lesson (issue 25) on a phone, end to end for its first step: the prediction on the first
// screen, the run on the real LTE trace in view, and the reveal with this run's numbers, every
// check of the step holding (the lesson's checks hold over seeds 1-10: lessonFiles.test.ts).
test('the LTE lesson on a 390 px phone: predict, run the trace, see the measured answer', async ({ lab, page }) => {
  await answerOnPhone(lab, page, {
    width: 390,
    height: 844,
    lesson: 'lte-video-call',
    step: 1,
    answer: 'More than a second',
  });
  await lab.runUntil(60);
  const reveal = page.getByTestId('predict-reveal');
  await expect(reveal).toContainText('Right.');
  const measured = reveal.getByRole('list', { name: 'Measured in this run' });
  const items = await measured.getByRole('listitem').allTextContents();
  expect(items.length).toBe(4);
  for (const item of items) expect(item).toMatch(/^\u2713 /);
  expect(items.join(' ')).toMatch(/queueing delay .* was [\d.,]+ (ms|s)/i);
  // The tail a call feels: the core's 95th percentile, read from its summary at the run's end.
  expect(items.join(' ')).toMatch(/95th percentile of the bottleneck's queueing delay .* was [\d.,]+ ms/i);
  await expect(reveal).toContainText(/one packet in twenty waited longer than [\d.,]+ ms/);
});
