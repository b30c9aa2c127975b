// Validation: L4S, TCP Prague and CUBIC through DualPI2 (docs/validation-l4s.md). Runs the
// preset l4s-dualpi2 (100 Mb/s, 20 ms RTT) with 1 Prague flow against 1, 4 and 8 CUBIC flows
// through DualPI2, and the same flows through one queue (PIE with ECN, and a 1 ms step marker
// as a shallow single queue would be set for L4S), with the native CLI over seeds 1-5, and
// writes the tables between their markers in the document (or prints them with --print). A
// last table checks RTT independence: two Prague flows, base RTTs 5 and 25 ms, through one
// DualPI2 (a graph topology), with Prague's RTT independence on and off.
//   node scripts/validate-l4s.mjs [--print] [--seeds 1-5] [--jobs J]
// Columns: Prague's throughput over the CUBIC flows' mean (the rate ratio), each side's share
// of the link, the bottleneck's utilisation, the L4S and Classic queues' sojourn times (mean,
// median and 99th percentile, packets sent at once counted as 0), and the drops and marks.
// The rows 'pie-ecn, fallback' turn on Prague's Classic ECN AQM detection (tcp_prague's
// prague_ecn_fallback = 1) on the same PIE queue.
// The table l4s-bursts asks where the L4S queue's delay comes from: the same DualPI2 with
// Prague unpaced (ACK-clocked bursts), with delayed ACKs, alone (no Classic traffic, so p' falls
// to 0 and only the 1 ms step marks), several Prague flows, and an RTT mix.
//   node scripts/validate-l4s.mjs --only bursts   (that table alone)
import fs from 'node:fs';
import path from 'node:path';
import { root, runNative } from './lib/runners.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';
import { pool } from './lib/pool.mjs';
import { validationArgs } from './lib/cli.mjs';

const { printOnly, opt, seeds, jobs } = validationArgs(
  'usage: node scripts/validate-l4s.mjs [--print] [--seeds 1-5] [--jobs J] [--only bursts]',
);
const only = opt('--only', null);
const doc = path.join(root, 'docs/validation-l4s.md');
const preset = JSON.parse(fs.readFileSync(path.join(root, 'public/presets/l4s-dualpi2.json'), 'utf8'));

const queues = {
  dualpi2: { kind: 'dualpi2' },
  // DualPI2 with Linux's credit scheduler (classic_protection 10 %) instead of the time-shifted FIFO.
  'dualpi2, credit': { kind: 'dualpi2', wrr: true },
  'pie-ecn': { kind: 'pie', ecn: true, buffer: 10000 },
  'step-1ms': { kind: 'step', K: 13, buffer: 10000 }, // 13 packets of 1000 B = 1.04 ms at 100 Mb/s
  // PIE with ECN again, Prague with tcp_prague's Classic ECN AQM detection and fallback on.
  'pie-ecn, fallback': { kind: 'pie', ecn: true, buffer: 10000 },
};

function scenario(queue, cubics, seed) {
  const s = structuredClone(preset);
  s.seed = seed;
  s.queue = queues[queue];
  s.flows.count = 1 + cubics;
  if (queue.endsWith('fallback')) s.flowOverrides[0].ccParams = { classicEcnFallback: true };
  return s;
}

async function run(queue, cubics, seed) {
  const { summary: s } = await runNative(scenario(queue, cubics, seed));
  const q = s.queues.find((x) => x.id === 'bottleneck') ?? s.queues[0];
  const prague = s.flows[0].throughputBps;
  const cubic = s.flows.slice(1).map((f) => f.throughputBps);
  const rate = preset.topology.bottleneckRate;
  const cls = Object.fromEntries((q.classes ?? []).map((c) => [c.name, c]));
  return {
    ratio: prague / (cubic.reduce((a, b) => a + b, 0) / cubic.length),
    pragueShare: prague / rate,
    cubicShare: cubic.reduce((a, b) => a + b, 0) / rate,
    util: s.utilization,
    l4s: cls.l4s,
    classic: cls.classic,
    meanDelay: q.meanDelay,
    p95Delay: q.p95Delay,
    drops: q.drops.early + q.drops.overflow,
    marks: q.marks,
    pragueLosses: s.flows[0].congestionLosses,
  };
}

