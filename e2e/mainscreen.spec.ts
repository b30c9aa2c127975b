// The student's main screen (issue 12): what the scenario panel writes reaches the core, and
// the charts never mark something the run is not doing.
import { test, expect } from './fixtures';
import type { Summary } from '../web/src/core/types';

const congestionLosses = (s: Summary) => s.flows.reduce((a, f) => a + f.congestionLosses, 0);

test('a window-rule parameter edited in the scenario panel reaches the core and changes the run', async ({ lab, page }) => {
  await lab.open('#v=1&flows.count=4&flows.cc=multcp&duration=20&exoLoss.kind=none&exoLoss.steps=~');
  await lab.runUntil(20);
  const before = await lab.summary();
  const runId = await lab.runId();
  // mulTCP's N (one flow acting as N) is a field of the Flows group, written to flows.ccParams.N.
  const n = page.locator('[data-key="flows.ccParams.N"] input[type="text"]');
  await n.fill('16');
  await n.press('Tab');
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect.poll(() => lab.runId()).toBeGreaterThan(runId);
  await page.evaluate(() => window.__bl!.ready());
  expect(new URL(page.url()).hash).toContain('flows.ccParams.N=16');
  await lab.runUntil(20);
  // Nothing was refused or dropped on the way (the core refuses flows.N).
  expect(await lab.notices()).toEqual([]);
  const after = await lab.summary();
  // Four flows each as aggressive as 16 TCPs overflow the buffer far more often than four TCPs.
  expect(congestionLosses(after)).toBeGreaterThan(congestionLosses(before) * 2);
});
