// Time-driven Early Discard (issue 6): a flow's deadline, changed live in the flow table,
// changes what that flow gets.
import { test, expect } from './fixtures';

test('TED: raising one flow\'s deadline live lets that flow through', async ({ lab, page }) => {
  // Preset ted-s1 (the TED paper's deadline set S1): flow 9 (4 ms RTT) may queue for only
  // 120 us at each TED router, less than the longer flows keep queued, so it gets almost nothing.
  await lab.open('#v=1&preset=ted-s1');
  const runId = await lab.runId();
  await lab.runUntil(10);
  const before = await lab.page.evaluate(() => window.__bl!.mean('flow.9.thr', 2, 10));
  expect(before).toBeLessThan(1e6);

  const input = page.getByLabel('flow 9 deadline', { exact: true });
  await input.scrollIntoViewIfNeeded();
  await input.fill('0.002');
  await input.press('Enter');
  await expect.poll(async () => (await lab.marks()).length).toBe(1);
  expect(await lab.runId()).toBe(runId); // applied live, no restart
  const t = (await lab.marks())[0]!.t;

  await lab.runUntil(t + 12);
  const after = await lab.page.evaluate(([a, b]) => window.__bl!.mean('flow.9.thr', a!, b!), [t + 4, t + 12]);
  // With 2 ms it is no longer discarded: tens of Mb/s (natively: 0.04 -> 100 Mb/s).
  expect(after).toBeGreaterThan(20e6);
  expect(after).toBeGreaterThan(50 * before);
});
