// `npm run bench`: the fixed benchmark scenarios, natively (build/native/blsim), in
// WebAssembly under Node (wasm-core/bench/run-wasm.mjs, one process per run) and, when
// /usr/bin/ns exists, in ns-2 on the same topology (docs/ns2/dumbbell.tcl), one after the
// other on an otherwise idle machine. Prints wall time, peak memory, events per second and
// simulated seconds per wall second, and the ns-2 : WASM ratios.
//   node scripts/bench.mjs [--quick] [--no-ns2] [--json FILE] [--markdown]
// --quick runs scenario (a) alone. Not a test: nothing here passes or fails on speed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative, runNs2, haveNs2, measureProcess, scenarioFile } from './lib/runners.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const withNs2 = !args.includes('--no-ns2') && haveNs2();
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;

const xqm = JSON.parse(fs.readFileSync(path.join(root, 'public/presets/xqm-dumbbell.json'), 'utf8'));
const bench = (f) => JSON.parse(fs.readFileSync(path.join(root, 'wasm-core/bench', f), 'utf8'));
const scenarios = [
  { id: 'a', label: '(a) XQM dumbbell, 20 flows, 16 Mb/s, 200 s', scenario: xqm },
  { id: 'b', label: '(b) 100 flows, 1 Gb/s, 60 s', scenario: bench('dumbbell-100.json') },
  { id: 'c', label: '(c) 1000 flows, 1 Gb/s, 60 s', scenario: bench('dumbbell-1000.json') },
].slice(0, quick ? 1 : 3);

async function runWasm(scenario) {
  const file = scenarioFile(scenario);
  try {
    const r = await measureProcess(process.execPath, [path.join(root, 'wasm-core/bench/run-wasm.mjs'), file]);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const fmt = (x, d = 2) => (x === undefined || x === null ? '-' : Number(x).toFixed(d));
const rate = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${(x / 1e3).toFixed(1)} k`);

const cpu = (fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) || [])[1] || 'unknown CPU';
console.log(`Bottleneck Lab benchmark: ${new Date().toISOString()}, ${cpu}, Node ${process.version}`);
const [load1] = os.loadavg();
console.log(`load average ${load1.toFixed(2)} on ${os.cpus().length} CPUs` +
  (load1 > os.cpus().length / 2 ? ': the machine is busy, the times will be noisy' : ''));
if (!withNs2) console.log('ns-2 not run (not installed, or --no-ns2); `BL_WITH_NS2=1 npm run setup` installs it');

const results = [];
for (const { id, label, scenario } of scenarios) {
  console.log(`\n${label}`);
  const native = await runNative(scenario);
  const n = native.summary;
  const wasm = await runWasm(scenario);
  const ns2 = withNs2 ? await runNs2(scenario) : null;
  const row = (name, wall, mem, events, sim) =>
    console.log(`  ${name.padEnd(7)} ${fmt(wall).padStart(8)} s  ${mem.padEnd(38)} ` +
      `${events ? `${rate(events / wall)}events/s` : '-'.padEnd(14)}  ${fmt(sim / wall, 1)} sim s/s`);
  console.log(`  ${'runner'.padEnd(7)} ${'wall'.padStart(10)}  ${'peak memory'.padEnd(38)} events/s        speed`);
  row('native', native.wallSeconds, `${mb(native.peakRssKB * 1024)} RSS`, n.events, n.simSeconds);
  row('wasm', wasm.wallSeconds, `${mb(wasm.wasmMemoryBytes)} WASM heap (Node RSS ${mb(wasm.peakRssKB * 1024)})`,
    wasm.events, wasm.simSeconds);
  if (ns2) row('ns-2', ns2.wallSeconds, `${mb(ns2.peakRssKB * 1024)} RSS`, 0, scenario.duration);
  const same = n.events === wasm.events ? 'identical' : `DIFFERENT (native ${n.events}, wasm ${wasm.events})`;
  console.log(`  native and WASM event counts: ${same}`);
  console.log(`  Jain / utilisation: native ${fmt(n.jain, 3)} / ${fmt(n.utilization, 3)}` +
    (ns2 ? `, ns-2 ${fmt(ns2.result.jain, 3)} / ${fmt(ns2.result.utilization, 3)}` : ''));
  const r = { id, label, native: { wallSeconds: native.wallSeconds, peakRssKB: native.peakRssKB,
    events: n.events, simSeconds: n.simSeconds, jain: n.jain, utilization: n.utilization },
    wasm: { ...wasm, summary: undefined, jain: wasm.summary.jain, utilization: wasm.summary.utilization } };
  if (ns2) {
    r.ns2 = { wallSeconds: ns2.wallSeconds, peakRssKB: ns2.peakRssKB, jain: ns2.result.jain,
      utilization: ns2.result.utilization };
    r.ratios = {
      ns2WallOverWasm: ns2.wallSeconds / wasm.wallSeconds,
      ns2WallOverNative: ns2.wallSeconds / native.wallSeconds,
      ns2RssOverWasmHeap: (ns2.peakRssKB * 1024) / wasm.wasmMemoryBytes,
      ns2RssOverWasmProcess: ns2.peakRssKB / wasm.peakRssKB,
      ns2RssOverNative: ns2.peakRssKB / native.peakRssKB,
    };
    const q = r.ratios;
    console.log(`  ns-2 / WASM: ${fmt(q.ns2WallOverWasm, 1)}x the wall time (target >= 3), ` +
      `${fmt(q.ns2RssOverWasmHeap, 1)}x the memory of the WASM heap (target >= 10), ` +
      `${fmt(q.ns2RssOverWasmProcess, 1)}x that of the whole Node process`);
    console.log(`  ns-2 / native: ${fmt(q.ns2WallOverNative, 1)}x the wall time, ${fmt(q.ns2RssOverNative, 1)}x the memory`);
  }
  results.push(r);
}
if (args.includes('--markdown')) {
  const w = (x) => `${fmt(x)} s`;
  const m = (kb) => mb(kb * 1024);
  console.log(`\n| scenario | runner | wall time | peak memory | events/s | sim s per wall s |`);
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(`| ${r.label} | native | ${w(r.native.wallSeconds)} | ${m(r.native.peakRssKB)} RSS | ` +
      `${rate(r.native.events / r.native.wallSeconds)} | ${fmt(r.native.simSeconds / r.native.wallSeconds, 1)} |`);
    console.log(`| | WASM (Node) | ${w(r.wasm.wallSeconds)} | ${mb(r.wasm.wasmMemoryBytes)} heap, ` +
      `${m(r.wasm.peakRssKB)} Node RSS | ${rate(r.wasm.events / r.wasm.wallSeconds)} | ` +
      `${fmt(r.wasm.simSeconds / r.wasm.wallSeconds, 1)} |`);
    if (r.ns2) {
      console.log(`| | ns-2 | ${w(r.ns2.wallSeconds)} | ${m(r.ns2.peakRssKB)} RSS | - | ` +
        `${fmt(r.native.simSeconds / r.ns2.wallSeconds, 1)} |`);
      const q = r.ratios;
      console.log(`| | **ns-2 : WASM** | **${fmt(q.ns2WallOverWasm, 1)}x** | **${fmt(q.ns2RssOverWasmHeap, 1)}x** heap, ` +
        `${fmt(q.ns2RssOverWasmProcess, 1)}x RSS | | |`);
    }
  }
}
if (jsonOut) {
  fs.mkdirSync(path.dirname(path.resolve(jsonOut)), { recursive: true });
  fs.writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), cpu, node: process.version, load1, results }, null, 2));
  console.log(`\nresults written to ${jsonOut}`);
}
