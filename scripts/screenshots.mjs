// `npm run screenshots`: retakes the main screen's screenshots in docs/screenshots/ at phone
// (375 px), tablet (768 px) and desktop (1440x900) widths, light and dark. Builds the site
// (unless --no-build), serves it with `vite preview` and opens the first-visit scenario in
// Debian's Chromium, run to 30 s of simulated time so the charts have data. With --docs-img it
// then retakes, against the same served build, every screenshot docs/teaching.md shows
// (docs/img/: scripts/screenshots-lessons.mjs and scripts/screenshots-teaching-tools.mjs).
//   node scripts/screenshots.mjs [--no-build] [--port N] [--out DIR] [--hash '#v=1&...'] [--docs-img]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildSite, root, serve } from './preview.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const port = Number(opt('--port', process.env.BL_SHOTS_PORT ?? 4171));
const out = path.resolve(root, opt('--out', 'docs/screenshots'));
const hash = opt('--hash', '#v=1');
if (!Number.isInteger(port) || port < 1024 || port > 65535) {
  console.error(`screenshots: --port must be 1024..65535, got ${port}`);
  process.exit(2);
}

const SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
];
const THEMES = ['light', 'dark'];
if (!args.includes('--no-build')) buildSite();
fs.mkdirSync(out, { recursive: true });
const { child, url } = await serve(port);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const theme of THEMES) {
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size.width, height: size.height }, colorScheme: theme });
      await page.goto(`${url}${hash}`);
      await page.waitForFunction(() => window.__bl !== undefined);
      await page.evaluate(() => window.__bl.ready());
      await page.evaluate(() => window.__bl.runUntil(30));
      await page.waitForTimeout(400); // the charts' next frames
      const file = path.join(out, `main-${size.name}-${theme}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(root, file));
      await page.close();
    }
  }
  if (args.includes('--docs-img'))
    for (const script of ['screenshots-lessons.mjs', 'screenshots-teaching-tools.mjs'])
      execFileSync(process.execPath, [path.join(root, 'scripts', script), url], { cwd: root, stdio: 'inherit' });
} finally {
  await browser.close();
  child.kill();
}
