// Screenshots for docs/teaching.md, taken in Debian's Chromium from a served build:
//   npx vite build --config web/vite.config.ts
//   npx vite preview --config web/vite.config.ts --port 5184 &
//   node scripts/screenshots-lessons.mjs http://127.0.0.1:5184/
// Writes docs/img/lesson-step.png, lesson-predict.png and lessons-index.png.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/';
const out = new URL('../docs/img/', import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function open(hash, width = 1400, height = 1000) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(base + hash);
  await page.waitForFunction(() => window.__bl !== undefined);
  if (hash !== '#lessons') {
    await page.evaluate(() => window.__bl.ready());
    await page.waitForFunction(() => window.__bl.lesson() !== null);
  }
  return page;
}

// A step with its notes on the charts, 14 s into the run.
let page = await open('#lesson=aimd-sawtooth');
await page.evaluate(() => window.__bl.runUntil(14));
await page.waitForTimeout(500);
await page.screenshot({ path: out + 'lesson-step.png' });
await page.close();

// A prediction made, run and revealed.
page = await open('#lesson=rtt-unfairness', 1400, 1100);
await page.evaluate(() => localStorage.clear());
await page.getByLabel('Flow 1 (short RTT) gets about twice as much as flow 0').check();
await page.getByRole('button', { name: 'Record my answer and run' }).click();
await page.evaluate(() => window.__bl.runUntil(60));
await page.getByTestId('predict-reveal').waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: out + 'lesson-predict.png' });
await page.close();

page = await open('#lessons', 1100, 900);
await page.locator('.lesson-list li').first().waitFor();
await page.screenshot({ path: out + 'lessons-index.png' });
await browser.close();
console.log(`wrote ${out}lesson-step.png, lesson-predict.png, lessons-index.png`);
