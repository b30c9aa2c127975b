// `npm run bench:start`: how soon a first visit shows a chart moving (issue 24 item 7).
// Builds the site (unless --no-build), serves it with `vite preview`, and opens it cold (a
// fresh browser context: no HTTP cache, no service worker yet, which registers as on a real visit) in Debian's Chromium, in two
// profiles:
//   desktop  1280x720, the machine as it is;
//   phone    390x844, Chromium's CPU throttling 4x on the page and the worker, and the network
//            emulated at 1.6 Mb/s down, 750 kb/s up, 150 ms round trip (Lighthouse's "slow 4G").
// For each visit it prints, in ms from the start of navigation: first contentful paint, the
// first chart with points ("first data"), and the first redraw of a chart with more points
// ("first motion", the figure the issue sets targets for: <= 1000 desktop, <= 4000 phone);
// then what was fetched before first motion (bytes on the wire and decoded) and what after.
// Not a test: on a loaded machine the times stretch, so the load average is printed with each, and
// the share of the CPU time the hypervisor gave to others during the visit ("stolen", from
// /proc/stat; a virtual machine's neighbours do not show in its load average).
// With --dist A,B it serves each of these built sites (no build), one port each from --port on,
// and visits them in turn within each run, so that two builds are compared under the same load.
// The sites' order alternates from run to run (A B, B A, ...): neither is always the first visit.
// --profiles desktop (or phone) visits in that profile only.
//   node scripts/first-motion.mjs [--no-build] [--port N] [--runs N] [--json FILE] [--dist DIR,DIR...]
//                                 [--profiles desktop,phone]
import fs from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { buildSite, serve, LAUNCH_ARGS } from './preview.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const port = Number(opt('--port', process.env.BL_FPS_PORT ?? 4171));
const runs = Number(opt('--runs', 3));
const jsonOut = opt('--json', null);
const dists = opt('--dist', null)?.split(',') ?? null;
for (const [name, v, lo, hi] of [
  ['--port', port, 1024, 65535],
  ['--runs', runs, 1, 20],
]) {
  if (!Number.isInteger(v) || v < lo || v > hi) {
    console.error(`first-motion: ${name} must be an integer in ${lo}..${hi}, got ${opt(name)}`);
    process.exit(2);
  }
}

const PROFILES = {
  desktop: { viewport: { width: 1280, height: 720 }, cpu: 1, net: null, targetMs: 1000 },
  phone: {
    viewport: { width: 390, height: 844 },
    cpu: 4,
    // Bytes per second; latency is the added round trip in ms.
    net: { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 },
    targetMs: 4000,
    mobile: true,
  },
};

// Runs in the page before any of its scripts: after each frame, reads the test hook's chart counters
// and keeps the first time a chart had points and the first time one had more, then says so on
// the console. It looks after the frame (a task posted from its animation frame callback runs once
// the frame's callbacks, the charts' painters among them, and its rendering are done): looking in
// its own frame callback, which runs before the painters', saw each drawing a frame late, or a
// long task late. (Waiting with page.waitForFunction instead had Playwright evaluate its injected
// script in the page: 45 ms of the page's main thread as the page's first scripts ran, a cost no
// student's browser has.)
function watchCharts() {
  const seen = { firstData: null, firstMotion: null };
  window.__firstMotion = seen;
  let points = 0;
  const after = new MessageChannel();
  after.port1.onmessage = () => {
    const c = window.__bl?.charts?.();
    if (c) {
      const n = Math.max(0, ...Object.values(c).map((s) => s.points ?? 0));
      if (n > 0 && seen.firstData === null) {
        seen.firstData = performance.now();
        points = n;
      } else if (seen.firstData !== null && n > points && seen.firstMotion === null) {
        seen.firstMotion = performance.now();
        console.debug('bl-first-motion');
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  const tick = () => after.port2.postMessage(null);
  requestAnimationFrame(tick);
}

/** The CPU counters of /proc/stat (all CPUs): total and stolen jiffies; null where there is none. */
function cpuTimes() {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: f.reduce((a, b) => a + b, 0), steal: f[7] ?? 0 };
  } catch {
    return null;
  }
}
const stolen = (a, b) => (a && b && b.total > a.total ? (100 * (b.steal - a.steal)) / (b.total - a.total) : null);

const profiles = (opt('--profiles', null)?.split(',') ?? Object.keys(PROFILES)).map((x) => x.trim());
for (const p of profiles)
  if (!(p in PROFILES)) {
    console.error(`first-motion: --profiles takes ${Object.keys(PROFILES).join(', ')} (comma-separated), got ${p}`);
    process.exit(2);
  }

/** Throttles the page and every worker it starts (CDP applies CPU throttling per target). */
async function throttle(context, page, p) {
  const apply = async (session) => {
    if (p.cpu > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: p.cpu });
    if (p.net) {
      await session.send('Network.enable');
      await session.send('Network.emulateNetworkConditions', { offline: false, ...p.net });
    }
  };
  const cdp = await context.newCDPSession(page);
  await apply(cdp);
  page.on('worker', async (w) => {
    try {
      await apply(await context.newCDPSession(w));
    } catch {
      /* a worker that ended first */
    }
  });
}

