// Issue 4, "Exogenous loss and global fairness", in real Chromium against the real WASM core:
// XQM is fairer than RED on the paper's Experiment 1 chain; the fluid model overlays the
// packet-level charts; the steady-state calculator gives Eqs. 11-12.
import { test, expect } from './fixtures';

// Experiment 1 runs 100 s of a 100/150/150 Mb/s chain with 40 flows. Measured: ~10 s per
// preset natively; in the browser both presets to 100 s took 84 s, to 40 s 19 s. So both run to
// t = 40 s (measureFrom is 20: Jain's index over [20, 40]). Natively (blsim, duration 40) that is
// XQM 0.892 vs RED 0.859, the browser gives the same digits, and the full 100 s keeps the order
// (0.897 vs 0.864).
const UNTIL = 40;

test("XQM shares the Experiment 1 chain more fairly than RED (Jain's index)", async ({ lab }) => {
  test.setTimeout(180_000);
  const jain: Record<string, number> = {};
  for (const preset of ['xqm-exp1-xqm', 'xqm-exp1-red']) {
    await lab.open(`#v=1&preset=${preset}&view.charts=queue`);
    expect(await lab.notices()).toEqual([]);
    expect((await lab.columns()).filter((c) => /^flow\.\d+\.cwnd$/.test(c))).toHaveLength(40);
    expect(await lab.runUntil(UNTIL)).toBeCloseTo(UNTIL, 6);
    await expect.poll(() => lab.status()).toBe('paused');
    const s = await lab.summary();
    expect(s.simSeconds).toBeCloseTo(UNTIL, 6);
    expect(s.flows).toHaveLength(40);
    jain[preset] = s.jain;
  }
  console.log(`Jain's index over [20, ${UNTIL}] s: XQM ${jain['xqm-exp1-xqm']}, RED ${jain['xqm-exp1-red']}`);
  expect(jain['xqm-exp1-red']).toBeGreaterThan(0.5);
  expect(jain['xqm-exp1-xqm']).toBeGreaterThan(jain['xqm-exp1-red']!);
});

test('the fluid model overlays the throughput and queue charts of the same scenario', async ({ lab, page }) => {
  await page.setViewportSize({ width: 1280, height: 2400 });
  await lab.open('#v=1&preset=xqm-fig2-red&view.speed=0');
  await lab.runUntil(30);
  const toggle = page.getByLabel('Draw the prediction on the charts');
  await expect(toggle).toBeEnabled();
  await toggle.check();
  const status = page.getByTestId('fluid-status');
  await expect(status).toHaveAttribute('data-status', 'drawn');
  await expect(status).toContainText('20 flows, C = 2000 packets/s');
  // Charts off screen skip drawing; checking the toggle scrolled the side column into view.
  await page.locator('[data-chart="queue"]').scrollIntoViewIfNeeded();
  // Drawn as a line of its own on both charts, with a legend entry.
  await expect
    .poll(async () => {
      const c = await lab.charts();
      return [c.throughput?.series?.['fluid.thr'] ?? 0, c.queue?.series?.['fluid.backlog'] ?? 0].every((n) => n > 100);
    })
    .toBe(true);
  for (const id of ['throughput', 'queue']) {
    await expect(page.locator(`[data-chart="${id}"] .legend`).getByText('fluid model', { exact: true })).toBeVisible();
  }
  // Switched off, the lines go.
  await toggle.uncheck();
  await expect(status).toHaveAttribute('data-status', 'off');
  await page.locator('[data-chart="queue"]').scrollIntoViewIfNeeded();
  await expect.poll(async () => (await lab.charts()).throughput?.series?.['fluid.thr'] ?? 0).toBe(0);
  // A chain is not one bottleneck: the toggle is refused, with the reason.
  await lab.open('#v=1&preset=xqm-exp1-red');
  await expect(page.getByLabel('Draw the prediction on the charts')).toBeDisabled();
  await expect(status).toContainText('not a Chain A-B-C-D topology');
});

