// Side-by-side validation against ns-3.37 (issue 13, docs/validation-ns3.md): each experiment is
// a core scenario (docs/scenario.md), run by the native CLI (build/native/blsim) and, through
// scripts/lib/ns3.mjs, by the one ns-3 program docs/ns3/dumbbell.cc on the same dumbbell. Prints
// a markdown table: utilisation, Jain's index of the goodputs, mean and 95th-percentile queueing
// delay, the first group's share of the goodput, drops and CE marks per second at the
// bottleneck (both over [measureFrom, end]) and timeouts (whole run). Bold: outside the issue's
// targets (utilisation 2 %, Jain 0.03, delay 20 %, share 10 %, marks 20 %).
//   node scripts/validate-ns3.mjs [--only GROUP,...] [--seed N | --seeds N | --seeds A,B,...] [--lock FILE]
//                                 [--cubic KEY=VALUE]... [--bbr KEY=VALUE]... [--both KEY=VALUE]...
//                                 [--ours KEY=VALUE]... [--ns3 KEY=VALUE]... [--timers] [--flows]
//   node scripts/validate-ns3.mjs --trace EXPERIMENT [--flow I]
//   node scripts/validate-ns3.mjs --series EXPERIMENT [--seed N] [--step S] [--bbr KEY=VALUE]...
// GROUP: bloat (20 NewReno or CUBIC flows through each AQM), mix (CUBIC against NewReno),
// presets (the issue-13 presets: bufferbloat, cubic-vs-reno, bbr-vs-cubic at 1 and 10 BDP),
// dctcp (DCTCP through a step-marking queue), ecn (NewReno with ECN through RED). --cubic sets a ccParams key of every CUBIC flow on
// our side only (a research switch such as renoFriendly=false; ns-3 runs unchanged), --bbr
// one of every BBR flow (linuxRecovery=true); --both sets
// a top-level scenario key for both (headerSize=52: ns-3 with TCP timestamps); --ours sets a
// flow key of every flow on our side only (rtoBackoffReset=newAck: ns-3.37's RTO rule); --ns3
// sets an option of the ns-3 program on the ns-3 side only (bbrRateFix=1, bbrRawRtt=1,
// bbrAckAggr=0: experiments on TcpBbr, docs/ns3/README.md); --timers
// adds a table of retransmission-timer expiries (ns-3: all, and the spurious ones); --flows a
// table per run of its flows on each side, longest propagation RTT first. --lock runs
// each ns-3 simulation under `flock FILE nice -n 15`. ns-3 results are cached in
// build/ns3-cache/ by their arguments (delete it after changing ns-3 itself).
// --seeds N runs every experiment for seeds 1..N (or the listed seeds) in both simulators and
// prints each measure's mean ± standard deviation over the seeds; a pair is bold when the
// difference of the means is outside the target, and marked † when, besides, the two sides'
// seed ranges do not overlap (every seed of ours on the same side of every seed of ns-3).
// --series writes both simulators' time series of one run (build/ns3-trace/, the columns of
// the core's --series) and prints them side by side every S seconds (default 1): the bottleneck
// queue, flows 0 and 1's windows and goodput, and flow 0's BBR state, btlBw, min RTT and pacing
// gain when it runs BBR (ns-3: read from TcpBbr after each of its updates; docs/ns3/README.md).
// --trace writes one flow's congestion window over time from both simulators
// (build/ns3-trace/) and prints, per congestion-avoidance epoch, the window against RFC 9438's
// W_cubic(t) and the Reno-friendly W_est(t).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { root, runNative } from './lib/runners.mjs';
import { buildNs3, ns3Binary, runNs3 } from './lib/ns3.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
const only = opt('only', null)?.split(',');
const seed = Number(opt('seed', 1));
/** --seeds N: 1..N; --seeds A,B,...: those; otherwise [--seed]. */
function parseSeeds(v) {
  if (v === undefined) return [seed];
  const list = v.includes(',') ? v.split(',').map(Number) : Array.from({ length: Number(v) }, (_, i) => i + 1);
  if (!list.length || list.some((x) => !Number.isInteger(x) || x < 1))
    throw new Error(`--seeds takes a count N >= 1 or a list of seeds >= 1, not ${v}`);
  return list;
}
const seeds = parseSeeds(opt('seeds', undefined));
const lock = opt('lock', null);
const cubicParams = {};
const bbrParams = {};
const both = {}; // --both KEY=VALUE: a top-level scenario key changed for both simulators
const oursFlows = {}; // --ours KEY=VALUE: a flow key (docs/parameters.md, flow) of every flow, ours only
const ns3Options = {}; // --ns3 KEY=VALUE: an option of docs/ns3/dumbbell.cc, ns-3 only
args.forEach((a, i) => {
  if (a === '--ns3') {
    const [k, v] = (args[i + 1] ?? '').split('=');
    if (!k || v === undefined) throw new Error(`--ns3 takes KEY=VALUE, not ${args[i + 1]}`);
    ns3Options[k] = v;
    return;
  }
  if (a !== '--cubic' && a !== '--bbr' && a !== '--both' && a !== '--ours') return;
  const [k, v] = (args[i + 1] ?? '').split('=');
  if (!k || v === undefined) throw new Error(`${a} takes KEY=VALUE, not ${args[i + 1]}`);
  const value = v === 'true' || v === 'false' ? v === 'true' : Number.isNaN(Number(v)) ? v : Number(v);
  ({ '--cubic': cubicParams, '--bbr': bbrParams, '--both': both, '--ours': oursFlows })[a][k] = value;
});

