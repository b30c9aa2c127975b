// The live controls say what the run has and change it: on/off parameters (a queue's ECN
// marking, RED's gentle mode), the flow table's start/stop boxes, and a link's scheduled changes.
import type { Manifest } from '../web/src/params/types';
import { Lab, expect, test } from './fixtures';

/** A parameter of the run's bottleneck queue, as the core's manifest has it now. */
async function queueParam(lab: Lab, key: string): Promise<unknown> {
  const m = (await lab.manifest()) as Manifest;
  return m.links.find((l) => l.name === m.bottleneck)!.queue.params[key];
}

/** The live changes made since the run started (not a loss schedule's steps), as [time, label]. */
async function liveMarks(lab: Lab): Promise<[number, string][]> {
  return (await lab.marks()).filter((m) => !m.schedule).map((m) => [m.t, m.label]);
}

test('an on/off live control shows the run value; a click changes the run and the link replays it', async ({
  lab,
  page,
  browser,
}) => {
  // ECN marking on: fq_codel's own default, and the L4S preset's choice.
  for (const preset of ['bufferbloat-fqcodel', 'l4s-fq-codel']) {
    await lab.open(`#v=1&preset=${preset}`);
    await lab.runUntil(1);
    expect(await queueParam(lab, 'ecn')).toBe(true);
    await expect(page.getByLabel('ECN marking (queue bottleneck)')).toBeChecked();
  }

  await lab.open('#v=1&preset=htt-dumbbell-vegas-red');
  await lab.runUntil(5);
  const gentle = page.getByLabel('Gentle (queue bottleneck)');
  expect(await queueParam(lab, 'gentle')).toBe(true);
  await expect(gentle).toBeChecked();
  await gentle.click();
  // The run changed, the charts mark it, the box stays as the run has it, the link carries it.
  await expect.poll(() => queueParam(lab, 'gentle')).toBe(false);
  await expect(gentle).not.toBeChecked();
  expect(await liveMarks(lab)).toEqual([[5, 'bottleneck gentle on -> off']]);
  await expect.poll(() => new URL(page.url()).hash).toContain('live=5:queue.bottleneck:gentle:0');

  // The link replays it: a fresh page reaches 5 s with gentle mode on, then turns it off.
  const other = new Lab(await (await browser.newContext()).newPage());
  await other.open(new URL(page.url()).hash);
  await other.runUntil(4);
  expect(await queueParam(other, 'gentle')).toBe(true);
  await other.runUntil(6);
  expect(await queueParam(other, 'gentle')).toBe(false);
  await expect(other.page.getByLabel('Gentle (queue bottleneck)')).not.toBeChecked();
  expect(await liveMarks(other)).toEqual([[5, 'bottleneck gentle on -> off']]);

  // A change the run cannot take says why at the box (here: the run has finished).
  await lab.runUntil((await lab.manifest())!.run.duration!);
  await gentle.click();
  const control = page.locator('.live-panel .param').filter({ has: gentle });
  await expect(control.locator('.param-error')).toContainText('the run has finished');
  await expect(gentle).not.toBeChecked();
  expect(await queueParam(lab, 'gentle')).toBe(false);
});

test("the flow table's Active boxes follow the flows starting, and a click stops a running flow", async ({
  lab,
  page,
}) => {
  // sd-1mbps starts its ten flows between 0.3 s and 1.9 s (the manifest's start times).
  await lab.open('#v=1&preset=sd-1mbps');
  await lab.runUntil(5);
  const starts = (await lab.manifest())!.flows.map((f) => f.start);
  expect(Math.max(...starts)).toBeLessThan(5);
  await page.getByRole('heading', { name: 'Flows', exact: true }).scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await lab.manifest())!.flows.map((f) => f.live.active))
    .toEqual(starts.map(() => true));
  for (let i = 0; i < starts.length; i++) await expect(page.getByLabel(`flow ${i} active`)).toBeChecked();

  // bbr-vs-cubic: both flows start at 0 s and send.
  await lab.open('#v=1&preset=bbr-vs-cubic');
  await lab.runUntil(30);
  expect(await lab.flowSum('thr', 20, 30)).toBeGreaterThan(0);
  await page.getByRole('heading', { name: 'Flows', exact: true }).scrollIntoViewIfNeeded();
  const box = page.getByLabel('flow 0 active');
  await expect(box).toBeChecked();
  await box.click();
  await expect(box).not.toBeChecked();
  await expect.poll(() => liveMarks(lab)).toEqual([[30, 'flow 0 active on -> off']]);
  expect((await lab.manifest())!.flows[0]!.live.active).toBe(false);
});

test("a link's live change after the end of the run is named in the notice and leaves the link", async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&duration=60&live=10:flows:exoLoss:0.02;70:flows:exoLoss:0.1');
  await expect(page.getByTestId('notice')).toContainText(
    'Exogenous loss of all flows set to 10% at 70 s (live=70:flows:exoLoss:0.1): refused. The run ends at 60 s, so it would never apply; left out of the link',
  );
  // The change before the end stays in the link and applies at its time.
  await expect.poll(() => new URL(page.url()).hash).not.toContain('70:flows');
  expect(new URL(page.url()).hash).toContain('live=10:flows:exoLoss:0.02');
  await lab.runUntil(11);
  expect(await liveMarks(lab)).toEqual([[10, 'exogenous loss 0% -> 2%']]);
});

// A flow that has not had an ACK has no round-trip time: the table said "0.0 ms" (audit of
// 2026-11-29, htt-cross-traffic's starved flows); it says "-" until the first measurement.
test("the flow table's RTT is '-' until a flow has measured one", async ({ lab, page }) => {
  await lab.open('#v=1&flows.count=2&flows.start=10');
  await lab.runUntil(5);
  await page.getByRole('heading', { name: 'Flows', exact: true }).scrollIntoViewIfNeeded();
  const rtt = page.locator('[data-live="rtt"]');
  await expect(rtt).toHaveCount(2);
  await expect(rtt.nth(0)).toHaveText('-');
  await expect(rtt.nth(1)).toHaveText('-');
  await lab.runUntil(15);
  await expect(rtt.nth(0)).toHaveText(/^\d+\.\d ms$/);
  expect(Math.min(...(await lab.manifest())!.flows.map((f) => f.start))).toBeGreaterThanOrEqual(10);
});