test('the steady-state calculator gives 1.96 % for 20 flows, 2000 packets/s, 100 ms', async ({ lab, page }) => {
  await lab.open('#v=1&view.speed=0');
  const panel = page.getByTestId('steady-state');
  // Prefilled from the default scenario: 20 flows, 16 Mb/s of 1000-byte packets.
  await expect(panel).not.toHaveAttribute('data-filled-run', '0');
  await expect(panel.getByLabel('Flows (m)')).toHaveValue('20');
  await expect(panel.getByLabel('Capacity (C)')).toHaveValue('2000');
  // Every box says its unit; the loss is read and typed in % like the scenario's own controls.
  const units = await panel
    .locator('.param')
    .evaluateAll((ps) => ps.map((p) => [p.querySelector('label')!.textContent, p.querySelector('.unit')?.textContent]));
  expect(units).toEqual([
    ['Flows (m)', 'flows'],
    ['Capacity (C)', 'packets/s'],
    ['Round-trip time (D)', 'ms'],
    ['Buffer (B)', 'packets'],
    ['Exogenous loss (p_e)', '%'],
  ]);
  const rtt = panel.getByLabel('Round-trip time (D)');
  await rtt.fill('100');
  await rtt.press('Enter');
  await expect(panel.getByTestId('steady-qfair')).toHaveText('1.96 %');
  await expect(panel.getByTestId('steady-peopen')).toHaveText('1.96 %');
  // p_e is typed in % like every loss of the page (its spec is the live exogenous loss's).
  const pe = panel.getByLabel('Exogenous loss (p_e)');
  await pe.fill('1');
  await pe.press('Enter');
  await expect(panel.getByTestId('steady-point')).toContainText('loop closed: the queue settles at 81');
  // Out of range: refused by the core (bl_fluid_steady), its reason at the control in the box's
  // label and units; the answer stays, and says it is for the value before.
  await rtt.fill('0');
  await rtt.press('Enter');
  await expect(
    panel.getByText('Round-trip time (D): 0 ms is out of range. Allowed: a number from 0.1 ms to 10000 ms'),
  ).toBeVisible();
  await expect(panel.getByTestId('steady-stale')).toContainText('Not used: Round-trip time (D) 0 ms');
  await expect(panel.getByTestId('steady-qfair')).toHaveText('1.96 %');
  await pe.fill('5 %');
  await pe.press('Enter');
  await expect(panel.getByTestId('steady-point')).toContainText('loop open');
});

test('the steady-state calculator keeps the unit and every value the user typed (issue 23, item 8)', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&view.speed=1');
  const panel = page.getByTestId('steady-state');
  await expect(panel).not.toHaveAttribute('data-filled-run', '0');
  const rtt = panel.getByLabel('Round-trip time (D)');
  const unit = panel.locator('[data-key="steady.propDelay"] .unit');
  await expect(unit).toHaveText('ms');
  // 0.1 in a box in ms stays 0.1 ms: the unit does not turn into µs under the user.
  await rtt.fill('0.1');
  await rtt.press('Enter');
  await expect(rtt).toHaveValue('0.1');
  await expect(unit).toHaveText('ms');
  await expect(panel.getByTestId('steady-qfair')).toHaveText(/^\d+\.\d\d %$/);
  const qfair = await panel.getByTestId('steady-qfair').textContent();
  // 100 then Tab is 100 ms: accepted (nothing refused), the answer follows.
  await rtt.fill('100');
  await rtt.press('Tab');
  await expect(rtt).toHaveValue('100');
  await expect(unit).toHaveText('ms');
  await expect(panel.getByTestId('steady-qfair')).toHaveText('1.96 %');
  expect(qfair).not.toBe('1.96 %');
  await expect(panel.locator('.param-error')).toHaveCount(0);
  // What is typed and not yet committed stays while the page redraws the panel (here: a live
  // change re-renders it); Enter then commits what was typed.
  await rtt.fill('200');
  await page.evaluate(() => window.__bl!.setParam('flows', 'exoLoss', 0.001));
  await expect.poll(async () => (await lab.marks()).filter((m) => !m.schedule).length).toBe(1);
  await expect(rtt).toHaveValue('200');
  await rtt.press('Enter');
  await expect(panel.getByTestId('steady-qfair')).not.toHaveText('1.96 %');
  // A new run's prefill fills the fields the user left alone, never the one typed in.
  const filled = await panel.getAttribute('data-filled-run');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(panel).not.toHaveAttribute('data-filled-run', filled!);
  await lab.runUntil(5);
  await expect(rtt).toHaveValue('200');
  // Asked for, the scenario fills every field, the RTT too (the run's mean RTT, in the box's ms).
  await panel.getByRole('button', { name: 'Fill from scenario' }).click();
  await expect(rtt).not.toHaveValue('200');
  await expect(unit).toHaveText('ms');
});