// ---- The experiments, as core scenarios ----

// The validation dumbbell: 20 Mb/s, 5 ms bottleneck, 100 Mb/s access links of 10-20 ms one way
// (propagation RTT 50-90 ms, BDP about 175 packets of 1000 bytes), 40 s measured from 10 s.
function dumbbell(queue, flows, extra = {}) {
  return {
    version: 1,
    seed,
    duration: 40,
    measureFrom: 10,
    packetSize: 1000,
    topology: {
      kind: 'dumbbell',
      bottleneckRate: 20e6,
      bottleneckDelay: 0.005,
      accessRate: 100e6,
      accessDelayMin: 0.01,
      accessDelayMax: 0.02,
    },
    queue,
    flows: { count: 20, tcp: 'sack', start: 0, startSpread: 1, ...flows },
    ...extra,
  };
}
const cubicOverrides = (flows) => flows.map((flow) => ({ flow, cc: 'cubic' }));
const range = (n) => Array.from({ length: n }, (_, i) => i);
/** A preset (public/presets) as a scenario, without its texts; `change` is merged in. */
function preset(name, change = {}) {
  const s = JSON.parse(fs.readFileSync(path.join(root, 'public/presets', `${name}.json`), 'utf8'));
  for (const k of ['name', 'watch', 'try', 'samplePeriod']) delete s[k];
  return { ...s, seed, ...change, queue: { ...s.queue, ...change.queue } };
}

const QNAME = { droptail: 'fifo', codel: 'codel', pie: 'pie', fq_codel: 'fqcodel' };
const experiments = [];
for (const cc of ['aimd', 'cubic']) {
  for (const kind of ['droptail', 'codel', 'pie', 'fq_codel']) {
    experiments.push({
      group: 'bloat',
      name: `${cc === 'aimd' ? 'newreno' : 'cubic'}-${QNAME[kind]}`,
      label: `20 ${cc === 'aimd' ? 'NewReno' : 'Cubic'} flows, ${QNAME[kind]}, 1000 packets`,
      scenario: dumbbell({ kind, buffer: 1000 }, { cc }),
    });
  }
}
for (const buffer of [175, 1000]) {
  experiments.push({
    group: 'mix',
    name: `mix-${buffer}`,
    label: `10 Cubic + 10 NewReno, fifo, ${buffer} packets`,
    scenario: dumbbell({ kind: 'droptail', buffer }, { cc: 'aimd' }, { flowOverrides: cubicOverrides(range(10)) }),
    share: range(10),
  });
}
for (const p of ['droptail', 'codel', 'pie', 'fqcodel']) {
  experiments.push({
    group: 'presets',
    name: `bufferbloat-${p}`,
    label: `bufferbloat-${p} (20 Cubic, 10 Mb/s, 1000 packets)`,
    scenario: preset(`bufferbloat-${p}`),
  });
}
experiments.push({
  group: 'presets',
  name: 'cubic-vs-reno',
  label: 'cubic-vs-reno (5 Cubic + 5 NewReno, 50 Mb/s, 250 packets)',
  scenario: preset('cubic-vs-reno'),
  share: range(5),
});
for (const [bdp, buffer] of [
  [1, 76],
  [10, 760],
]) {
  experiments.push({
    group: 'presets',
    name: `bbr-vs-cubic-${bdp}bdp`,
    label: `bbr-vs-cubic, ${bdp} BDP (${buffer} packets), BBR's share`,
    scenario: preset('bbr-vs-cubic', { queue: { buffer } }),
    share: [0],
  });
}
// DCTCP: the validation dumbbell with a step-marking queue at K = 32 packets (C x RTT / 7 for
// the longest RTT, 90 ms: Alizadeh et al.'s guideline), and the dctcp-ecn preset as it is.
experiments.push({
  group: 'dctcp',
  name: 'dctcp-step',
  label: '20 DCTCP flows, step K = 32, 1000 packets',
  scenario: dumbbell({ kind: 'step', K: 32, buffer: 1000 }, { cc: 'dctcp', ecn: true }),
});
experiments.push({
  group: 'dctcp',
  name: 'dctcp-ecn',
  label: 'dctcp-ecn (10 DCTCP, 100 Mb/s, 1 ms RTT, step K = 20)',
  scenario: preset('dctcp-ecn'),
});

