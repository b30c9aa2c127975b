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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative } from './lib/runners.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';
import { pool } from './lib/pool.mjs';

const args = process.argv.slice(2);
const printOnly = args.includes('--print');
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const [s0, s1] = opt('--seeds', '1-5').split('-').map(Number);
const seeds = Array.from({ length: (s1 ?? s0) - s0 + 1 }, (_, i) => s0 + i);
const jobs = Number(opt('--jobs', String(os.cpus().length)));
const doc = path.join(root, 'docs/validation-l4s.md');
const preset = JSON.parse(fs.readFileSync(path.join(root, 'public/presets/l4s-dualpi2.json'), 'utf8'));

const queues = {
  dualpi2: { kind: 'dualpi2' },
  'pie-ecn': { kind: 'pie', ecn: true, buffer: 10000 },
  'step-1ms': { kind: 'step', K: 13, buffer: 10000 }, // 13 packets of 1000 B = 1.04 ms at 100 Mb/s
};

function scenario(queue, cubics, seed) {
  const s = structuredClone(preset);
  s.seed = seed;
  s.queue = queues[queue];
  s.flows.count = 1 + cubics;
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

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (x) => (x === undefined ? '-' : (x * 1000).toFixed(2));
const num = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${'---|'.repeat(head.length)}`, ...rows.map((c) => `| ${c.join(' | ')} |`)].join('\n');

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
  .filter((c) => c.queue === 'dualpi2')
  .map((c) => {
    const r = byCase(c);
    const m = (side, key) => mean(r.map((x) => x[side]?.[key] ?? NaN));
    return [
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
  .filter((c) => c.queue !== 'dualpi2')
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

const seedNote = `Seeds ${seeds.join(', ')}; \`node scripts/validate-l4s.mjs\`.`;
const parts = {
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
};
if (printOnly) {
  for (const [k, v] of Object.entries(parts)) console.log(`## ${k}\n\n${v}\n`);
} else {
  writeBetweenMarkers(doc, parts);
  console.log(`wrote ${path.relative(root, doc)}`);
}
