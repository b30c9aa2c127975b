// Side-by-side validation against ns-3.37 (issue 13, docs/validation-ns3.md): the same dumbbell
// run by docs/ns3/dumbbell.cc (built into build/ns3-dumbbell, see docs/ns3/README.md) and by the
// native CLI (build/native/blsim), printing a markdown table of utilisation, Jain's index of the
// goodputs, mean and 95th-percentile queueing delay, and each TCP group's share.
//   node scripts/validate-ns3.mjs [--only bloat|mix] [--duration S] [--seed N]
// With BL_LOCK=<file> each ns-3 run is started under `flock <file>` (a shared machine's heavy-job lock).
import fs from 'node:fs';
import path from 'node:path';
import { root, runNative, measureProcess } from './lib/runners.mjs';
import { compileNs3 } from './lib/ns3.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
const only = opt('only', null);
const duration = Number(opt('duration', 40));
const measureFrom = Number(opt('measureFrom', 10));
const seed = Number(opt('seed', 1));
const ns3Bin = path.join(root, 'build/ns3-dumbbell');
const ns3Src = path.join(root, 'docs/ns3/dumbbell.cc');

/** Builds build/ns3-dumbbell when it is missing or older than its source. */
function buildNs3() {
  if (fs.existsSync(ns3Bin) && fs.statSync(ns3Bin).mtimeMs >= fs.statSync(ns3Src).mtimeMs) return;
  if (!fs.existsSync('/usr/include/ns3.37')) throw new Error('ns-3.37 is not installed: apt-get install -y libns3-dev');
  fs.mkdirSync(path.dirname(ns3Bin), { recursive: true });
  const r = compileNs3(ns3Src, ns3Bin);
  if (r.status !== 0) throw new Error(`compiling ${ns3Src} failed:\n${r.stderr}`);
}

// The shared topology: 20 Mb/s, 5 ms bottleneck, 100 Mb/s access links of 10-20 ms one way
// (propagation RTT 50-90 ms, BDP about 175 packets of 1000 bytes).
const topo = { rate: 20e6, delay: 0.005, accessRate: 100e6, accessDelayMin: 0.01, accessDelayMax: 0.02 };
const queueKind = { fifo: 'droptail', codel: 'codel', pie: 'pie', fqcodel: 'fq_codel' };

/** The core's scenario for one experiment. */
function scenario(e) {
  const s = {
    version: 1,
    seed,
    duration,
    measureFrom,
    packetSize: 1000,
    topology: {
      kind: 'dumbbell',
      bottleneckRate: topo.rate,
      bottleneckDelay: topo.delay,
      accessRate: topo.accessRate,
      accessDelayMin: topo.accessDelayMin,
      accessDelayMax: topo.accessDelayMax,
    },
    queue: { kind: queueKind[e.queue], buffer: e.buffer },
    flows: { count: e.flows, tcp: 'sack', cc: e.tcp === 'Cubic' ? 'cubic' : 'aimd', start: 0, startSpread: 1 },
  };
  if (e.cubicFlows) s.flowOverrides = Array.from({ length: e.cubicFlows }, (_, i) => ({ flow: i, cc: 'cubic' }));
  return s;
}

/** ns-3 arguments for the same experiment. */
function ns3Args(e) {
  const a = {
    flows: e.flows,
    cubicFlows: e.cubicFlows ?? 0,
    tcp: e.tcp,
    queue: e.queue,
    buffer: e.buffer,
    rate: topo.rate / 1e6,
    delay: topo.delay * 1e3,
    accessRate: topo.accessRate / 1e6,
    accessDelayMin: topo.accessDelayMin * 1e3,
    accessDelayMax: topo.accessDelayMax * 1e3,
    duration,
    measureFrom,
    seed,
    packetSize: 1000,
    initialCwnd: 2,
    minRto: 0.2,
    sack: 1,
    delayedAck: 0,
    hystart: 0,
  };
  return Object.entries(a).map(([k, v]) => `--${k}=${v}`);
}

