// The printable summary (one page, charts as images, numbers, seed, link) and student mode.
import { test, expect, openMore } from './fixtures';

test('"Print summary" makes a one-page sheet with the charts, numbers, seed and link', async ({ lab, page }) => {
  await page.setViewportSize({ width: 1280, height: 2400 });
  await lab.open('#v=1&duration=30&seed=7');
  await lab.runUntil(12);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await openMore(page);
  await page.getByRole('button', { name: 'Print summary' }).click();
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toBeVisible();
  // window.print() is called once, when the chart images are in.
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const imgs = sheet.locator('.print-charts img');
  await expect(imgs).toHaveCount(4);
  expect(
    await imgs.evaluateAll((els) =>
      els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0),
    ),
  ).toBe(true);
  await expect(sheet.locator('figcaption')).toHaveText([
    'Throughput per flow',
    'Queue length (bottleneck)',
    "Jain's index per 0.1 s interval",
    'Congestion window',
  ]);
  const summary = await lab.summary();
  await expect(sheet.getByTestId('print-jain')).toHaveText(summary.jain.toFixed(3));
  await expect(sheet.getByTestId('print-seed')).toHaveText('7');
  // The title and the parameters in the units people read, not bit/s and seconds.
  await expect(sheet.locator('h1')).toHaveText('XQM dumbbell: exogenous loss 0% -> 1% at 20 s -> 5% at 40 s');
  await expect(sheet.locator('.print-params')).toContainText('Bottleneck rate 16 Mb/s');
  await expect(sheet.locator('.print-params')).toContainText('Access delay max 4 ms');
  await expect(sheet.locator('.print-params')).toContainText(/Buffer [\d,]+ packets/);
  await expect(sheet.locator('.print-params')).not.toContainText('16000000');
  // Labels, not scenario keys; the loss model as the run has it, not its steps as JSON.
  await expect(sheet.locator('.print-params')).toContainText('Queue kind DropTail');
  await expect(sheet.locator('.print-params')).toContainText('Exogenous loss 0% -> 1% at 20 s -> 5% at 40 s');
  await expect(sheet.locator('.print-params')).not.toContainText(/queue\.kind|exoLoss|droptail|\[\[/);
  await expect(sheet.getByTestId('print-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/#v=1&seed=7&duration=30$/);
  await expect(sheet.locator('.print-flows tbody tr')).toHaveCount(20);

  // On paper only the sheet prints, on one A4 and one Letter page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root')).toBeHidden();
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = (await page.pdf({ format })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length, format).toBe(1);
  }
  await page.emulateMedia({ media: 'screen' });
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);
});

test('student mode hides the advanced panels and exports, and keeps controls, charts and flows', async ({
  lab,
  page,
}) => {
  await lab.open('#v=1&duration=300&student=1');
  await expect(page.getByRole('heading', { name: 'Fluid model' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get embed code' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /as PNG/ }).first()).toBeHidden();
  await expect(page.locator('.param[data-key="samplePeriod"]')).toHaveCount(0);
  await expect(page.getByText('Per-flow overrides and other traffic (JSON)')).toHaveCount(0);
  // What stays: controls, live changes, the scenario's main fields, charts, the flow table.
  await expect(page.getByRole('toolbar', { name: 'Simulation controls' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Live changes' })).toBeVisible();
  await expect(page.locator('.param[data-key="seed"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Throughput per flow' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flows' })).toBeVisible();
  // The toggle turns it off, and the link follows.
  await openMore(page);
  await page.getByLabel('Student mode').uncheck();
  await expect(page.getByRole('heading', { name: 'Fluid model' })).toBeVisible();
  await expect(page.locator('.param[data-key="samplePeriod"]')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('student=1');
});
