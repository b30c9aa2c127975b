// Validation: the XQM paper's Experiment 1 chain (docs/validation-xqm-chain.md) in ns-2 2.35
// with RED, REM and PI at node A (docs/ns2/chain.tcl), beside our simulator's numbers from
// that document's results table (the "Exp. 1 RED/REM/PI" rows, means of seeds 1-3).
// Writes a markdown table between the document's validate-xqm-chain-ns2 markers (--print
// prints it instead): per scheme, mean AD and AB throughput, Jain's index over the 20 flows
// crossing A, the AD and AB flows' loss over the window (ns-2: retransmitted / sent data
// packets, which NewReno makes close to the loss rate; ours: losses / sent, from the results
// table), mean queue and utilisation at A, each the mean over the ns-2 seeds.
//   node scripts/validate-xqm-chain-ns2.mjs [--seeds N] [--jobs J] [--print]
import fs from 'node:fs';
import path from 'node:path';
import { root, ns2Binary, measureProcess } from './lib/runners.mjs';
import { pool } from './lib/pool.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';

const args = process.argv.slice(2);
const printOnly = args.includes('--print');
const doc = path.join(root, 'docs/validation-xqm-chain.md');
const opt = (k, d) => (args.includes(k) ? Number(args[args.indexOf(k) + 1]) : d);
const nSeeds = opt('--seeds', 3);
const jobs = opt('--jobs', 2);
const script = path.join(root, 'docs/ns2/chain.tcl');
const schemes = ['RED', 'REM', 'PI'];
const seeds = Array.from({ length: nSeeds }, (_, i) => i + 1);

/** Our numbers: the doc's "| Exp. 1 NAME | AD ± sd | AB | AD/fair | Jain ± sd | ... |" rows. */
function ours() {
  const text = fs.readFileSync(doc, 'utf8');
  const out = {};
  for (const s of schemes) {
    const line = text.split('\n').find((l) => l.startsWith(`| Exp. 1 ${s} |`));
    if (!line) continue;
    const c = line
      .split('|')
      .slice(2, -1)
      .map((x) => x.trim());
    const num = (x) => Number(String(x).replace(/\*/g, '').split(/\s/)[0]);
    out[s] = {
      ad: num(c[0]),
      ab: num(c[1]),
      jain: num(c[3]),
      lossAd: num(c[4]),
      lossAb: num(c[5]),
      meanQueue: num(c[6]),
      util: num(c[7]),
    };
  }
  return out;
}

async function runOne(queue, seed) {
  const r = await measureProcess(ns2Binary, [script, '-queue', queue, '-seed', String(seed)]);
  const res = JSON.parse(r.stdout.trim().split('\n').pop());
  const mean = (g) => {
    const xs = res.flows.filter((f) => f.group === g).map((f) => f.throughputBps / 1e6);
    return xs.reduce((a, x) => a + x, 0) / xs.length;
  };
  // Per-flow retransmitted / sent over the window, averaged over the group (as ours averages loss).
  const loss = (g) => {
    const xs = res.flows.filter((f) => f.group === g).map((f) => (100 * f.retransmits) / f.sent);
    return xs.reduce((a, x) => a + x, 0) / xs.length;
  };
  console.error(`ns-2 ${queue} seed ${seed}: ${r.wallSeconds.toFixed(1)} s`);
  return {
    ad: mean('AD'),
    ab: mean('AB'),
    jain: res.jainA,
    lossAd: loss('AD'),
    lossAb: loss('AB'),
    meanQueue: res.meanQueueA,
    util: res.utilizationA,
  };
}

// Run the scheme x seed grid `jobs` at a time.
const tasks = schemes.flatMap((q) => seeds.map((s) => ({ q, s })));
const runs = await pool(tasks, jobs, (t) => runOne(t.q, t.s));
const results = Object.fromEntries(schemes.map((q) => [q, runs.filter((_, k) => tasks[k].q === q)]));

const avg = (runs, k) => runs.reduce((a, r) => a + r[k], 0) / runs.length;
const sd = (runs, k) => {
  const m = avg(runs, k);
  return runs.length > 1 ? Math.sqrt(runs.reduce((a, r) => a + (r[k] - m) ** 2, 0) / (runs.length - 1)) : 0;
};
const o = ours();
const f = (x, d = 2) => (x == null || Number.isNaN(x) ? '-' : x.toFixed(d));
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`node scripts/validate-xqm-chain-ns2.mjs\`: ns-2 2.35, seeds ${seeds.join(', ')}` +
    ' (mean ± sd across seeds); ours: the "Exp. 1" rows of the results table above (seeds 1-3). Loss: ns-2 retransmitted /' +
    ' sent data packets, ours losses / sent, per flow over [20, 100] s, averaged over the group.',
  '',
  '| scheme at A | AD Mb/s ns-2 | AD Mb/s ours | AB Mb/s ns-2 | AB Mb/s ours | AD / AB ns-2 | AD / AB ours | Jain (20 at A) ns-2 | Jain ours | loss AD % ns-2 | ours | loss AB % ns-2 | ours | mean queue A ns-2 | ours | util. A ns-2 | ours |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const s of schemes) {
  const r = results[s];
  const a = o[s] ?? {};
  const ad = avg(r, 'ad');
  const ab = avg(r, 'ab');
  lines.push(
    `| ${s} | ${f(ad)} ± ${f(sd(r, 'ad'))} | ${f(a.ad)} | ${f(ab)} | ${f(a.ab)} | ${f(ad / ab)} | ${f(a.ad / a.ab)} ` +
      `| ${f(avg(r, 'jain'), 3)} ± ${f(sd(r, 'jain'), 3)} | ${f(a.jain, 3)} | ${f(avg(r, 'lossAd'))} | ${f(a.lossAd)} ` +
      `| ${f(avg(r, 'lossAb'))} | ${f(a.lossAb)} | ${f(avg(r, 'meanQueue'), 1)} | ${f(a.meanQueue, 1)} ` +
      `| ${f(avg(r, 'util'), 3)} | ${f(a.util, 3)} |`,
  );
}
const table = lines.join('\n');
if (!printOnly) writeBetweenMarkers(doc, { 'validate-xqm-chain-ns2': table });
console.log(table);
