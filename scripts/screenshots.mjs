// Screenshots of the main screen for the docs: the default scenario at 375 (phone), 768 (tablet)
// and 1440 x 900 (laptop) px, light and dark, after 30 simulated seconds. Builds the site,
// serves it, shoots, stops: `npm run screenshots` (writes docs/img/main-<width>-<theme>.png).
import { spawn, execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BL_SHOT_PORT ?? 4180);
const base = `http://127.0.0.1:${port}/`;
const out = (name) => new URL(`../docs/img/${name}`, import.meta.url).pathname;

execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const server = spawn('npx', ['vite', 'preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let serverLog = '';
server.stdout.on('data', (d) => { serverLog += d; });
server.stderr.on('data', (d) => { serverLog += d; });
const stop = () => { try { process.kill(-server.pid); } catch { /* already gone */ } };
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try { if ((await fetch(base)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no server at ${base} after 60 s:\n${serverLog}`);
}

await waitForServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const sizes = [
  { width: 375, height: 812, name: 'phone' },
  { width: 768, height: 1024, name: 'tablet' },
  { width: 1440, height: 900, name: 'laptop' },
];
for (const theme of ['light', 'dark']) {
  for (const s of sizes) {
    const page = await browser.newPage({ viewport: { width: s.width, height: s.height }, deviceScaleFactor: 1 });
    page.setDefaultTimeout(60_000);
    await page.goto(`${base}#v=1&view.theme=${theme}`);
    await page.waitForFunction(() => window.__bl !== undefined);
    await page.evaluate(() => window.__bl.ready());
    await page.evaluate(() => window.__bl.runUntil(30));
    await page.waitForTimeout(400); // one frame for the charts, the tooltips settled
    const file = out(`main-${s.width}-${theme}.png`);
    await page.screenshot({ path: file });
    console.log(`${s.name} ${s.width}x${s.height} ${theme}: ${file}`);
    await page.close();
  }
}
await browser.close();
stop();