async function visit(browser, url, name) {
  const p = PROFILES[name];
  const context = await browser.newContext({
    viewport: p.viewport,
    isMobile: !!p.mobile,
    hasTouch: !!p.mobile,
  });
  const page = await context.newPage();
  await page.addInitScript(watchCharts);
  await throttle(context, page, p);
  // Every fetch, the worker's (the core's module and WASM) included: when it ended, its bytes.
  const fetched = [];
  context.on('requestfinished', (req) => {
    fetched.push(
      Promise.all([req.sizes(), req.response()])
        .then(([sz, res]) => {
          const t = req.timing();
          return {
            name: new URL(req.url()).pathname.replace(/^\/(assets\/)?/, '') || '(page)',
            // 200, or 304 where the HTTP cache's copy was revalidated (a preload of the core and the
            // worker's own fetch must still bring it over the wire once).
            status: res?.status() ?? null,
            startEpoch: t.startTime,
            endEpoch: t.startTime + t.responseEnd,
            wire: sz.responseBodySize + sz.responseHeadersSize,
          };
        })
        // A fetch that ends as the visit closes (the service worker's) has no sizes any more.
        .catch(() => null),
    );
  });
  const moved = page.waitForEvent('console', { predicate: (m) => m.text() === 'bl-first-motion', timeout: 60_000 });
  await page.goto(url, { waitUntil: 'commit' });
  await moved;
  const r = await page.evaluate(() => {
    const fm = window.__firstMotion;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const nav = performance.getEntriesByType('navigation')[0];
    const marks = performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]);
    return {
      origin: performance.timeOrigin,
      fcp,
      html: nav?.responseEnd ?? null,
      marks,
      firstData: fm.firstData,
      firstMotion: fm.firstMotion,
    };
  });
  // The worker's marks, on the page's clock (a worker's time origin is when it was made).
  for (const w of page.workers()) {
    try {
      const wm = await w.evaluate(() => ({
        origin: performance.timeOrigin,
        marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
      }));
      for (const [n, t] of wm.marks) r.marks.push([n, wm.origin + t - r.origin]);
    } catch {
      /* a worker that ended */
    }
  }
  const files = (await Promise.all(fetched)).filter(Boolean).map(({ endEpoch, startEpoch, ...f }) => ({
    ...f,
    start: startEpoch - r.origin,
    end: endEpoch - r.origin,
  }));
  await context.close();
  return { ...r, timeline: timeline(r, files), files };
}

/**
 * Where the time went, in ms from navigation, by the marks the app sets (performance.mark in
 * main.tsx, mount.tsx, App.tsx, the worker, SimController, TimeChart) and the fetches of the
 * page's chunk and the core. The first of each mark counts.
 */
function timeline(r, files) {
  const mark = (n) => r.marks.find(([name]) => name === n)?.[1] ?? null;
  const file = (re) => files.find((f) => re.test(f.name)) ?? null;
  const core = file(/^blcore\.wasm.*\.gz$/) ?? file(/^blcore.*\.wasm$/);
  const pageChunk = file(/^mount-.*\.js$/);
  return [
    ['html received', r.html],
    ['boot script ran (worker made)', mark('bl:boot')],
    ['entry chunk ran', mark('bl:main')],
    ['worker module ran', mark('bl:worker')],
    ['core fetch started', core?.start ?? null],
    ['core fetched', core?.end ?? null],
    ['core inflated (old loader)', mark('bl:wasm-fetched')],
    ['core compiled', mark('bl:wasm-compiled')],
    ['core instantiated', mark('bl:wasm-instantiated')],
    ['core ready (bl_describe)', mark('bl:core-ready')],
    ['page told: ready', mark('bl:ready')],
    ["page's chunk fetched", pageChunk?.end ?? null],
    ["page's chunk ran", mark('bl:mount')],
    ['first render on the page', mark('bl:app')],
    ['run built (worker)', mark('bl:run-built')],
    ['page told: created', mark('bl:created')],
    ['first sample sent (worker)', mark('bl:first-block-sent')],
    ['first sample in', mark('bl:first-block')],
    ['first chart drawn', mark('bl:first-draw')],
    // Set by the chart's painter as it draws: this script's own frame callback, which gives the
    // figure below, can run before the painter in a frame and see the drawing a frame or a long task late.
    ['first motion drawn (painter)', mark('bl:first-moved')],
    ['first motion', r.firstMotion],
  ];
}