/** Two Prague flows with base RTTs 5 and 25 ms (access delays 1.5 and 11.5 ms) through DualPI2. */
function rttScenario(indep, seed) {
  const link = (name, from, to, rate, delay, queue) => ({ name, from, to, rate, delay, queue });
  const tail = { kind: 'droptail', buffer: 10000 };
  const flow = (src) => ({ src, dst: 'D', cc: 'prague', ccParams: { rttIndependence: indep } });
  return {
    version: 1,
    seed,
    duration: preset.duration,
    measureFrom: preset.measureFrom,
    samplePeriod: 0.5,
    topology: {
      kind: 'graph',
      nodes: ['S1', 'S2', 'L', 'R', 'D'],
      links: [
        link('S1-L', 'S1', 'L', 1e9, 0.0015, tail),
        link('S2-L', 'S2', 'L', 1e9, 0.0115, tail),
        link('L-R', 'L', 'R', preset.topology.bottleneckRate, 0.0005, { kind: 'dualpi2' }),
        link('R-D', 'R', 'D', 1e9, 0.0005, tail),
      ],
      flows: [flow('S1'), flow('S2')],
    },
  };
}

/** Through DualPI2: `prague` Prague flows (the first ones) and `cubics` CUBIC flows, 20 ms RTT. */
function burstScenario(c, seed) {
  const s = structuredClone(preset);
  s.seed = seed;
  s.flows.count = c.prague + c.cubics;
  const ccParams = c.unpaced ? { pacing: false } : {};
  s.flowOverrides = Array.from({ length: c.prague }, (_, flow) => ({
    flow,
    cc: 'prague',
    ...(c.unpaced ? { ccParams } : {}),
    ...(c.delayedAck ? { delayedAck: true } : {}),
  }));
  if (c.rttMix) Object.assign(s.topology, { accessDelayMin: 0.0005, accessDelayMax: 0.02 });
  return s;
}
const burstCases = [
  { name: '1 Prague + 1 CUBIC, paced (as above)', prague: 1, cubics: 1 },
  { name: '1 Prague + 1 CUBIC, Prague unpaced', prague: 1, cubics: 1, unpaced: true },
  { name: '1 Prague + 1 CUBIC, unpaced, delayed ACKs', prague: 1, cubics: 1, unpaced: true, delayedAck: true },
  { name: '4 Prague + 4 CUBIC, paced', prague: 4, cubics: 4 },
  { name: '2 Prague + 2 CUBIC, RTT mix (access 0.5-20 ms)', prague: 2, cubics: 2, rttMix: true },
  { name: '1 Prague alone, paced', prague: 1, cubics: 0 },
  { name: '1 Prague alone, unpaced, delayed ACKs', prague: 1, cubics: 0, unpaced: true, delayedAck: true },
  { name: '4 Prague alone, paced', prague: 4, cubics: 0 },
  { name: '4 Prague alone, unpaced, delayed ACKs', prague: 4, cubics: 0, unpaced: true, delayedAck: true },
];
async function runBurst(c, seed) {
  const { summary: s } = await runNative(burstScenario(c, seed));
  const q = s.queues.find((x) => x.id === 'bottleneck') ?? s.queues[0];
  const cls = Object.fromEntries((q.classes ?? []).map((x) => [x.name, x]));
  const prague = s.flows.slice(0, c.prague).reduce((a, f) => a + f.throughputBps, 0);
  return { l4s: cls.l4s, classic: cls.classic, share: prague / preset.topology.bottleneckRate, marks: q.marks };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (x) => (x === undefined ? '-' : (x * 1000).toFixed(2));
const num = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${'---|'.repeat(head.length)}`, ...rows.map((c) => `| ${c.join(' | ')} |`)].join('\n');

const parts = {};
const seedNote = `Seeds ${seeds.join(', ')}; \`node scripts/validate-l4s.mjs\`.`;
if (!only || only === 'bursts') {
  const bt = burstCases.flatMap((c) => seeds.map((seed) => ({ c, seed })));
  const br = await pool(bt, jobs, (t) => runBurst(t.c, t.seed));
  const rows = burstCases.map((c) => {
    const r = br.filter((_, i) => bt[i].c === c);
    const m = (side, key) => mean(r.map((x) => x[side]?.[key] ?? NaN));
    return [
      c.name,
      ms(m('l4s', 'meanDelay')),
      ms(m('l4s', 'p50Delay')),
      ms(m('l4s', 'p99Delay')),
      c.cubics ? ms(m('classic', 'meanDelay')) : '-',
      `${(mean(r.map((x) => x.share)) * 100).toFixed(1)} %`,
    ];
  });
  parts['l4s-bursts'] = `${table(
    ['flows through DualPI2', 'L4S mean (ms)', 'L4S median (ms)', 'L4S p99 (ms)', 'Classic mean (ms)', 'Prague share'],
    rows,
  )}\n\n${seedNote}`;
}
if (!only) {
  const cases = [];
  for (const queue of Object.keys(queues)) for (const cubics of [1, 4, 8]) cases.push({ queue, cubics });
  const tasks = cases.flatMap((c) => seeds.map((seed) => ({ ...c, seed })));
  const results = await pool(tasks, jobs, (t) => run(t.queue, t.cubics, t.seed));
  const byCase = (c) => results.filter((_, i) => tasks[i].queue === c.queue && tasks[i].cubics === c.cubics);

  const rateRows = cases.map((c) => {
    const r = byCase(c);
    const ratios = r.map((x) => x.ratio);
    return [
      c.queue,
      `1 + ${c.cubics}`,
      `${num(mean(ratios))} (${num(Math.min(...ratios))}-${num(Math.max(...ratios))})`,
      `${(mean(r.map((x) => x.pragueShare)) * 100).toFixed(1)} %`,
      `${(mean(r.map((x) => x.cubicShare)) * 100).toFixed(1)} %`,
      `${(mean(r.map((x) => x.util)) * 100).toFixed(1)} %`,
      num(mean(r.map((x) => x.drops))),
      num(mean(r.map((x) => x.marks))),
      num(mean(r.map((x) => x.pragueLosses))),
    ];
  });
  const delayRows = cases
    .filter((c) => c.queue.startsWith('dualpi2'))
    .map((c) => {
      const r = byCase(c);
      const m = (side, key) => mean(r.map((x) => x[side]?.[key] ?? NaN));
      return [
        c.queue,
        `1 + ${c.cubics}`,
        ms(m('l4s', 'meanDelay')),
        ms(m('l4s', 'p50Delay')),
        ms(m('l4s', 'p99Delay')),
        ms(m('classic', 'meanDelay')),
        ms(m('classic', 'p50Delay')),
        ms(m('classic', 'p99Delay')),
      ];
    });
  const singleRows = cases
    .filter((c) => !c.queue.startsWith('dualpi2'))
    .map((c) => {
      const r = byCase(c);
      return [c.queue, `1 + ${c.cubics}`, ms(mean(r.map((x) => x.meanDelay))), ms(mean(r.map((x) => x.p95Delay)))];
    });

  const rttTasks = [true, false].flatMap((indep) => seeds.map((seed) => ({ indep, seed })));
  const rttRuns = await pool(rttTasks, jobs, async (t) => (await runNative(rttScenario(t.indep, t.seed))).summary);
  const rttRows = [true, false].map((indep) => {
    const r = rttRuns.filter((_, i) => rttTasks[i].indep === indep);
    const ratios = r.map((s) => s.flows[0].throughputBps / s.flows[1].throughputBps);
    const mbps = (k) => num(mean(r.map((s) => s.flows[k].throughputBps)) / 1e6);
    return [
      indep ? 'on' : 'off',
      mbps(0),
      mbps(1),
      `${num(mean(ratios))} (${num(Math.min(...ratios))}-${num(Math.max(...ratios))})`,
    ];
  });

  Object.assign(parts, {
    'l4s-rates': `${table(
      [
        'queue',
        'Prague + CUBIC flows',
        'rate ratio Prague / CUBIC mean (min-max)',
        'Prague share',
        'CUBIC share',
        'utilisation',
        'drops',
        'marks',
        'Prague losses',
      ],
      rateRows,
    )}\n\n${seedNote}`,
    'l4s-delays': `${table(
      [
        'queue',
        'Prague + CUBIC flows',
        'L4S mean (ms)',
        'L4S median (ms)',
        'L4S p99 (ms)',
        'Classic mean (ms)',
        'Classic median (ms)',
        'Classic p99 (ms)',
      ],
      delayRows,
    )}\n\n${seedNote}`,
    'l4s-single': `${table(['queue', 'Prague + CUBIC flows', 'mean delay (ms)', 'p95 delay (ms)'], singleRows)}\n\n${seedNote}`,
    'l4s-rtt': `${table(
      ['RTT independence', '5 ms flow (Mb/s)', '25 ms flow (Mb/s)', 'rate ratio 5 ms / 25 ms (min-max)'],
      rttRows,
    )}\n\n${seedNote}`,
  });
}
if (printOnly) {
  for (const [k, v] of Object.entries(parts)) console.log(`## ${k}\n\n${v}\n`);
} else {
  writeBetweenMarkers(doc, parts);
  console.log(`wrote ${path.relative(root, doc)}`);
}
