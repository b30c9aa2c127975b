// `npm run bench:fps`: how smoothly the app animates with 100 flows and 10 minutes of data.
// Builds the site (unless --no-build), serves it with `vite preview`, and in Debian's Chromium
// (the launch arguments of playwright.config.ts) records requestAnimationFrame intervals for a
// few seconds, first on an empty page and then on the app, in the same browser one after the
// other. The app runs the 100-flow scenario to 590 s, plays on at 1x with the charts scrolled
// into view. Prints median and 95th percentile frame time and frames per second for both; on
// a busy machine the ratio app : empty page is the figure to compare. Not a test.
//   node scripts/fps.mjs [--no-build] [--port N] [--seconds S] [--runs N] [--json FILE]
//                        [--profile FILE] [--trace FILE]
// --profile writes a CPU profile of the page's JavaScript while recording, --trace a Chromium
// trace of the whole browser (both open in Chromium's DevTools, Performance panel).
import fs from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { buildSite, serve, LAUNCH_ARGS } from './preview.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const port = Number(opt('--port', process.env.BL_FPS_PORT ?? 4170));
const seconds = Number(opt('--seconds', 4));
const runs = Number(opt('--runs', 1));
const jsonOut = opt('--json', null);
const profileOut = opt('--profile', null);
const traceOut = opt('--trace', null);
for (const [name, v, lo, hi] of [
  ['--port', port, 1024, 65535],
  ['--seconds', seconds, 1, 60],
  ['--runs', runs, 1, 20],
]) {
  if (!Number.isFinite(v) || v < lo || v > hi) {
    console.error(`fps: ${name} must be a number in ${lo}..${hi}, got ${v}`);
    process.exit(2);
  }
}

/** The issue's case: 100 flows over a 100 Mb/s bottleneck for 600 s, 1 % random loss. */
const HASH =
  '#v=1&duration=600&flows.count=100&topology.bottleneckRate=100000000&queue.buffer=500&exoLoss.kind=bernoulli&exoLoss.steps=~&exoLoss.rate=0.01';

function build() {
  process.stderr.write('fps: building the site (vite build) ...\n');
  buildSite();
}

/** Chromium's counters for the page (seconds): main-thread CPU time, script, layout, style. */
async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Records requestAnimationFrame intervals (ms) in the page for `secs` seconds. */
function recordFrames(page, secs) {
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const gaps = [];
        let last = 0;
        let end = 0;
        const tick = (t) => {
          if (last) gaps.push(t - last);
          else end = t + ms;
          last = t;
          if (t < end || !end) requestAnimationFrame(tick);
          else resolve(gaps);
        };
        requestAnimationFrame(tick);
      }),
    secs * 1000,
  );
}

function stats(gaps) {
  const s = [...gaps].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const total = gaps.reduce((a, b) => a + b, 0);
  return {
    frames: gaps.length,
    medianMs: q(0.5),
    p95Ms: q(0.95),
    fps: (gaps.length * 1000) / total,
    fpsMedian: 1000 / q(0.5),
  };
}

async function measureEmpty(browser) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.setContent('<!doctype html><html><body></body></html>');
  await recordFrames(page, 0.5); // warm up
  const r = stats(await recordFrames(page, seconds));
  await page.close();
  return r;
}

