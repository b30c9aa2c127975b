// TED (docs/validation-delay.md, "Which flows are the 4 ms ones" and "How often the wait at C
// exceeds each deadline"). Two questions the reconstruction leaves open, answered by runs:
//  1. Which flows have the 4 ms RTT is a free choice: the presets make C10 (a bottleneck flow)
//     and C11, C12 (not crossing C) the 4 ms ones; the alternative makes C7-C10 the 7 ms class
//     and only C11, C12 the 4 ms one, so no 4 ms flow crosses the bottleneck.
//  2. How often the wait at the bottleneck C exceeds each class's deadline: for the DropTail
//     runs (nothing is discarded), the fraction of time the queue at C holds more than
//     deadline / (one packet's transmission time) packets, sampled every millisecond; for the
//     TED runs, the fraction of each class's packets discarded at the deadline.
//   node scripts/validate-ted-layout.mjs [--print] [--duration 60]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative, jain } from './lib/runners.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';

const args = process.argv.slice(2);
const printOnly = args.includes('--print');
const duration = Number(args.includes('--duration') ? args[args.indexOf('--duration') + 1] : 60);
const doc = path.join(root, 'docs/validation-delay.md');
const load = (name) => JSON.parse(fs.readFileSync(path.join(root, `public/presets/${name}.json`), 'utf8'));
const bottleneckFlows = [0, 1, 2, 3, 4, 5, 7, 8, 9]; // C1-C6, C8-C10
const classes = [
  ['16 ms (C1-C3)', [0, 1, 2]],
  ['12 ms (C4-C6)', [3, 4, 5]],
  ['7 ms (C8, C9)', [7, 8]],
  ['C10', [9]],
];

// C10 moved to the 7 ms class: C9's access delays and deadline.
function alternative(s) {
  const t = structuredClone(s);
  const link = (n) => t.topology.links.find((l) => l.name === n);
  link('in10').delay = link('in9').delay;
  link('out10').delay = link('out9').delay;
  const f = t.topology.flows;
  if (f[8].deadline !== undefined) f[9].deadline = f[8].deadline;
  return t;
}

async function run(s, series) {
  const scn = { ...s, duration, measureFrom: 10, samplePeriod: series ? 0.001 : 0.5 };
  if (!series) return { summary: (await runNative(scn)).summary };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-ted-'));
  const csv = path.join(dir, 's.csv');
  try {
    const { summary } = await runNative(scn, ['--series', csv]);
    const [head, ...rows] = fs.readFileSync(csv, 'utf8').trim().split('\n');
    const c = head.split(',').indexOf('queue.C.len');
    const lens = rows
      .map((r) => r.split(','))
      .filter((r) => Number(r[0]) > 10)
      .map((r) => Number(r[c]));
    return { summary, lens };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const tx = (1000 * 8) / 300e6; // one packet at C, seconds
const deadlinesS3 = [0.0009, 0.00075, 0.00065, 0.00012];
const deadlinesS1 = [0.001, 0.000625, 0.0005, 0.00012];
const pct = (x) => `${(x * 100).toFixed(1)} %`;

const lines = [];
// 1. The two layouts.
lines.push(
  `${duration} s runs, goodput from 10 s. Each cell: Jain's index of the nine bottleneck flows' goodput; C10's goodput (Mb/s); timeouts.`,
  '',
);
lines.push('| run | paper | C10 at 4 ms (presets) | C7-C10 at 7 ms, C11-C12 at 4 ms |', '| --- | ---: | ---: | ---: |');
const runs = [
  ['DropTail, finite (Q_max)', 'ted-droptail-finite', '0.759'],
  ['DropTail, infinite', 'ted-droptail-infinite', '0.84'],
  ['TED S1', 'ted-s1', '0.963'],
  ['TED S2', 'ted-s2', '0.985'],
  ['TED S3', 'ted-s3', '0.991'],
];
const kept = {};
for (const [label, name, paper] of runs) {
  const cells = [];
  for (const s of [load(name), alternative(load(name))]) {
    const { summary } = await run(s, false);
    const g = bottleneckFlows.map((i) => summary.flows[i].goodputBps / 1e6);
    const to = summary.flows.reduce((a, f) => a + f.timeouts, 0);
    cells.push(`${jain(g).toFixed(3)}; ${g[8].toFixed(1)}; ${to}`);
    if (!kept[name]) kept[name] = summary;
  }
  lines.push(`| ${label} | ${paper} | ${cells[0]} | ${cells[1]} |`);
  console.error(`${label}: done`);
}

// 2. Deadline exceedance at C.
lines.push(
  '',
  "How often the wait at C exceeds each class's deadline (presets' layout). DropTail: share of 1-ms samples in which the queue at C holds more than deadline / 26.7 us packets (S3's deadlines, S1's in brackets). TED: share of the class's packets discarded at a deadline (all TED drops here are deadline drops).",
  '',
);
lines.push(`| run | ${classes.map((c) => c[0]).join(' | ')} |`, `| --- | ${classes.map(() => '---:').join(' | ')} |`);
for (const [label, name] of runs.slice(0, 2)) {
  const { lens } = await run(load(name), true);
  const share = (d) => lens.filter((q) => q * tx > d).length / lens.length;
  lines.push(
    `| ${label} | ${deadlinesS3.map((d, k) => `${pct(share(d))} (${pct(share(deadlinesS1[k]))})`).join(' | ')} |`,
  );
}
for (const [label, name] of runs.slice(2)) {
  const s = kept[name];
  const frac = (ids) =>
    ids.reduce((a, i) => a + s.flows[i].congestionLosses, 0) / ids.reduce((a, i) => a + s.flows[i].sentPackets, 0);
  lines.push(`| ${label} | ${classes.map(([, ids]) => pct(frac(ids))).join(' | ')} |`);
}
const table = lines.join('\n');
if (printOnly) console.log(table);
else {
  writeBetweenMarkers(doc, { 'validate-ted-layout': table });
  console.log(table);
}
