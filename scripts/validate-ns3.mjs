// Side-by-side validation against ns-3.37 (issue 13, docs/validation-ns3.md): each experiment is
// a core scenario (docs/scenario.md), run by the native CLI (build/native/blsim) and, through
// scripts/lib/ns3.mjs, by the one ns-3 program docs/ns3/dumbbell.cc on the same dumbbell. Prints
// a markdown table: utilisation, Jain's index of the goodputs, mean and 95th-percentile queueing
// delay, the first group's share of the goodput, drops and CE marks per second at the
// bottleneck (both over [measureFrom, end]) and timeouts (whole run). Bold: outside the issue's
// targets (utilisation 2 %, Jain 0.03, delay 20 %, share 10 %, marks 20 %).
//   node scripts/validate-ns3.mjs [--only GROUP,...] [--seed N] [--lock FILE] [--cubic KEY=VALUE]...
//                                 [--both KEY=VALUE]... [--ours KEY=VALUE]... [--timers]
//   node scripts/validate-ns3.mjs --trace EXPERIMENT [--flow I]
// GROUP: bloat (20 NewReno or CUBIC flows through each AQM), mix (CUBIC against NewReno),
// presets (the issue-13 presets: bufferbloat, cubic-vs-reno, bbr-vs-cubic at 1 and 10 BDP),
// dctcp (DCTCP through a step-marking queue), ecn (NewReno with ECN through RED). --cubic sets a ccParams key of every CUBIC flow on
// our side only (a research switch such as renoFriendly=false; ns-3 runs unchanged); --both sets
// a top-level scenario key for both (headerSize=52: ns-3 with TCP timestamps); --ours sets a
// flow key of every flow on our side only (rtoBackoffReset=newAck: ns-3.37's RTO rule); --timers
// adds a table of retransmission-timer expiries (ns-3: all, and the spurious ones). --lock runs
// each ns-3 simulation under `flock FILE nice -n 15`. ns-3 results are cached in
// build/ns3-cache/ by their arguments (delete it after changing ns-3 itself).
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
const lock = opt('lock', null);
const cubicParams = {};
const both = {}; // --both KEY=VALUE: a top-level scenario key changed for both simulators
const oursFlows = {}; // --ours KEY=VALUE: a flow key (docs/parameters.md, flow) of every flow, ours only
args.forEach((a, i) => {
  if (a !== '--cubic' && a !== '--both' && a !== '--ours') return;
  const [k, v] = (args[i + 1] ?? '').split('=');
  if (!k || v === undefined) throw new Error(`${a} takes KEY=VALUE, not ${args[i + 1]}`);
  const value = v === 'true' || v === 'false' ? v === 'true' : Number.isNaN(Number(v)) ? v : Number(v);
  ({ '--cubic': cubicParams, '--both': both, '--ours': oursFlows })[a][k] = value;
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
 * Our scenario: the experiment's, with `params` (default --cubic's) on every CUBIC flow (by
 * override) and `flowKeys` (default --ours's) on every flow.
 */
function ours(s, params = cubicParams, flowKeys = oursFlows) {
  const t = structuredClone(s);
  Object.assign(t.flows, flowKeys);
  if (!Object.keys(params).length) return t;
  t.flowOverrides ??= [];
  for (let i = 0; i < t.flows.count; i++) {
    let o = t.flowOverrides.find((x) => x.flow === i);
    if ((o?.cc ?? t.flows.cc) !== 'cubic') continue;
    if (!o) t.flowOverrides.push((o = { flow: i }));
    o.ccParams = { ...t.flows.ccParams, ...o.ccParams, ...params };
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
  if (fs.existsSync(file) && !extra.traceFile) return JSON.parse(fs.readFileSync(file, 'utf8'));
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

async function run(e) {
  const n3 = await ns3Cached(e.scenario);
  const o = await runOurs(ours(e.scenario));
  const s = o.r.summary;
  const bq = s.queues.find((q) => q.id === 'bottleneck');
  const span = e.scenario.duration - e.scenario.measureFrom;
  const a = n3.result;
  return {
    e,
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

function table(rows) {
  let md =
    '| experiment | util ns-3 | ours | Jain ns-3 | ours | mean delay ns-3 (ms) | ours | p95 delay ns-3 (ms) | ours | share ns-3 | ours | drops/s ns-3 | ours | marks/s ns-3 | ours | timeouts ns-3 | ours | CPU ns-3 (s) | ours (s) |\n';
  md += `| --- |${' ---: |'.repeat(18)}\n`;
  for (const { e, ns3: a, bl: b } of rows) {
    const share =
      a.share === null ? ' | ' : pair(Math.abs(rel(b.share, a.share)) > 0.1, a.share.toFixed(3), b.share.toFixed(3));
    const marks =
      a.marks || b.marks
        ? pair(Math.abs(rel(b.marks, a.marks)) > 0.2, a.marks.toFixed(0), b.marks.toFixed(0))
        : '0 | 0';
    md +=
      `| ${e.label} | ${pair(Math.abs(rel(b.util, a.util)) > 0.02, a.util.toFixed(3), b.util.toFixed(3))} | ` +
      `${pair(Math.abs(b.jain - a.jain) > 0.03, a.jain.toFixed(3), b.jain.toFixed(3))} | ` +
      `${pair(Math.abs(rel(b.mean, a.mean)) > 0.2, ms(a.mean), ms(b.mean))} | ` +
      `${pair(Math.abs(rel(b.p95, a.p95)) > 0.2, ms(a.p95), ms(b.p95))} | ${share} | ` +
      `${a.drops.toFixed(1)} | ${b.drops.toFixed(1)} | ${marks} | ${a.timeouts} | ${b.timeouts} | ` +
      `${a.wall.toFixed(1)} | ${b.wall.toFixed(2)} |\n`;
  }
  return md;
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

// ---- main ----

if (args.includes('--trace')) {
  await trace(opt('trace'), Number(opt('flow', 0)));
} else {
  const chosen = experiments.filter((e) => !only || only.includes(e.group) || only.includes(e.name));
  if (!chosen.length) throw new Error(`--only: no experiment in ${only}`);
  for (const e of chosen) Object.assign(e.scenario, both);
  const rows = [];
  for (const e of chosen) {
    rows.push(await run(e));
    // Each row as it completes (a long queue of ns-3 runs can be interrupted).
    process.stderr.write(`${rows.length}/${chosen.length} ${table(rows.slice(-1)).split('\n')[2]}\n`);
  }
  if (Object.keys(cubicParams).length) console.log(`ours with CUBIC ccParams ${JSON.stringify(cubicParams)}\n`);
  if (Object.keys(both).length) console.log(`both with ${JSON.stringify(both)}\n`);
  if (Object.keys(oursFlows).length) console.log(`ours with flow keys ${JSON.stringify(oursFlows)}\n`);
  console.log(table(rows));
  if (args.includes('--timers')) console.log(`\n${timerTable(rows)}`);
  console.log('\nns-3 commands:\n');
  for (const r of rows) console.log(`    ${r.cmd}`);
}