const share = (gs, k) => gs.slice(0, k).reduce((x, y) => x + y, 0) / gs.reduce((x, y) => x + y, 0);

async function run(e) {
  const lock = process.env.BL_LOCK;
  const argv = ns3Args(e);
  const r3 = lock ? await measureProcess('flock', [lock, ns3Bin, ...argv]) : await measureProcess(ns3Bin, argv);
  const n3 = JSON.parse(r3.stdout.trim().split('\n').pop());
  const rb = await runNative(scenario(e));
  const s = rb.summary;
  const bq = s.queues.find((q) => q.id === 'bottleneck');
  const k = e.cubicFlows ?? 0;
  return {
    e,
    cmd: `./build/ns3-dumbbell ${argv.join(' ')}`,
    ns3: {
      util: n3.util,
      jain: n3.jain,
      mean: n3.delayMean,
      p95: n3.delayP95,
      drops: n3.drops,
      share: k
        ? share(
            n3.flows.map((f) => f.goodputBps),
            k,
          )
        : null,
      wall: r3.wallSeconds,
    },
    bl: {
      util: s.utilization,
      jain: s.jainGoodput,
      mean: bq.meanDelay,
      p95: bq.p95Delay,
      drops: bq.drops.overflow + bq.drops.early,
      share: k
        ? share(
            s.flows.map((f) => f.goodputBps),
            k,
          )
        : null,
      wall: rb.wallSeconds,
    },
  };
}

const ms = (x) => (x * 1000).toFixed(1);
const pct = (a, b) => `${(((a - b) / b) * 100).toFixed(0)} %`;

function table(rows) {
  let md =
    '| experiment | util ns-3 | util ours | Jain ns-3 | Jain ours | mean delay ns-3 (ms) | ours | diff | p95 delay ns-3 (ms) | ours | diff | Cubic share ns-3 | ours | drops ns-3 | ours | wall ns-3 (s) | ours (s) |\n';
  md += `| --- |${' ---: |'.repeat(16)}\n`;
  for (const { e, ns3: a, bl: b } of rows) {
    md +=
      `| ${e.label} | ${a.util.toFixed(3)} | ${b.util.toFixed(3)} | ${a.jain.toFixed(3)} | ${b.jain.toFixed(3)} | ` +
      `${ms(a.mean)} | ${ms(b.mean)} | ${pct(b.mean, a.mean)} | ${ms(a.p95)} | ${ms(b.p95)} | ${pct(b.p95, a.p95)} | ` +
      `${a.share === null ? '' : a.share.toFixed(3)} | ${b.share === null ? '' : b.share.toFixed(3)} | ` +
      `${a.drops} | ${b.drops} | ${a.wall.toFixed(1)} | ${b.wall.toFixed(2)} |\n`;
  }
  return md;
}

const experiments = [];
const bloat = (tcp) =>
  ['fifo', 'codel', 'pie', 'fqcodel'].map((queue) => ({
    group: 'bloat',
    label: `20 ${tcp} flows, ${queue}, 1000 packets`,
    flows: 20,
    tcp,
    queue,
    buffer: 1000,
  }));
const mix = (buffer) => ({
  group: 'mix',
  label: `10 Cubic + 10 NewReno, fifo, ${buffer} packets`,
  flows: 20,
  cubicFlows: 10,
  tcp: 'NewReno',
  queue: 'fifo',
  buffer,
});
// Most telling first: NewReno through each queue, the CUBIC/NewReno mix at 1 BDP, then the rest.
for (const e of [...bloat('NewReno'), mix(175), ...bloat('Cubic'), mix(1000)]) {
  if (!only || only === e.group) experiments.push(e);
}

buildNs3();
const rows = [];
for (const e of experiments) {
  rows.push(await run(e));
  // Each row as it completes (a long queue of ns-3 runs can be interrupted).
  process.stderr.write(`${rows.length}/${experiments.length} ${table(rows.slice(-1)).split('\n')[2]}\n`);
}
console.log(table(rows));
console.log('\nns-3 commands:\n');
for (const r of rows) console.log(`    ${r.cmd}`);