// Classic ECN (RFC 3168): 20 NewReno flows through RED marking instead of dropping (the core's
// RED defaults: minTh 50, maxTh 120, maxP 0.1, weight 0.002, gentle; 250-packet buffer).
experiments.push({
  group: 'ecn',
  name: 'newreno-red-ecn',
  label: '20 NewReno flows with ECN, RED marking, 250 packets',
  scenario: dumbbell({ kind: 'red', ecn: true, buffer: 250 }, { cc: 'aimd', ecn: true }),
});

/**
 * Our scenario: the experiment's, with `params` (default --cubic's) on every CUBIC flow and
 * `bbr` (default --bbr's) on every BBR flow (by override), and `flowKeys` (default --ours's)
 * on every flow. Like for like with ns-3.37, our SACK sender keeps its scoreboard over a
 * timeout (`sackAfterRto: "keep"`): ns-3.37 keeps it (TcpTxBuffer's
 * SetSentListLost keeps the SACKed marks), as Linux and RFC 6675 5.1; our default forgets it
 * (RFC 2018, as ns-2). `--ours sackAfterRto=forget` runs our default.
 */
function ours(s, params = cubicParams, flowKeys = oursFlows, bbr = bbrParams) {
  const byCc = { cubic: params, bbr };
  const t = structuredClone(s);
  Object.assign(t.flows, { sackAfterRto: 'keep' }, flowKeys);
  if (!Object.keys(params).length && !Object.keys(bbr).length) return t;
  t.flowOverrides ??= [];
  for (let i = 0; i < t.flows.count; i++) {
    let o = t.flowOverrides.find((x) => x.flow === i);
    const p = byCc[o?.cc ?? t.flows.cc];
    if (!p || !Object.keys(p).length) continue;
    if (!o) t.flowOverrides.push((o = { flow: i }));
    o.ccParams = { ...t.flows.ccParams, ...o.ccParams, ...p };
  }
  return t;
}

// ---- Running both ----

const cacheDir = path.join(root, 'build/ns3-cache');
async function ns3Cached(scenario, extra = {}) {
  buildNs3();
  const key = crypto
    .createHash('sha1')
    .update(JSON.stringify([scenario, extra, fs.statSync(ns3Binary).mtimeMs]))
    .digest('hex');
  const file = path.join(cacheDir, `${key}.json`);
  if (fs.existsSync(file) && !extra.traceFile && !extra.seriesFile) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const r = await runNs3(scenario, { lock, extra });
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(r));
  return r;
}

