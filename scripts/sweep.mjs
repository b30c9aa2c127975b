#!/usr/bin/env node
// Runs a preset over a parameter grid with the native CLI (build/native/blsim; build it with
// `bash scripts/build-native.sh`), one child process per core, and prints one row per run
// (or per configuration with --mean) as CSV or JSON. See docs/validation-weighted.md.
//
//   node scripts/sweep.mjs --preset sd-10mbps --set flowOverrides[0].weight=1,2,5,10 \
//        --set flows.cc=sd,lasd --seeds 1-5 --mean --format csv
//
// --preset NAME|FILE   public/presets/NAME.json or a path
// --set PATH=V1,V2,..  a grid axis; PATH is dotted with [i] indices (flowOverrides[0].ccParams.N);
//                      values are parsed as JSON when they can be (numbers, true), else strings
// --seeds A-B|A,B,..   seeds (default 1)
// --set-all PATH=V     a fixed change applied to every run
// --mean               average the runs of each configuration over the seeds
// --format csv|json    (default csv)
// --jobs N             parallel children (default: number of cores)
// --t0 S               T0 for Eq. 8 (default 4 x the mean RTT, at least 1 s after the doubling
//                      ns-2 starts from; see the doc)
// Columns: the grid values, seed, then for flow 0 (the weighted / mulTCP flow): ratio =
// throughput / mean throughput of flows outside it and its aggregate, timeouts, fast
// retransmits, packet loss rate, loss-event rate ((fast retransmits + timeouts) / sent); the
// other flows' mean loss-event rate; bottleneck utilisation; Jain's indices; Eq. 3 / Eq. 8
// ratios at the others' measured loss-event rate and Eq. 5 / Eq. 9 loss for the weights; and
// for MPAT aggregates the aggregate / mean background ratio and each member's share.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultT0, eq5, lasdLoss, predictedRatios } from '../wasm-core/js/weightedFormulas.mjs';
import { cartesian, parseValue, setPath } from '../wasm-core/js/grid.mjs';
import { runMeasures } from '../wasm-core/js/runMeasures.mjs';
import { pool } from './lib/pool.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const o = {
    sets: [],
    fixed: [],
    seeds: [1],
    mean: false,
    format: 'csv',
    jobs: os.cpus().length,
    blsim: path.join(root, 'build/native/blsim'),
  };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a}: needs a value`);
      return argv[++i];
    };
    if (a === '--preset') o.preset = next();
    else if (a === '--set' || a === '--set-all') {
      const s = next();
      const eq = s.indexOf('=');
      if (eq < 1) throw new Error(`${a} ${s}: expected PATH=V1,V2,...`);
      const vals = s
        .slice(eq + 1)
        .split(',')
        .map(parseValue);
      (a === '--set' ? o.sets : o.fixed).push({ path: s.slice(0, eq), vals });
    } else if (a === '--seeds') o.seeds = parseSeeds(next());
    else if (a === '--mean') o.mean = true;
    else if (a === '--format') o.format = next();
    else if (a === '--jobs') o.jobs = Math.max(1, Number(next()));
    else if (a === '--t0') o.t0 = Number(next());
    else if (a === '--blsim') o.blsim = next();
    else throw new Error(`unknown option ${a}`);
  }
  if (!o.preset) throw new Error('give --preset NAME (a file in public/presets) or a path');
  return o;
}

function parseSeeds(s) {
  const m = /^(\d+)-(\d+)$/.exec(s);
  if (m) {
    const out = [];
    for (let k = Number(m[1]); k <= Number(m[2]); ++k) out.push(k);
    return out;
  }
  return s.split(',').map(Number);
}

let tmpDir;
function run(blsim, doc, k) {
  tmpDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bl-sweep-'));
  const file = path.join(tmpDir, `run-${k}.json`);
  fs.writeFileSync(file, JSON.stringify(doc));
  return new Promise((resolve, reject) => {
    const child = spawn(blsim, ['--scenario', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '',
      err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      fs.rmSync(file, { force: true });
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(err || `blsim exited ${code}`));
    });
  });
}

const mean = (xs) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : NaN);

/** The derived columns of one run. */
export function measure(doc, s, t0opt) {
  const fl = s.flows;
  const agg = (doc.aggregates ?? [])[0];
  const m = runMeasures(s, 0, agg ? agg.flows : [0]);
  const row = {
    ratio: m.ratio,
    thr0: m.thr,
    thrOthers: m.thrOthers,
    timeouts0: m.timeouts,
    fastRetx0: m.fastRetx,
    loss0: m.loss,
    lossEvent0: m.lossEvent,
    lossEventOthers: m.lossEventOthers,
    timeoutsOthers: m.timeoutsOthers,
    util: m.util,
    jain: m.jain,
    wjain: m.wjain,
  };
  const topo = doc.topology ?? {};
  const rtt = m.rtt;
  const t0 = t0opt ?? defaultT0(rtt);
  const w = m.weight;
  const cc = doc.flowOverrides?.[0]?.cc ?? doc.flows?.cc ?? 'aimd';
  if ((cc === 'sd' || cc === 'lasd') && isFinite(row.lossEventOthers) && row.lossEventOthers > 0) {
    const fChoice = (doc.flowOverrides?.[0]?.ccParams ?? doc.flows?.ccParams ?? {}).f ?? 'equal';
    const r = predictedRatios(w, row.lossEventOthers, rtt, t0, fChoice);
    row.eq3Ratio = r.eq3;
    row.eq8Ratio = r.eq8;
    const ctilde = (rtt * (topo.bottleneckRate ?? 16e6)) / (8 * (doc.packetSize ?? 1000));
    row.eq5Loss = eq5(m.sumWeights, ctilde);
    if (cc === 'lasd') row.eq9Loss = lasdLoss(m.sumWeights, ctilde, (doc.flows?.ccParams ?? {}).zeta ?? 0.001);
  }
  if (agg) {
    const thr = agg.flows.map((i) => fl[i].throughputBps);
    row.aggregateRatio = thr.reduce((a, x) => a + x, 0) / m.thrOthers;
    row.shares = thr.map((x) => +(x / thr[0]).toPrecision(4)).join(':');
  }
  return row;
}

/** Runs the sweep that command-line arguments `argv` describe; resolves its rows. */
export async function sweep(argv) {
  const o = parseArgs(argv);
  const file = fs.existsSync(o.preset) ? o.preset : path.join(root, 'public/presets', `${o.preset}.json`);
  const base = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!fs.existsSync(o.blsim)) throw new Error(`${o.blsim} not found; run bash scripts/build-native.sh`);
  const jobs = [];
  for (const combo of cartesian(o.sets.map((st) => st.vals)))
    for (const seed of o.seeds) {
      const doc = structuredClone(base);
      for (const f of o.fixed) setPath(doc, f.path, f.vals[0]);
      o.sets.forEach((s, k) => setPath(doc, s.path, combo[k]));
      doc.seed = seed;
      jobs.push({ combo, seed, doc });
    }
  const results = await pool(jobs, o.jobs, async (j, k) => {
    const s = await run(o.blsim, j.doc, k);
    return {
      ...Object.fromEntries(o.sets.map((st, i) => [st.path, j.combo[i]])),
      seed: j.seed,
      ...measure(j.doc, s, o.t0),
    };
  });
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = undefined;
  let rows = results;
  if (o.mean) {
    const byKey = new Map();
    for (const r of results) {
      const key = JSON.stringify(o.sets.map((s) => r[s.path]));
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(r);
    }
    rows = [...byKey.values()].map((rs) => {
      const m = { ...rs[0] };
      for (const [k, v] of Object.entries(rs[0])) {
        if (k !== 'seed' && typeof v === 'number' && !o.sets.some((s) => s.path === k))
          m[k] = mean(rs.map((r) => r[k]));
        if (k === 'ratio') {
          m.ratioMin = Math.min(...rs.map((r) => r.ratio));
          m.ratioMax = Math.max(...rs.map((r) => r.ratio));
        }
      }
      m.seed = rs.map((r) => r.seed).join(' ');
      return m;
    });
  }
  return { rows, format: o.format };
}

async function main() {
  const { rows, format } = await sweep(process.argv.slice(2));
  if (format === 'json') {
    process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
    return;
  }
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const fmt = (v) =>
    typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toPrecision(4)) : v === undefined ? '' : String(v);
  process.stdout.write(cols.join(',') + '\n');
  for (const r of rows) process.stdout.write(cols.map((c) => fmt(r[c])).join(',') + '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
