// Validation: the XQM paper's chain experiments 1-3 (docs/validation-xqm-chain.md). Runs the
// presets xqm-exp1-*, xqm-exp2-* and xqm-exp3-* over seeds 1-3 with the native CLI
// (build/native/blsim) and writes the results tables between the document's markers (or
// prints them with --print). Per scheme: mean AD and AB throughput, AD / fair share
// (5 Mb/s = 100 Mb/s / 20), Jain's index over the 20 flows crossing A, the groups' loss
// rates over [20, 100] s, the mean queue at A (with the sd of its 0.5 s samples) and A's
// utilisation. Loss counters in the summary are run totals, so each run is repeated with
// `duration` 20 and its counters subtracted (runs are deterministic).
//   node scripts/validate-xqm-chain.mjs [--print] [--seeds N] [--jobs J]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative } from './lib/runners.mjs';
import { pool } from './lib/pool.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';
import { jainIndex as jain } from '../wasm-core/js/jain.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(k) ? Number(args[args.indexOf(k) + 1]) : d);
const printOnly = args.includes('--print');
const seeds = Array.from({ length: opt('--seeds', 3) }, (_, i) => i + 1);
const jobs = opt('--jobs', os.cpus().length);
const doc = path.join(root, 'docs/validation-xqm-chain.md');

const rows = [
  ['Exp. 1 RED', 'xqm-exp1-red'],
  ['Exp. 1 FRED', 'xqm-exp1-fred'],
  ['Exp. 1 REM', 'xqm-exp1-rem'],
  ['Exp. 1 PI', 'xqm-exp1-pi'],
  ['Exp. 1 XQM', 'xqm-exp1-xqm'],
  ['Exp. 2 RED', 'xqm-exp2-red'],
  ['Exp. 2 FRED', 'xqm-exp2-fred'],
  ['Exp. 2 REM', 'xqm-exp2-rem'],
  ['Exp. 2 PI', 'xqm-exp2-pi'],
  ['Exp. 2 XQM', 'xqm-exp2-xqm'],
  ['Exp. 3 XQM hide on/off', 'xqm-exp3-xqm-hide-onoff'],
  ['Exp. 3 XQM hide smooth', 'xqm-exp3-xqm-hide-smooth'],
].map(([label, preset]) => ({ label, preset }));
const linkA = 'AB';
const groupsAtA = ['AD', 'AB'];

const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
const sd = (xs) => {
  const m = mean(xs);
  return xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1)) : 0;
};

/** The values of one column of a series CSV at times after `from`. */
function column(csvFile, name, from) {
  const [header, ...lines] = fs.readFileSync(csvFile, 'utf8').trim().split('\n');
  const cols = header.split(',');
  const ti = cols.indexOf('t');
  const ci = cols.indexOf(name);
  if (ti < 0 || ci < 0) throw new Error(`${csvFile}: no t or ${name} column`);
  return lines
    .map((l) => l.split(','))
    .filter((r) => Number(r[ti]) > from + 1e-9)
    .map((r) => Number(r[ci]));
}

/** One preset and seed: the full run (with its series) and the run stopped at measureFrom. */
async function runOne({ preset, seed }) {
  const base = { ...JSON.parse(fs.readFileSync(path.join(root, 'public/presets', `${preset}.json`), 'utf8')), seed };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-chain-'));
  const csv = path.join(dir, 'series.csv');
  try {
    const { summary: full } = await runNative(base, ['--series', csv]);
    const { summary: head } = await runNative({ ...base, duration: base.measureFrom, measureFrom: 0 });
    const qA = full.queues.find((q) => q.id === linkA);
    const lA = full.links.find((l) => l.id === linkA);
    const group = (g) => full.flows.filter((f) => f.group === g);
    const lossRate = (f) => {
      const h = head.flows.find((x) => x.id === f.id);
      const sent = f.sentPackets - h.sentPackets;
      return (f.congestionLosses - h.congestionLosses + f.exogenousLosses - h.exogenousLosses) / sent;
    };
    const out = {
      jain: jain(groupsAtA.flatMap((g) => group(g).map((f) => f.throughputBps))),
      meanQueue: qA.meanLength,
      queueSd: sd(column(csv, `queue.${linkA}.len`, base.measureFrom)),
      util: lA.utilization,
      capacity: base.topology.rates[0],
      atA: groupsAtA.reduce((a, g) => a + group(g).length, 0),
    };
    for (const g of groupsAtA) {
      out[`thr${g}`] = mean(group(g).map((f) => f.throughputBps)) / 1e6;
      out[`loss${g}`] = mean(group(g).map(lossRate)) * 100;
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const tasks = rows.flatMap((r) => seeds.map((seed) => ({ preset: r.preset, seed })));
const results = await pool(tasks, jobs, runOne);
for (const r of rows) r.runs = results.filter((_, k) => tasks[k].preset === r.preset);

const f = (x, d = 2) => x.toFixed(d);
const header =
  '| scheme at A | AD Mb/s | AB Mb/s | AD / fair | Jain (20 at A) | loss AD % | loss AB % | mean queue A (sd) | util. A |\n' +
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |';
// The highest Jain index of each experiment is set in bold.
const best = {};
for (const r of rows) {
  const e = r.label.slice(0, 6);
  best[e] = Math.max(best[e] ?? 0, mean(r.runs.map((x) => x.jain)));
}
function line(r, label = r.label, mayBold = true) {
  const m = (k) => mean(r.runs.map((x) => x[k]));
  const fair = r.runs[0].capacity / r.runs[0].atA / 1e6;
  const j = m('jain');
  const jText = mayBold && j === best[r.label.slice(0, 6)] ? `**${f(j, 3)}**` : f(j, 3);
  return (
    `| ${label} | ${f(m('thrAD'))} ± ${f(sd(r.runs.map((x) => x.thrAD)))} | ${f(m('thrAB'))} | ${f(m('thrAD') / fair)} ` +
    `| ${jText} ± ${f(sd(r.runs.map((x) => x.jain)), 3)} | ${f(m('lossAD'))} | ${f(m('lossAB'))} ` +
    `| ${f(m('meanQueue'), 1)} (${f(m('queueSd'), 0)}) | ${f(m('util'), 3)} |`
  );
}
const byLabel = (l) => rows.find((r) => r.label === l);
const results1 = [header, ...rows.map((r) => line(r))].join('\n');
const exp3 = [
  '| scheme at A (RED spares protected packets) | AD Mb/s | AB Mb/s | AD / fair | Jain | loss AD % | loss AB % | mean queue A (sd) | util. A |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  line(byLabel('Exp. 2 XQM'), 'Exp. 2 XQM, no hiding', false),
  line(byLabel('Exp. 3 XQM hide on/off')),
  line(byLabel('Exp. 3 XQM hide smooth')),
].join('\n');
const stamp =
  `Measured ${new Date().toISOString().slice(0, 10)} with \`node scripts/validate-xqm-chain.mjs\`,` +
  ` seeds ${seeds.join(', ')}.`;

const parts = { 'validate-xqm-chain:results': `${stamp}\n\n${results1}`, 'validate-xqm-chain:exp3': exp3 };
if (printOnly) {
  for (const body of Object.values(parts)) console.log(`${body}\n`);
} else {
  writeBetweenMarkers(doc, parts);
  console.log(Object.values(parts).join('\n\n'));
  console.log(`\nwritten to ${path.relative(root, doc)}`);
}
