// Screenshots for docs/teaching.md, taken in Debian's Chromium against a served build:
//   npx vite build --config web/vite.config.ts && npx vite preview --config web/vite.config.ts --port 4173 &
//   node scripts/screenshots-teaching-tools.mjs [http://127.0.0.1:4173/]
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/';
const out = (name) => new URL(`../docs/img/${name}`, import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.setDefaultTimeout(60_000);
// Each shot starts from a fresh document (a hash change alone would keep dialogs open).
const open = async (url) => {
  await page.goto('about:blank');
  await page.goto(url);
};
// Compare, embed code and print are in the header's "More" menu.
const openMore = async () => {
  const more = page.getByRole('button', { name: 'More', exact: true });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
};
const ready = () =>
  page.waitForFunction(() => window.__bl !== undefined).then(() => page.evaluate(() => window.__bl.ready()));

// Compare mode: DropTail (A) vs RED (B), 30 simulated seconds.
await page.setViewportSize({ width: 1280, height: 1500 });
await open(`${base}#v=1&duration=40&view.speed=0&view.theme=light&compare=queue.kind:red`);
await page.waitForFunction(() => window.__bl?.compare() != null);
await page.evaluate(() => window.__bl.compare().runUntil(30));
await page.waitForTimeout(500);
await page.screenshot({ path: out('compare.png') });

// The "Compare with..." chooser.
await page.setViewportSize({ width: 1280, height: 700 });
await open(`${base}#v=1&view.theme=light&view.speed=5`);
await ready();
await openMore();
await page.getByRole('button', { name: 'Compare with...' }).click();
await page.waitForTimeout(300);
await page.screenshot({ path: out('compare-chooser.png') });

// The embed builder with a lock.
await page.setViewportSize({ width: 1400, height: 900 });
await open(`${base}#v=1&view.theme=light`);
await ready();
await openMore();
await page.getByRole('button', { name: 'Get embed code' }).click();
const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
await dialog.getByLabel('Lock parameters').check();
await dialog.getByLabel('Exogenous loss (flows)').check();
await dialog.getByLabel('Auto height').check();
await page.waitForTimeout(6000);
await page.screenshot({ path: out('embed-builder.png') });

// A locked embed: the link rate is locked, exogenous loss is not.
await page.setViewportSize({ width: 900, height: 700 });
await open(`${base}?embed=1#v=1&view.theme=light&unlock=flows.exoLoss&view.panels=controls,charts`);
await ready();
// A host message asking for a locked change: refused, with a notice.
await page.evaluate(() => window.postMessage({ type: 'bottleneck-lab:set', param: 'link.rate', value: 2e6 }, '*'));
await page.evaluate(() => window.__bl.waitFor(8));
// The locked controls are folded under one line: unfold it to show them.
await page.getByText(/^Locked by the instructor \(\d+\)$/).click();
await page.locator('[data-key="live.link.rate"]').first().hover();
await page.screenshot({ path: out('embed-locked.png') });

// Student mode.
await page.setViewportSize({ width: 1280, height: 900 });
await open(`${base}#v=1&view.theme=light&student=1`);
await ready();
await page.evaluate(() => window.__bl.waitFor(8));
await page.screenshot({ path: out('student-mode.png') });

// The printable summary, as printed.
await open(`${base}#v=1&duration=30&view.theme=light`);
await ready();
await page.evaluate(() => window.__bl.runUntil(30));
await page.evaluate(() => {
  window.print = () => undefined;
});
await openMore();
await page.getByRole('button', { name: 'Print summary' }).click();
await page.locator('.print-charts img').nth(3).waitFor();
await page.emulateMedia({ media: 'print' });
await page.setViewportSize({ width: 794, height: 1123 });
await page.waitForTimeout(500);
await page.screenshot({ path: out('print-summary.png') });

await browser.close();