async function measureApp(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url + HASH);
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl.ready());
  await page.evaluate(() => window.__bl.runUntil(590));
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.evaluate(() => document.querySelector('.charts-grid')?.scrollIntoView({ block: 'start' }));
  await recordFrames(page, 0.5); // let the charts catch up after the scroll
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (profileOut) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  if (traceOut)
    await browser.startTracing(page, {
      path: traceOut,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8.execute',
        'blink',
        'cc',
        'viz',
        'gpu',
      ],
    });
  const m0 = await metrics(cdp);
  const [t0, before] = await page.evaluate(() => [window.__bl.now(), window.__bl.charts()]);
  const gaps = await recordFrames(page, seconds);
  const t1 = await page.evaluate(() => window.__bl.now());
  const m1 = await metrics(cdp);
  if (traceOut) await browser.stopTracing();
  if (profileOut) fs.writeFileSync(profileOut, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const charts = await page.evaluate(() => window.__bl.charts());
  await page.close();
  // Per time chart while recording: redraws, of which full ones, and the last one's ms.
  const draws = {};
  for (const [id, c] of Object.entries(charts)) {
    if (c.ms === undefined) continue;
    const b = before[id] ?? { draws: 0, fullDraws: 0 };
    draws[id] = {
      draws: c.draws - b.draws,
      full: (c.fullDraws ?? 0) - (b.fullDraws ?? 0),
      lastMs: Number(c.ms.toFixed(1)),
    };
  }
  // CPU time of the page's main thread per second of wall time: what the page costs, whatever
  // share of the CPUs it got (on an idle machine, above ~1000 ms/s no frame rate can be kept).
  const wall = m1.Timestamp - m0.Timestamp;
  const per = (k) => Number((((m1[k] - m0[k]) * 1000) / wall).toFixed(0));
  const main = {
    cpuMsPerS: per('ThreadTime'),
    scriptMsPerS: per('ScriptDuration'),
    layoutMsPerS: per('LayoutDuration'),
    styleMsPerS: per('RecalcStyleDuration'),
  };
  return { ...stats(gaps), simSeconds: t1 - t0, draws, main };
}

// A first visit: a fresh context (no HTTP cache) opens the app with no link; the time from the
// start of navigation until every time chart has drawn points of the default scenario.
async function measureFirstVisit(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 2400 } });
  const page = await ctx.newPage();
  await page.goto(url);
  const h = await page.waitForFunction(
    () => {
      const bl = window.__bl;
      if (!bl || bl.now() <= 0) return false;
      const c = bl.charts();
      return (
        ['cwnd', 'queue', 'throughput', 'loss', 'jain'].every((id) => (c[id]?.points ?? 0) > 0) && performance.now()
      );
    },
    undefined,
    { timeout: 30_000 },
  );
  const ms = await h.jsonValue();
  await ctx.close();
  return ms;
}

const fmt = (x, d = 1) => Number(x).toFixed(d);
const line = (label, r) =>
  `${label.padEnd(10)} ${fmt(r.medianMs).padStart(6)} ms median  ${fmt(r.p95Ms).padStart(6)} ms p95  ${fmt(r.fps).padStart(5)} fps (${r.frames} frames)`;

if (!args.includes('--no-build')) build();
const { child, url } = await serve(port);
const results = [];
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS });
  try {
    for (let i = 0; i < runs; i++) {
      const load = os.loadavg();
      const empty = await measureEmpty(browser);
      const app = await measureApp(browser, url);
      const firstVisitMs = await measureFirstVisit(browser, url);
      results.push({ load, empty, app, firstVisitMs });
      console.log(
        `run ${i + 1}/${runs}  load average ${load.map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs`,
      );
      console.log(`  ${line('empty page', empty)}`);
      console.log(`  ${line('app', app)}`);
      console.log(
        `  app : empty fps ${fmt(app.fps / empty.fps, 2)}; simulated ${fmt(app.simSeconds, 2)} s in ${seconds} s`,
      );
      const m = app.main;
      console.log(
        `  app main thread per wall second: ${m.cpuMsPerS} ms CPU (script ${m.scriptMsPerS}, layout ${m.layoutMsPerS}, style ${m.styleMsPerS} ms)`,
      );
      console.log(`  first visit: all charts drawn ${fmt(firstVisitMs, 0)} ms after navigation (issue 3: within 2000)`);
      console.log(
        `  chart redraws (full) last ms: ${Object.entries(app.draws)
          .map(([id, d]) => `${id} ${d.draws} (${d.full}) ${d.lastMs}`)
          .join(', ')}`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  child.kill();
}
if (jsonOut)
  fs.writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), seconds, hash: HASH, results }, null, 2));
