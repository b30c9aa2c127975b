// Validation: trace-driven links (docs/validation-traces.md). Runs the LTE presets
// (public/presets/lte-video-call*.json: one flow over the shipped AT&T LTE driving trace, both
// directions) with the native CLI over seeds 1-5 and writes the tables between their markers in
// the document (or prints them with --print):
//   capacity: delivered vs the trace's opportunities, per window of the sample rows, and how
//             closely a CUBIC flow through a deep buffer follows the trace's capacity;
//   buffers:  CUBIC through DropTail buffers of 25 to 1000 packets, CoDel and BBR: throughput
//             and queueing delay (bufferbloat, and what CoDel and BBR do about it).
//   node scripts/validate-traces.mjs [--print] [--seeds 1-5] [--jobs J]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative } from './lib/runners.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';
import { pool } from './lib/pool.mjs';
import { validationArgs } from './lib/cli.mjs';

const { printOnly, seeds, jobs } = validationArgs(
  'usage: node scripts/validate-traces.mjs [--print] [--seeds 1-5] [--jobs J]',
);
const doc = path.join(root, 'docs/validation-traces.md');
const preset = (id) => JSON.parse(fs.readFileSync(path.join(root, `public/presets/${id}.json`), 'utf8'));

const cases = [
  ...[25, 100, 250, 1000].map((b) => ({ name: `CUBIC, DropTail ${b}`, id: 'lte-video-call', buffer: b })),
  { name: 'CUBIC, CoDel (buffer 1000)', id: 'lte-video-call-codel', buffer: 1000 },
  { name: 'BBR, DropTail 1000', id: 'lte-video-call-bbr', buffer: 1000 },
];

async function run(c, seed) {
  const s = preset(c.id);
  s.seed = seed;
  s.queue.buffer = c.buffer;
  const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bl-traces-')), 'series.csv');
  try {
    const { summary } = await runNative(s, ['--series', csv]);
    const [head, ...lines] = fs.readFileSync(csv, 'utf8').trim().split('\n');
    const cols = head.split(',');
    const rows = lines.map((l) => l.split(',').map(Number));
    const col = (name) => rows.map((r) => r[cols.indexOf(name)]);
    return { summary, t: col('t'), thr: col('flow.0.thr'), cap: col('link.bottleneck.capacity'), s };
  } finally {
    fs.rmSync(path.dirname(csv), { recursive: true, force: true });
  }
}

// Windows of 1 to 50 sample rows: bits received in rows [i, j] against the trace's bits in rows
// [i - 1, j] (arrivals lag departures by the path's delay, 22 ms, less than one 100 ms row).
function windowCheck(r) {
  const n = r.t.length;
  let violations = 0;
  let worst = 0;
  for (let i = 1; i < n; i++) {
    let got = 0;
    let offered = r.cap[i - 1];
    for (let j = i; j < Math.min(n, i + 50); j++) {
      got += r.thr[j];
      offered += r.cap[j];
      if (got > offered) violations++;
      if (offered > 0) worst = Math.max(worst, got / offered);
    }
  }
  return { violations, worst };
}

function corr(a, b) {
  const m = (x) => x.reduce((p, q) => p + q, 0) / x.length;
  const ma = m(a);
  const mb = m(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

// Over [measureFrom, end]: received / offered, and the correlation of 1-s sums.
function tracking(r) {
  const from = r.s.measureFrom;
  const k = r.t.map((t, i) => (t > from ? i : -1)).filter((i) => i >= 0);
  const sum = (xs) => k.reduce((p, i) => p + xs[i], 0);
  const per = Math.round(1 / r.s.samplePeriod);
  const bins = (xs) => {
    const out = [];
    for (let i = 0; i + per <= k.length; i += per) out.push(k.slice(i, i + per).reduce((p, j) => p + xs[j], 0));
    return out;
  };
  return { share: sum(r.thr) / sum(r.cap), corr: corr(bins(r.thr), bins(r.cap)) };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fmt = (x, d = 2) => x.toFixed(d);
const items = cases.flatMap((c) => seeds.map((seed) => ({ c, seed })));
const results = await pool(items, jobs, ({ c, seed }) => run(c, seed));
const byCase = cases.map((c) => results.filter((_, i) => items[i].c === c));

const capRows = byCase.map((rs, k) => {
  const w = rs.map(windowCheck);
  const tr = rs.map(tracking);
  return `| ${cases[k].name} | ${w.reduce((a, x) => a + x.violations, 0)} | ${fmt(Math.max(...w.map((x) => x.worst)), 3)} | ${fmt(mean(tr.map((x) => x.share)) * 100, 1)} % | ${fmt(mean(tr.map((x) => x.corr)), 3)} |`;
});
const capacity = [
  `Seeds ${seeds[0]}-${seeds[seeds.length - 1]}, 60 s each, measured from 10 s; windows of 1 to 50 rows of 0.1 s.`,
  '',
  '| run | windows with received > offered | largest received / offered | received / offered over [10, 60] s | correlation of 1-s throughput with 1-s capacity |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...capRows,
].join('\n');

const bufRows = byCase.map((rs, k) => {
  const s = rs.map((r) => r.summary);
  const thr = mean(s.map((x) => x.flows[0].throughputBps)) / 1e6;
  const util = mean(s.map((x) => x.utilization)) * 100;
  const md = mean(s.map((x) => x.meanDelay)) * 1000;
  const p95 = mean(s.map((x) => x.p95Delay)) * 1000;
  const drops = mean(s.map((x) => x.flows[0].congestionLosses));
  const rtos = mean(s.map((x) => x.flows[0].timeouts));
  return `| ${cases[k].name} | ${fmt(thr)} | ${fmt(util, 1)} % | ${fmt(md, 0)} | ${fmt(p95, 0)} | ${fmt(drops, 0)} | ${fmt(rtos, 1)} |`;
});
const down = fs.readFileSync(path.join(root, 'wasm-core/traces/lte-driving.down'), 'utf8').trim().split('\n');
const meanRate = fmt((down.length * 1500 * 8) / Number(down[down.length - 1]) / 1000); // Mb/s: bits per ms / 1000
const buffers = [
  `Seeds ${seeds[0]}-${seeds[seeds.length - 1]} (means over seeds), 60 s each, measured from 10 s; the trace's mean capacity is ${meanRate} Mb/s.`,
  '',
  '| run | throughput (Mb/s) | utilisation | mean queueing delay (ms) | p95 queueing delay (ms) | congestion losses | retransmission timeouts |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...bufRows,
].join('\n');

if (printOnly) console.log(`${capacity}\n\n${buffers}`);
else {
  writeBetweenMarkers(doc, { capacity, buffers });
  console.log(`wrote ${path.relative(root, doc)}`);
}