/** CSV text of --series -> { columns, rows } */
function readSeries(file) {
  const [head, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  return { columns: head.split(','), rows: lines.map((l) => l.split(',').map(Number)) };
}

/** Runs ours with a series file: the summary plus the bottleneck's drops and marks since measureFrom. */
async function runOurs(scenario, samplePeriod = 0.1) {
  const dir = fs.mkdtempSync(path.join(path.dirname(ns3Binary), 'bl-series-'));
  const file = path.join(dir, 'series.csv');
  try {
    const r = await runNative({ ...scenario, samplePeriod }, ['--series', file]);
    const { columns, rows } = readSeries(file);
    const col = (name) => columns.indexOf(name);
    const from = scenario.measureFrom ?? 0;
    const at0 = rows.reduce((b, row) => (Math.abs(row[0] - from) < Math.abs(b[0] - from) ? row : b), rows[0]);
    const end = rows[rows.length - 1];
    const delta = (name) => end[col(name)] - at0[col(name)];
    return { r, drops: delta('queue.bottleneck.drops'), marks: delta('queue.bottleneck.marks'), columns, rows };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const sum = (xs) => xs.reduce((x, y) => x + y, 0);
const shareOf = (gs, idx) => (idx ? sum(idx.map((i) => gs[i])) / sum(gs) : null);

/** One simulator's row: its raw numbers (drops and marks over the window) made comparable. */
function metrics(m, flows, share, span, cpu) {
  return {
    ...m,
    share: shareOf(
      flows.map((f) => f.goodputBps),
      share,
    ),
    drops: m.drops / span,
    marks: m.marks / span,
    timeouts: sum(flows.map((f) => f.timeouts)),
    // ns-3: every expiry of the timer (a repeated one stays in CA_LOSS) and the spurious ones
    // (the segment it retransmits had already reached the receiver in an earlier copy).
    expiries: flows[0]?.rtoExpiries === undefined ? null : sum(flows.map((f) => f.rtoExpiries)),
    spurious: flows[0]?.spurious === undefined ? null : sum(flows.map((f) => f.spurious)),
    // ns-3 (TcpCubic): slow starts that ended above ssthresh after measureFrom, and the segments
    // above it they left, per second.
    overshoots: flows[0]?.ssOvershoots === undefined ? null : sum(flows.map((f) => f.ssOvershoots)) / span,
    excess: flows[0]?.ssExcess === undefined ? null : sum(flows.map((f) => f.ssExcess)) / span,
    // Flows caught in a timeout loop: 20 or more expiries (ours: timeouts) in the run.
    looping: flows.filter((f) => (f.rtoExpiries ?? f.timeouts) >= 20).length,
    wall: cpu,
  };
}

async function run(e, runSeed = e.scenario.seed) {
  const scenario = { ...e.scenario, seed: runSeed };
  const n3 = await ns3Cached(scenario, ns3Options);
  const o = await runOurs(ours(scenario));
  const s = o.r.summary;
  const bq = s.queues.find((q) => q.id === 'bottleneck');
  const span = e.scenario.duration - e.scenario.measureFrom;
  const a = n3.result;
  return {
    e,
    seed: runSeed,
    flows: { ns3: a.flows, ours: s.flows },
    cmd: `./build/ns3-dumbbell ${n3.args.join(' ')}`,
    ns3: metrics(
      { util: a.util, jain: a.jain, mean: a.delayMean, p95: a.delayP95, drops: a.drops, marks: a.marks },
      a.flows,
      e.share,
      span,
      n3.cpuSeconds ?? n3.wallSeconds,
    ),
    bl: metrics(
      {
        util: s.utilization,
        jain: s.jainGoodput,
        mean: bq.meanDelay,
        p95: bq.p95Delay,
        drops: o.drops,
        marks: o.marks,
      },
      s.flows,
      e.share,
      span,
      o.r.cpuSeconds ?? o.r.wallSeconds,
    ),
  };
}

const ms = (x) => (x * 1000).toFixed(1);
const rel = (a, b) => (b === 0 ? (a === 0 ? 0 : Infinity) : (a - b) / b);
const bold = (miss, text) => (miss ? `**${text}**` : text);
const pair = (miss, a, b) => `${bold(miss, a)} | ${bold(miss, b)}`;

// The measures of a row: the heading, how each side is printed, and the target (a function of
// ours and ns-3's value that is true when outside it; none for drops, timeouts and CPU time).
const MEASURES = [
  { k: 'util', head: 'util', f: (x) => x.toFixed(3), miss: (b, a) => Math.abs(rel(b, a)) > 0.02 },
  { k: 'jain', head: 'Jain', f: (x) => x.toFixed(3), miss: (b, a) => Math.abs(b - a) > 0.03 },
  { k: 'mean', head: 'mean delay', unit: 'ms', f: ms, miss: (b, a) => Math.abs(rel(b, a)) > 0.2 },
  { k: 'p95', head: 'p95 delay', unit: 'ms', f: ms, miss: (b, a) => Math.abs(rel(b, a)) > 0.2 },
  { k: 'share', head: 'share', f: (x) => x.toFixed(3), miss: (b, a) => Math.abs(rel(b, a)) > 0.1 },
  { k: 'drops', head: 'drops/s', f: (x) => x.toFixed(1) },
  { k: 'marks', head: 'marks/s', f: (x) => x.toFixed(0), miss: (b, a) => Math.abs(rel(b, a)) > 0.2 },
  { k: 'timeouts', head: 'timeouts', f: (x) => x.toFixed(Number.isInteger(x) ? 0 : 1) },
  { k: 'wall', head: 'CPU', unit: 's', f: (x) => x.toFixed(1), fOurs: (x) => x.toFixed(2) },
];

function header(perRun = '') {
  const unit = (m) => (m.unit ? ` (${m.unit}${m.k === 'wall' ? perRun : ''})` : '');
  const heads = MEASURES.map((m) => `${m.head} ns-3${unit(m)} | ours${m.k === 'wall' ? unit(m) : ''}`);
  return `| experiment | ${heads.join(' | ')} |\n| --- |${' ---: |'.repeat(2 * MEASURES.length)}\n`;
}

/** One seed's table (the rows of run()). */
function table(rows) {
  let md = header();
  for (const { e, ns3: a, bl: b } of rows) {
    const cells = MEASURES.map((m) => {
      if (a[m.k] === null) return ' | ';
      return pair(m.miss?.(b[m.k], a[m.k]) ?? false, m.f(a[m.k]), (m.fOurs ?? m.f)(b[m.k]));
    });
    md += `| ${e.label} | ${cells.join(' | ')} |\n`;
  }
  return md;
}

const mean = (xs) => sum(xs) / xs.length;
const sd = (xs) => (xs.length > 1 ? Math.sqrt(sum(xs.map((x) => (x - mean(xs)) ** 2)) / (xs.length - 1)) : 0);

/**
 * The seed sweep's table: per experiment and measure, mean ± standard deviation over the seeds
 * (`runs`: one run() result per seed). Bold when the difference of the means is outside the
 * target; † besides when the seed ranges do not overlap. Returns { md, misses, disjoint }.
 */
function seedTable(rowsBySeed) {
  let md = header(', per run');
  let misses = 0;
  let disjoint = 0;
  for (const runs of rowsBySeed) {
    const cells = MEASURES.map((m) => {
      const a = runs.map((r) => r.ns3[m.k]);
      const b = runs.map((r) => r.bl[m.k]);
      if (a[0] === null) return ' | ';
      const show = (xs, f) => `${f(mean(xs))} ± ${f(sd(xs))}`;
      const miss = m.miss?.(mean(b), mean(a)) ?? false;
      const apart = Math.min(...b) > Math.max(...a) || Math.max(...b) < Math.min(...a);
      misses += miss;
      disjoint += miss && apart;
      return pair(miss, show(a, m.f), show(b, m.fOurs ?? m.f) + (miss && apart ? ' †' : ''));
    });
    md += `| ${runs[0].e.label} | ${cells.join(' | ')} |\n`;
  }
  return { md, misses, disjoint };
}

/** --timers: the retransmission timer in both, per experiment. */
function timerTable(rows) {
  let md =
    '| experiment | ns-3 timeouts (CA_LOSS entries) | ns-3 timer expiries | of which spurious | ns-3 flows with >= 20 | ours timeouts | ours flows with >= 20 | ns-3 slow starts above ssthresh per s | segments above per s | Jain ns-3 | ours |\n';
  md += `| --- |${' ---: |'.repeat(10)}\n`;
  for (const { e, ns3: a, bl: b } of rows) {
    md +=
      `| ${e.label} | ${a.timeouts} | ${a.expiries ?? ''} | ${a.spurious ?? ''} | ${a.looping} | ${b.timeouts} | ` +
      `${b.looping} | ${a.overshoots?.toFixed(2) ?? ''} | ${a.excess?.toFixed(1) ?? ''} | ` +
      `${a.jain.toFixed(3)} | ${b.jain.toFixed(3)} |\n`;
  }
  return md;
}

/**
 * --flows: one run's flows on each side, longest propagation RTT first (a seed draws each
 * simulator's delays from its own stream, so flow i is not the same flow on the two sides):
 * RTT, goodput and timeouts; ours also the fraction of its packets that were CE-marked.
 */
function flowTable(r) {
  const byRtt = (fs, rtt) => fs.map((f) => ({ ...f, rttS: rtt(f) })).sort((x, y) => y.rttS - x.rttS);
  const n3 = byRtt(r.flows.ns3, (f) => f.rttMs / 1000);
  const bl = byRtt(r.flows.ours, (f) => f.rtt);
  let md = `${r.e.label}, seed ${r.seed}: flows by propagation RTT, longest first\n\n`;
  md +=
    '| rank | RTT ns-3 (ms) | goodput ns-3 (Mb/s) | timeouts ns-3 | RTT ours (ms) | goodput ours (Mb/s) | marked ours | timeouts ours |\n';
  md += `| ---: |${' ---: |'.repeat(7)}\n`;
  for (let i = 0; i < Math.max(n3.length, bl.length); i++) {
    const a = n3[i];
    const b = bl[i];
    const na = a ? [(a.rttS * 1e3).toFixed(2), (a.goodputBps / 1e6).toFixed(1), a.timeouts] : ['', '', ''];
    const nb = b
      ? [
          (b.rttS * 1e3).toFixed(2),
          (b.goodputBps / 1e6).toFixed(1),
          b.sentPackets ? (b.markedPackets / b.sentPackets).toFixed(2) : '',
          b.timeouts,
        ]
      : ['', '', '', ''];
    md += `| ${i + 1} | ${[...na, ...nb].join(' | ')} |\n`;
  }
  return md;
}

// ---- --trace: one flow's window in both, against W_cubic(t) and W_est(t) ----

const C = 0.4;
const BETA = 0.7;
const ALPHA = (3 * (1 - BETA)) / (1 + BETA);

/**
 * Epochs of congestion avoidance in a window trace [[t, cwnd, ssthresh]] (cwnd in packets): an
 * epoch runs from the first sample after a reduction at which cwnd >= ssthresh to the next
 * reduction. For each: its start window w0, W_max (the window before the reduction that opened
 * it, with fast convergence), its length, its last window, and what RFC 9438's W_cubic and the
 * Reno-friendly W_est predict at its end (RTT: the flow's mean RTT).
 */
function epochs(trace, rtt, from) {
  const out = [];
  let wMax = 0;
  let prevWMax = 0;
  let cur = null;
  let peak = 0;
  for (let i = 1; i < trace.length; i++) {
    const [t, w, ss] = trace[i];
    const wPrev = trace[i - 1][1];
    if (w < wPrev - 0.5) {
      // a reduction: close the epoch, remember W_max
      if (cur && cur.t0 >= from) out.push({ ...cur, t1: t, w1: wPrev });
      peak = Math.max(peak, wPrev);
      prevWMax = wMax;
      // A timeout (the window back to 1) forgets W_max (RFC 9438 4.8, ns-3.37 and ours alike).
      if (w <= 1.01) wMax = 0;
      else wMax = peak < prevWMax ? (peak * (1 + BETA)) / 2 : peak;
      peak = 0;
      cur = null;
      continue;
    }
    peak = Math.max(peak, w);
    if (!cur && ss > 0 && w >= ss - 1e-9) cur = { t0: t, w0: w, wMax };
  }
  return out.map((ep) => {
    const T = ep.t1 - ep.t0;
    const K = ep.wMax > ep.w0 ? Math.cbrt((ep.wMax - ep.w0) / C) : 0;
    const origin = Math.max(ep.wMax, ep.w0);
    return { ...ep, T, cubic: C * (T - K) ** 3 + origin, est: ep.w0 + (ALPHA * T) / rtt };
  });
}

/**
 * Slow starts after a timeout (the window back to 1) that began after `from`: how far above
 * ssthresh the window was when slow start ended (the first sample at or above it). RFC 5681 and
 * Linux's tcp_slow_start stop at ssthresh; ns-3.37's TcpCubic adds a whole cumulative ACK.
 */
function overshoots(trace, from) {
  const out = [];
  let open = false;
  for (let i = 1; i < trace.length; i++) {
    const [t, w, ss] = trace[i];
    if (w <= 1.01 && trace[i - 1][1] > 1.01 && t >= from) open = true;
    else if (open && w >= ss) {
      out.push(w - ss);
      open = false;
    }
  }
  return out;
}

function summarise(name, eps, over) {
  const o = over.length
    ? `${over.length} | ${Math.max(...over).toFixed(1)} | ${(sum(over) / over.length).toFixed(1)}`
    : '0 | |';
  if (!eps.length) return `| ${name} | 0 | | | | | | | | ${o} |\n`;
  const mean = (f) => sum(eps.map(f)) / eps.length;
  return (
    `| ${name} | ${eps.length} | ${mean((e) => e.T).toFixed(2)} | ${mean((e) => e.w0).toFixed(1)} | ` +
    `${mean((e) => e.w1).toFixed(1)} | ${mean((e) => e.cubic).toFixed(1)} | ${mean((e) => e.est).toFixed(1)} | ` +
    `${mean((e) => e.w1 - e.cubic).toFixed(2)} | ${mean((e) => e.w1 - Math.max(e.cubic, e.est)).toFixed(2)} | ${o} |\n`
  );
}

async function trace(name, flow) {
  const e = experiments.find((x) => x.name === name);
  if (!e) throw new Error(`--trace: no experiment ${name} (one of ${experiments.map((x) => x.name).join(', ')})`);
  const dir = path.join(root, 'build/ns3-trace');
  fs.mkdirSync(dir, { recursive: true });
  const ns3File = path.join(dir, `${name}.flow${flow}.ns3.txt`);
  const n3 = await ns3Cached(e.scenario, { traceFlow: flow, traceFile: ns3File });
  const ns3Trace = fs
    .readFileSync(ns3File, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' ').map(Number))
    .filter((r) => r[1] > 0);
  // The flow's RTT: its propagation RTT plus the mean queueing delay (ours: its mean srtt).
  const runs = [['ns-3.37 TcpCubic', ns3Trace, n3.result.flows[flow].rttMs / 1000 + n3.result.delayMean]];
  for (const [label, params] of [
    ['ours', {}],
    ['ours, renoFriendly off', { renoFriendly: false }],
  ]) {
    const o = await runOurs(ours(e.scenario, { ...cubicParams, ...params }), 0.01);
    const ci = (c) => o.columns.indexOf(`flow.${flow}.${c}`);
    const tr = o.rows.map((r) => [r[0], r[ci('cwnd')], r[ci('ssthresh')], r[ci('srtt')]]);
    fs.writeFileSync(
      path.join(dir, `${name}.flow${flow}.${label.replace(/[^a-z]+/gi, '-')}.txt`),
      tr.map((r) => r.join(' ')).join('\n'),
    );
    const srtts = tr.filter((r) => r[0] >= e.scenario.measureFrom).map((r) => r[3]);
    runs.push([label, tr, sum(srtts) / srtts.length]);
  }
  let md = `Flow ${flow} of ${e.label}: congestion-avoidance epochs after ${e.scenario.measureFrom} s (windows in packets)\n\n`;
  md +=
    '| run | epochs | mean length (s) | cwnd at start | cwnd at end | W_cubic(T) | W_est(T) | end - W_cubic | end - max(W_cubic, W_est) | slow starts after a timeout | largest overshoot of ssthresh | mean overshoot |\n';
  md += `| --- |${' ---: |'.repeat(11)}\n`;
  for (const [label, tr, rtt] of runs) {
    const from = e.scenario.measureFrom;
    md += summarise(`${label} (RTT ${(rtt * 1000).toFixed(0)} ms)`, epochs(tr, rtt, from), overshoots(tr, from));
  }
  console.log(md);
  console.log(`traces in ${path.relative(root, dir)}/`);
}

// ---- --series: both simulators' time series of one run, side by side ----

async function series(name, runSeed, step) {
  const e = experiments.find((x) => x.name === name);
  if (!e) throw new Error(`--series: no experiment ${name} (one of ${experiments.map((x) => x.name).join(', ')})`);
  const dir = path.join(root, 'build/ns3-trace');
  fs.mkdirSync(dir, { recursive: true });
  const scenario = { ...e.scenario, seed: runSeed };
  const ns3File = path.join(dir, `${name}.seed${runSeed}.ns3.csv`);
  await ns3Cached(scenario, { ...ns3Options, seriesFile: ns3File, seriesStep: 0.05 });
  const o = await runOurs(ours(scenario), 0.05);
  const oursFile = path.join(dir, `${name}.seed${runSeed}.ours.csv`);
  fs.writeFileSync(oursFile, [o.columns.join(','), ...o.rows.map((r) => r.join(','))].join('\n'));
  const sides = [readSeries(ns3File), { columns: o.columns, rows: o.rows }];
  const bbr = sides[0].columns.includes('flow.0.btlBw');
  const cols = [
    ['q', 'queue.bottleneck.len', (x) => x.toFixed(0)],
    ['cwnd0', 'flow.0.cwnd', (x) => x.toFixed(0)],
    ['cwnd1', 'flow.1.cwnd', (x) => x.toFixed(0)],
    ['gp0', 'flow.0.goodput', (x) => (x / 1e6).toFixed(2)],
    ['gp1', 'flow.1.goodput', (x) => (x / 1e6).toFixed(2)],
    ['to0', 'flow.0.timeouts', (x) => x.toFixed(0)],
    ...(bbr
      ? [
          ['state', 'flow.0.bbrState', (x) => ['Startup', 'Drain', 'ProbeBW', 'ProbeRTT'][x] ?? ''],
          ['btlBw', 'flow.0.btlBw', (x) => (x / 1e6).toFixed(2)],
          ['minRtt', 'flow.0.minRtt', (x) => (x * 1e3).toFixed(0)],
          ['gain', 'flow.0.pacingGain', (x) => x.toFixed(2)],
        ]
      : []),
  ];
  // Goodput is averaged over each printed step; the rest is the value at its end.
  const at = (side, t) => {
    const { columns, rows } = side;
    const idx = (c) => columns.indexOf(c);
    const span = rows.filter((r) => r[0] > t - step + 1e-9 && r[0] <= t + 1e-9);
    const last = span[span.length - 1] ?? rows[0];
    return cols.map(([, c, f]) => {
      if (idx(c) < 0) return '';
      const v = c.endsWith('goodput') ? sum(span.map((r) => r[idx(c)])) / Math.max(1, span.length) : last[idx(c)];
      return f(v);
    });
  };
  const heads = cols.map(([h]) => h);
  let md = `${e.label}, seed ${runSeed}: every ${step} s (goodput in Mb/s averaged over the step, btlBw Mb/s, minRtt ms)\n\n`;
  md += `| t (s) | ${heads.map((h) => `${h} ns-3`).join(' | ')} | ${heads.map((h) => `${h} ours`).join(' | ')} |\n`;
  md += `| ---: |${' ---: |'.repeat(2 * heads.length)}\n`;
  for (let t = step; t <= scenario.duration + 1e-9; t += step) {
    md += `| ${t.toFixed(1)} | ${at(sides[0], t).join(' | ')} | ${at(sides[1], t).join(' | ')} |\n`;
  }
  console.log(md);
  console.log(`series in ${path.relative(root, ns3File)} and ${path.relative(root, oursFile)}`);
}

// ---- main ----

if (args.includes('--trace')) {
  await trace(opt('trace'), Number(opt('flow', 0)));
} else if (args.includes('--series')) {
  await series(opt('series'), seeds[0], Number(opt('step', 1)));
} else {
  const chosen = experiments.filter((e) => !only || only.includes(e.group) || only.includes(e.name));
  if (!chosen.length) throw new Error(`--only: no experiment in ${only}`);
  for (const e of chosen) Object.assign(e.scenario, both);
  const rowsBySeed = [];
  let done = 0;
  for (const e of chosen) {
    const runs = [];
    for (const runSeed of seeds) {
      runs.push(await run(e, runSeed));
      // Each run as it completes (a long queue of ns-3 runs can be interrupted).
      process.stderr.write(
        `${++done}/${chosen.length * seeds.length} seed ${runSeed} ${table(runs.slice(-1)).split('\n')[2]}\n`,
      );
    }
    rowsBySeed.push(runs);
  }
  if (Object.keys(cubicParams).length) console.log(`ours with CUBIC ccParams ${JSON.stringify(cubicParams)}\n`);
  if (Object.keys(bbrParams).length) console.log(`ours with BBR ccParams ${JSON.stringify(bbrParams)}\n`);
  if (Object.keys(both).length) console.log(`both with ${JSON.stringify(both)}\n`);
  if (Object.keys(oursFlows).length) console.log(`ours with flow keys ${JSON.stringify(oursFlows)}\n`);
  if (Object.keys(ns3Options).length) console.log(`ns-3 with ${JSON.stringify(ns3Options)}\n`);
  if (seeds.length === 1) {
    console.log(table(rowsBySeed.map((runs) => runs[0])));
  } else {
    const t = seedTable(rowsBySeed);
    console.log(`seeds ${seeds.join(', ')}: mean ± standard deviation\n`);
    console.log(t.md);
    console.log(
      `${t.misses} pairs outside the target (difference of the means), ${t.disjoint} of them also outside the seed spread (†: the seed ranges do not overlap)`,
    );
  }
  if (args.includes('--timers')) console.log(`\n${timerTable(rowsBySeed.map((runs) => runs[0]))}`);
  if (args.includes('--flows')) for (const runs of rowsBySeed) for (const r of runs) console.log(`\n${flowTable(r)}`);
  console.log('\nns-3 commands:\n');
  for (const runs of rowsBySeed) for (const r of runs) console.log(`    ${r.cmd}`);
}
