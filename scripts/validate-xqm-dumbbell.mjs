// Validation: the XQM paper's dumbbell (docs/validation.md, first entry). 20 TCP NewReno
// flows, 16 Mb/s 1 ms DropTail bottleneck with 250 packets, access delays uniform in
// 1-4 ms, 1000-byte packets, Bernoulli exogenous loss on each receiver's access link at a
// fixed rate, 200 s measured from 50 s. For each loss rate: Jain's index (over the whole
// window, and averaged over 1-s intervals as the paper's Fig. 3b), bottleneck utilisation
// and mean queue, with a minimum RTO of 0.2 s and of 1 s, for our simulator (native CLI) and for ns-2 on the same scenario (when
// /usr/bin/ns exists), averaged over a few seeds. Writes the table into docs/validation.md
// between its markers, or prints it with --print.
//   node scripts/validate-xqm-dumbbell.mjs [--print] [--seeds N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative, runNs2, haveNs2 } from './lib/runners.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';

const args = process.argv.slice(2);
const printOnly = args.includes('--print');
const nSeeds = args.includes('--seeds') ? Number(args[args.indexOf('--seeds') + 1]) : 3;
const lossRates = [0, 0.01, 0.02, 0.05, 0.07];
const doc = path.join(root, 'docs/validation.md');

const preset = JSON.parse(fs.readFileSync(path.join(root, 'public/presets/xqm-dumbbell.json'), 'utf8'));
// The paper does not give its TCP timer settings; the minimum RTO decides what happens at
// high loss (timeouts), so both ns-2 2.35's default (0.2 s) and RFC 6298's 1 s are run.
const minRtos = [0.2, 1];
const scenarioFor = (rate, seed, minRto) => ({
  ...preset,
  name: `XQM dumbbell, ${+(rate * 100).toFixed(2)} % exogenous loss`,
  seed,
  samplePeriod: 1,
  exoLoss: { kind: 'bernoulli', rate },
  flows: { ...preset.flows, minRto },
});

/** Mean of the per-interval `jain` column over rows after measureFrom. */
function meanIntervalJain(csvFile, from) {
  const [header, ...rows] = fs.readFileSync(csvFile, 'utf8').trim().split('\n');
  const cols = header.split(',');
  const ti = cols.indexOf('t');
  const ji = cols.indexOf('jain');
  if (ti < 0 || ji < 0) throw new Error(`${csvFile}: no t or jain column`);
  const xs = rows
    .map((r) => r.split(','))
    .filter((r) => Number(r[ti]) > from + 1e-9 && r[ji] !== '')
    .map((r) => Number(r[ji]));
  return xs.reduce((a, x) => a + x, 0) / xs.length;
}

async function ours(scenario) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-validate-'));
  const csv = path.join(dir, 'series.csv');
  try {
    const { summary } = await runNative(scenario, ['--series', csv]);
    return {
      jain: summary.jain,
      jain1s: meanIntervalJain(csv, scenario.measureFrom),
      utilization: summary.utilization,
      meanQueue: summary.queues[0].meanLength,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function ns2(scenario) {
  const { result } = await runNs2(scenario);
  return { jain: result.jain, jain1s: result.jain1s, utilization: result.utilization, meanQueue: result.meanQueue };
}

const mean = (runs) =>
  Object.fromEntries(Object.keys(runs[0]).map((k) => [k, runs.reduce((a, r) => a + r[k], 0) / runs.length]));

const withNs2 = haveNs2();
const seeds = Array.from({ length: nSeeds }, (_, i) => i + 1);
const rows = [];
for (const minRto of minRtos) {
  for (const rate of lossRates) {
    const a = [];
    const b = [];
    for (const seed of seeds) {
      a.push(await ours(scenarioFor(rate, seed, minRto)));
      if (withNs2) b.push(await ns2(scenarioFor(rate, seed, minRto)));
    }
    rows.push({ minRto, rate, ours: mean(a), ns2: withNs2 ? mean(b) : null });
    console.error(`min RTO ${minRto} s, loss ${+(rate * 100).toFixed(2)} %: done`);
  }
}

const f = (x, d = 3) => (x === null || x === undefined ? 'n/a' : x.toFixed(d));
const pct = (x) => (x === null || x === undefined ? 'n/a' : `${(x * 100).toFixed(1)} %`);
const n2 = (r, k, fmt) => (r.ns2 ? fmt(r.ns2[k]) : 'n/a');
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`node scripts/validate-xqm-dumbbell.mjs\`;` +
    ` each figure is the mean over seeds ${seeds.join(', ')}. Jain (window) is the index of each` +
    " flow's throughput over [50 s, 200 s]; Jain (1 s) is the index over each 1-s interval," +
    " averaged, as in the paper's Fig. 3(b)." +
    (withNs2 ? '' : ' ns-2 was not installed for this run.'),
  '',
  '| min RTO | exo. loss | Jain window: ours | ns-2 | Jain 1 s: ours | ns-2 | utilisation: ours | ns-2 | mean queue (pkts): ours | ns-2 |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.minRto} s | ${+(r.rate * 100).toFixed(2)} % | ${f(r.ours.jain)} | ${n2(r, 'jain', f)} | ${f(r.ours.jain1s)} | ` +
      `${n2(r, 'jain1s', f)} | ${pct(r.ours.utilization)} | ${n2(r, 'utilization', pct)} | ` +
      `${f(r.ours.meanQueue, 1)} | ${n2(r, 'meanQueue', (x) => f(x, 1))} |`,
  ),
];
const table = lines.join('\n');

if (printOnly) {
  console.log(table);
} else {
  writeBetweenMarkers(doc, { 'validate-xqm-dumbbell': table });
  console.log(table);
  console.log(`\nwritten to ${path.relative(root, doc)}`);
}
