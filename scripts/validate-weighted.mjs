// Validation: weighted AIMD (TCP-SD, TCP-LASD), mulTCP and MPAT (docs/validation-weighted.md).
// Runs the document's sweeps (scripts/sweep.mjs, the native CLI) and writes each table between
// its markers in the document, or prints them with --print. The sweeps are the commands the
// document lists under "The sweep runner"; the prose that reads the tables is written by hand.
//   node scripts/validate-weighted.mjs [--print] [--only NAME,...] [--jobs J] [--flow KEY=VALUE]...
// --flow sets a flow key (docs/parameters.md, flow) in every run (sweep.mjs's --set-all
// flows.KEY=VALUE), for example dupAck=any to see what RFC 5681's duplicate ACK changes; it
// implies --print.
// NAMEs: sd10 (TCP-SD and TCP-LASD at 10 Mb/s), sd1 (both at 1 Mb/s), multcp, mpat12345,
// mpat95to1, zeta, ns2red.
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/runners.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';
import { sweep } from './sweep.mjs';

const args = process.argv.slice(2);
const flowSets = args.flatMap((a, i) => (a === '--flow' ? ['--set-all', `flows.${args[i + 1]}`] : []));
const printOnly = args.includes('--print') || flowSets.length > 0;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const jobs = args.includes('--jobs') ? args[args.indexOf('--jobs') + 1] : String(os.cpus().length);
const doc = path.join(root, 'docs/validation-weighted.md');
const weights = '1,2,5,10,20,50,100';

const sweeps = {
  sd10: `--preset sd-10mbps --set flows.cc=sd,lasd --set flowOverrides[0].weight=${weights} --seeds 1-5 --mean`,
  sd1: `--preset sd-1mbps --set flows.cc=sd,lasd --set flowOverrides[0].weight=${weights} --seeds 1-5 --mean`,
  multcp:
    '--preset multcp-vs-tcp --set flowOverrides[0].ccParams.set=linear,sqrt ' +
    '--set flowOverrides[0].ccParams.N=1,2,4,8,16,32,64 --seeds 1-5 --mean',
  mpat12345: '--preset mpat-12345 --seeds 1-5',
  mpat95to1: '--preset mpat-95to1 --seeds 1-5',
  zeta:
    '--preset lasd-10mbps --set flows.ccParams.zeta=0.0005,0.003,0.01 --set flowOverrides[0].weight=1,10,50,100 ' +
    '--seeds 1-2 --mean',
  ns2red:
    '--preset sd-10mbps --set-all queue.minTh=5 --set-all queue.maxTh=15 --set-all queue.gentle=false ' +
    '--set flows.cc=sd,lasd --set flowOverrides[0].weight=1,5,10,50,100 --seeds 1-2 --mean',
};

