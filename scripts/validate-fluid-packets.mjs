// The packet-level numbers beside the fluid model in docs/fluid-model.md: runs the presets
// xqm-fig3a, xqm-fig2-droptail and xqm-fig2-red (seed 1, as in the presets) with the native
// CLI (build/native/blsim) and prints, per window, the mean per-flow rate x (the flows' `thr`
// columns / (8 packetSize), packets/s), the bottleneck queue (mean and [min, max] of its
// samples; RED's average too), utilisation, the mean per-interval Jain index and (Fig. 3(a))
// the timeouts per flow in the window. The fluid columns of those tables come from bl_fluid
// and do not depend on these runs. --flow KEY=VALUE sets a flow key in every run (for example
// limitedTransmit=false, to see what one TCP feature changes).
//   node scripts/validate-fluid-packets.mjs [--jobs J] [--flow KEY=VALUE]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative } from './lib/runners.mjs';
import { pool } from './lib/pool.mjs';

const args = process.argv.slice(2);
const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) : os.cpus().length;
const flowKey = args.includes('--flow') ? args[args.indexOf('--flow') + 1].split('=') : null;
function preset(n) {
  const sc = JSON.parse(fs.readFileSync(path.join(root, 'public/presets', `${n}.json`), 'utf8'));
  if (flowKey) sc.flows = { ...sc.flows, [flowKey[0]]: JSON.parse(flowKey[1]) };
  return sc;
}

/** Runs a scenario and returns its series as { columns, rows } (numbers; '' -> NaN). */
async function series(scenario) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-fluidpk-'));
  const csv = path.join(dir, 'series.csv');
  try {
    await runNative(scenario, ['--series', csv]);
    const [header, ...lines] = fs.readFileSync(csv, 'utf8').trim().split('\n');
    return {
      columns: header.split(','),
      rows: lines.map((l) => l.split(',').map((x) => (x === '' ? NaN : Number(x)))),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;

/** Statistics of the samples in (from, to]: each sample covers the interval before its time. */
function windowStats({ columns, rows }, from, to, packetSize) {
  const col = (name) => {
    const k = columns.indexOf(name);
    if (k < 0) throw new Error(`series: no column ${name}`);
    return k;
  };
  const ti = col('t');
  const rs = rows.filter((r) => r[ti] > from + 1e-9 && r[ti] <= to + 1e-9);
  const thr = columns.map((c, k) => (/^flow\.\d+\.thr$/.test(c) ? k : -1)).filter((k) => k >= 0);
  const len = rs.map((r) => r[col('queue.bottleneck.len')]);
  // Timeouts columns are cumulative: the count in the window is the last sample's minus the
  // one just before the window.
  const before = rows.filter((r) => r[ti] <= from + 1e-9).at(-1);
  const tos = columns.map((c, k) => (/^flow\.\d+\.timeouts$/.test(c) ? k : -1)).filter((k) => k >= 0);
  return {
    x: mean(rs.map((r) => mean(thr.map((k) => r[k])))) / (8 * packetSize),
    q: mean(len),
    qMin: Math.min(...len),
    qMax: Math.max(...len),
    avg: mean(rs.map((r) => r[col('queue.bottleneck.avg')])),
    util: mean(rs.map((r) => r[col('link.bottleneck.util')])),
    jain: mean(rs.map((r) => r[col('jain')]).filter((x) => !Number.isNaN(x))),
    timeouts: mean(tos.map((k) => rs.at(-1)[k] - (before ? before[k] : 0))),
  };
}

const fig3a = preset('xqm-fig3a');
const fig2 = { DropTail: preset('xqm-fig2-droptail'), RED: preset('xqm-fig2-red') };
const runs = await pool([fig3a, fig2.DropTail, fig2.RED], jobs, series);

// Fig. 3(a): the last 30 s of each step of the loss schedule.
const steps = fig3a.exoLoss.steps;
console.log(`Fig. 3(a), packet level (xqm-fig3a, seed ${fig3a.seed}), means over the last 30 s of each step:\n`);
console.log(
  '| p_e | packet level: x | queue | utilisation | Jain (per 0.5 s) | timeouts per flow |\n| --- | --- | --- | --- | --- | --- |',
);
steps.forEach(([t0, pe], k) => {
  const end = k + 1 < steps.length ? steps[k + 1][0] : fig3a.duration;
  const s = windowStats(runs[0], Math.max(t0, end - 30), end, fig3a.packetSize);
  console.log(
    `| ${+(pe * 100).toFixed(2)} % | ${s.x.toFixed(1)} | ${s.q.toFixed(1)} | ${s.util.toFixed(3)} | ${s.jain.toFixed(3)} | ${s.timeouts.toFixed(1)} |`,
  );
});

// Fig. 2: the windows of the fluid table.
const windows = [
  [10, 20],
  [30, 40],
  [50, 60],
];
console.log('\nFig. 2, packet level (seed 1): x per flow (packets/s); b mean [min, max] (packets), RED: its average\n');
console.log(`| run | ${windows.map(([a, b]) => `[${a},${b}) x | [${a},${b}) b`).join(' | ')} |`);
console.log(`| --- |${' --- | --- |'.repeat(windows.length)}`);
Object.entries(fig2).forEach(([name, sc], k) => {
  const cells = windows.map(([a, b]) => {
    const s = windowStats(runs[k + 1], a, b, sc.packetSize);
    const q = s.q >= 10 ? s.q.toFixed(0) : s.q.toFixed(1);
    return `${s.x.toFixed(1)} | ${q} [${s.qMin.toFixed(0)}, ${s.qMax.toFixed(0)}]${name === 'RED' ? `, avg ${s.avg.toFixed(0)}` : ''}`;
  });
  console.log(`| packet ${name} | ${cells.join(' | ')} |`);
});