test('the fluid overlay is drawn as lines that leave the data visible, and kept in the URL', async ({ lab, page }) => {
  await page.setViewportSize({ width: 1280, height: 2400 });
  await lab.open('#v=1&preset=xqm-fig2-red&view.speed=0');
  await lab.runUntil(30);
  await page.getByLabel('Draw the prediction on the charts').check();
  await expect(page.getByTestId('fluid-status')).toHaveAttribute('data-status', 'drawn');
  await expect.poll(() => page.url()).toContain('view.fluid=1');
  const queue = page.locator('[data-chart="queue"]');
  await queue.scrollIntoViewIfNeeded();
  // Three lines on each chart: the mean over 4 s, and the range it swings over (one legend entry).
  await expect
    .poll(async () => {
      const c = (await lab.charts()).queue?.series ?? {};
      return ['fluid.backlog', 'fluid.backlog.min', 'fluid.backlog.max'].every((k) => (c[k] ?? 0) > 100);
    })
    .toBe(true);
  await expect(queue.locator('.legend').getByText('fluid model: range within 4 s')).toHaveCount(1);
  // The overlay's colour covers little of the plot: the packet-level queue under it shows through.
  const cover = await queue
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let magenta = 0;
      let painted = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] === 0) continue;
        painted++;
        if (d[i] === 0xff && d[i + 1] === 0x00 && d[i + 2] === 0xcc) magenta++;
      }
      return { magenta, painted, total: d.length / 4 };
    });
  expect(cover.magenta).toBeGreaterThan(0);
  expect(cover.magenta / cover.total).toBeLessThan(0.08);
  expect(cover.painted - cover.magenta).toBeGreaterThan(cover.magenta);
  // The link opens with the overlay drawn; a link without the key (older ones) leaves it off.
  const url = page.url();
  await page.goto('about:blank');
  await lab.open(new URL(url).hash);
  await expect(page.getByLabel('Draw the prediction on the charts')).toBeChecked();
  await expect(page.getByTestId('fluid-status')).toHaveAttribute('data-status', 'drawn');
  await lab.open('#v=1&preset=xqm-fig2-red');
  await expect(page.getByLabel('Draw the prediction on the charts')).not.toBeChecked();
  await page.getByLabel('Draw the prediction on the charts').check();
  await page.getByLabel('Draw the prediction on the charts').uncheck();
  await expect.poll(() => page.url()).not.toContain('view.fluid');
});

test("the steady-state calculator reads the scenario's own buffer and says what its numbers mean", async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&queue.buffer=50&exoLoss.kind=none&exoLoss.steps=~&view.speed=1');
  const panel = page.getByTestId('steady-state');
  await expect(panel).not.toHaveAttribute('data-filled-run', '0');
  await expect(panel.getByLabel('Buffer (B)')).toHaveValue('50');
  await expect(panel).toContainText('DropTail queue of 50 packets');
  const pe = panel.getByLabel('Exogenous loss (p_e)');
  await pe.fill('0');
  await pe.press('Enter');
  // With no random loss the flows overfill the 50-packet buffer: it names that buffer, not the model's 250.
  await expect(panel.getByTestId('steady-point')).toContainText("this scenario's buffer (50 packets)");
  await expect(panel).not.toContainText('250');
  await expect(panel.getByTestId('steady-qfair-means')).toContainText('each flow gets its fair share (100 packets/s)');
  await expect(panel.getByTestId('steady-peopen-means')).toContainText('the queue stays empty');
  // A live change of the buffer is read too.
  await page.evaluate(() => window.__bl!.setParam('queue.bottleneck', 'buffer', 80));
  await panel.getByRole('button', { name: 'Fill from scenario' }).click();
  await expect(panel.getByLabel('Buffer (B)')).toHaveValue('80');
  await expect(panel.getByTestId('steady-point')).toContainText("this scenario's buffer (80 packets)");
});

test('on a chain, a graph or other window rules the steady-state calculator says it does not apply, with no numbers', async ({
  lab,
  page,
}) => {
  const panel = page.getByTestId('steady-state');
  for (const [preset, why] of [
    ['xqm-exp1-red', 'not a Chain A-B-C-D topology'],
    ['ted-s1', 'not a Graph topology'],
    ['bbr-vs-cubic', 'flow 0 runs BBR;'],
  ] as const) {
    await lab.open(`#v=1&preset=${preset}&view.speed=0`);
    const note = panel.getByTestId('steady-not-applicable');
    await expect(note).toContainText(why);
    await expect(note).toContainText('sharing a single bottleneck');
    await expect(panel.getByTestId('steady-qfair')).toHaveCount(0);
    await expect(panel.getByTestId('steady-point')).toHaveCount(0);
    await expect(panel.locator('input')).toHaveCount(0);
  }
  // Back on the dumbbell of identical AIMD flows, the numbers return.
  await lab.open('#v=1&view.speed=0');
  await expect(panel.getByTestId('steady-not-applicable')).toHaveCount(0);
  await expect(panel.getByTestId('steady-qfair')).toHaveText(/%$/);
});