/** Three significant figures at most, two decimals below 10: 0.95, 9.23, 24.2, 128. */
const num = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const pct = (x) => `${(x * 100).toFixed(2)} %`;
const ratio = (r) => `${num(r.ratio)} (${num(r.ratioMin)}-${num(r.ratioMax)})`;
const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${'---|'.repeat(head.length)}`, ...rows.map((c) => `| ${c.join(' | ')} |`)].join('\n');

/** The per-weight table of one cc (TCP-SD or TCP-LASD) from a sd10 / sd1 sweep. */
function weightTable(rows, cc) {
  const lasd = cc === 'lasd';
  const head = [
    'w',
    'ratio (min-max)',
    'Eq. 3',
    'Eq. 8',
    'timeouts w-flow',
    'timeouts others (mean)',
    'pkt loss w-flow',
    'loss-event rate w-flow',
    'loss-event rate others',
    'Eq. 5 p',
    ...(lasd ? ['Eq. 9/5 p'] : []),
    'util',
  ];
  return table(
    head,
    rows
      .filter((r) => r['flows.cc'] === cc)
      .map((r) => [
        r['flowOverrides[0].weight'],
        ratio(r),
        num(r.eq3Ratio),
        num(r.eq8Ratio),
        num(r.timeouts0),
        num(r.timeoutsOthers),
        pct(r.loss0),
        pct(r.lossEvent0),
        pct(r.lossEventOthers),
        pct(r.eq5Loss),
        ...(lasd ? [pct(r.eq9Loss)] : []),
        r.util.toFixed(2),
      ]),
  );
}

/** A short table: the grid values given, then ratio, timeouts, the others' loss-event rate, util. */
function shortTable(rows, cols) {
  return table(
    [...cols.map((c) => c[0]), 'ratio', 'timeouts w-flow', 'timeouts others', 'loss-event rate others', 'util'],
    rows.map((r) => [
      ...cols.map((c) => r[c[1]]),
      num(r.ratio),
      num(r.timeouts0),
      num(r.timeoutsOthers),
      pct(r.lossEventOthers),
      r.util.toFixed(2),
    ]),
  );
}

/** Per-seed rows of an MPAT sweep: the aggregate / mean background flow, and the members'
 * throughputs relative to the member with the smallest share (ideal: the shares). */
function mpatTable(rows, shares) {
  const ref = shares.indexOf(Math.min(...shares));
  return table(
    [
      'seed',
      `aggregate / mean background flow (ideal ${shares.length})`,
      `member throughputs relative to the smallest share (ideal ${shares.join(':')})`,
      'utilisation',
    ],
    rows.map((r) => {
      const rel = r.shares.split(':').map(Number);
      return [
        r.seed,
        r.aggregateRatio.toFixed(2),
        rel.map((x, k) => (k === ref ? '1' : num(x / rel[ref]))).join(' : '),
        r.util.toFixed(2),
      ];
    }),
  );
}

const formatters = {
  sd10: (rows) => ({
    'validate-weighted:sd10': weightTable(rows, 'sd'),
    'validate-weighted:lasd10': weightTable(rows, 'lasd'),
  }),
  sd1: (rows) => ({
    'validate-weighted:sd1': weightTable(rows, 'sd'),
    'validate-weighted:lasd1': weightTable(rows, 'lasd'),
  }),
  multcp: (rows) => ({
    'validate-weighted:multcp': table(
      ['set', 'N', 'ratio (min-max)', 'timeouts mulTCP', 'fast retx mulTCP', 'timeouts TCP', 'pkt loss mulTCP', 'util'],
      rows.map((r) => [
        r['flowOverrides[0].ccParams.set'],
        r['flowOverrides[0].ccParams.N'],
        ratio(r),
        num(r.timeouts0),
        num(r.fastRetx0),
        num(r.timeoutsOthers),
        pct(r.loss0),
        r.util.toFixed(2),
      ]),
    ),
  }),
  mpat12345: (rows) => ({ 'validate-weighted:mpat12345': mpatTable(rows, [1, 2, 3, 4, 5]) }),
  mpat95to1: (rows) => ({ 'validate-weighted:mpat95to1': mpatTable(rows, [95, 1]) }),
  zeta: (rows) => ({
    'validate-weighted:zeta': shortTable(rows, [
      ['zeta', 'flows.ccParams.zeta'],
      ['w', 'flowOverrides[0].weight'],
    ]),
  }),
  ns2red: (rows) => ({
    'validate-weighted:ns2red': shortTable(rows, [
      ['cc', 'flows.cc'],
      ['w', 'flowOverrides[0].weight'],
    ]),
  }),
};

const parts = {};
for (const [name, cmd] of Object.entries(sweeps)) {
  if (only && !only.includes(name)) continue;
  const t0 = Date.now();
  const { rows } = await sweep([...cmd.split(' '), ...flowSets, '--jobs', jobs]);
  console.error(`${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  Object.assign(parts, formatters[name](rows));
}
if (printOnly) {
  for (const [name, body] of Object.entries(parts)) console.log(`${name}\n${body}\n`);
} else {
  writeBetweenMarkers(doc, parts);
  console.log(Object.values(parts).join('\n\n'));
  console.log(`\nwritten to ${path.relative(root, doc)}`);
}