const kB = (b) => `${(b / 1024).toFixed(0)} kB`;
const ms = (x) => (x === null ? '-' : `${x.toFixed(0)} ms`);

if (!dists && !args.includes('--no-build')) {
  process.stderr.write('first-motion: building the site (vite build) ...\n');
  buildSite();
}
const sites = [];
const results = [];
try {
  for (const [k, dir] of (dists ?? [null]).entries()) {
    if (dir && !fs.existsSync(`${dir}/index.html`)) throw new Error(`--dist ${dir}: no index.html there`);
    sites.push({ label: dir ?? 'dist', ...(await serve(port + k, dir)) });
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS });
  try {
    for (const name of profiles) {
      for (let i = 0; i < runs; i++) {
        for (const { label, url } of i % 2 === 0 ? sites : [...sites].reverse()) {
          const load = os.loadavg()[0];
          const cpu0 = cpuTimes();
          const r = await visit(browser, url, name);
          const steal = stolen(cpu0, cpuTimes());
          results.push({ profile: name, site: label, load, steal, ...r });
          const before = r.files.filter((f) => f.end <= r.firstMotion);
          const after = r.files.filter((f) => f.end > r.firstMotion);
          const sum = (fs_, k) => fs_.reduce((a, f) => a + f[k], 0);
          console.log(
            `${name.padEnd(7)} run ${i + 1}/${runs}${sites.length > 1 ? ` ${label}` : ''} (load ${load.toFixed(2)}${steal === null ? '' : `, ${steal.toFixed(0)}% stolen`}): first paint ${ms(r.fcp)}, first data ${ms(r.firstData)}, ` +
              `first motion ${ms(r.firstMotion)} (target ${PROFILES[name].targetMs})`,
          );
          if (i === 0) {
            console.log('  timeline (ms from navigation):');
            for (const [what, t] of r.timeline) console.log(`    ${what.padEnd(32)} ${ms(t).padStart(8)}`);
            console.log(
              `  before first motion: ${before.length} files, ${kB(sum(before, 'wire'))} on the wire; after: ${after.length} files, ${kB(sum(after, 'wire'))}`,
            );
            for (const f of [...before].sort((a, b) => b.wire - a.wire).slice(0, 8))
              console.log(`    ${f.name.padEnd(36)} ${kB(f.wire).padStart(7)}, done at ${ms(f.end)}`);
            for (const f of r.files.filter((f) => /^blcore/.test(f.name)))
              console.log(
                `  core fetch: ${f.name}, HTTP ${f.status}, ${kB(f.wire)} on the wire, ${ms(f.start)} to ${ms(f.end)}`,
              );
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
} catch (e) {
  for (const { child } of sites) child.kill();
  console.error(`first-motion: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
} finally {
  for (const { child } of sites) child.kill();
}
for (const name of profiles)
  for (const { label } of sites) {
    const runsOf = results.filter((r) => r.profile === name && r.site === label);
    const xs = runsOf.map((r) => r.firstMotion).sort((a, b) => a - b);
    const loads = runsOf.map((r) => r.load);
    const steals = runsOf.map((r) => r.steal).filter((x) => x !== null);
    console.log(
      `${name}${sites.length > 1 ? ` ${label}` : ''}: first motion median ${ms(xs[Math.floor(xs.length / 2)])}, range ${ms(xs[0])}-${ms(xs.at(-1))} ` +
        `(load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}` +
        `${steals.length ? `, ${Math.min(...steals).toFixed(0)}-${Math.max(...steals).toFixed(0)}% stolen` : ''})`,
    );
    // The median of each step over the runs (a step missing from a run is left out of its median).
    console.log(`  median timeline over ${runsOf.length} runs (ms from navigation):`);
    for (const [k, [what]] of runsOf[0].timeline.entries()) {
      const ts = runsOf
        .map((r) => r.timeline[k][1])
        .filter((t) => t !== null)
        .sort((a, b) => a - b);
      console.log(`    ${what.padEnd(32)} ${ms(ts.length ? ts[Math.floor(ts.length / 2)] : null).padStart(8)}`);
    }
  }
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
