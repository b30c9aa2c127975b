// `npm run bench`: the fixed benchmark scenarios, natively (build/native/blsim), in
// WebAssembly under Node (wasm-core/bench/run-wasm.mjs, one process per run) and, when
// /usr/bin/ns exists, in ns-2 on the same topology (docs/ns2/dumbbell.tcl), one after the
// other. Prints wall and CPU time, peak memory, events per second and simulated seconds per
// wall second, and the ns-2 : WASM ratios (CPU time is the steadier figure on a busy machine).
//   node scripts/bench.mjs [--quick | --only IDS] [--no-ns2] [--no-ns3] [--json FILE] [--markdown]
// Scenario (d) is also timed in ns-3.37 (docs/ns3/dumbbell.cc, given the same scenario through
// scripts/lib/ns3.mjs) when libns3-dev is installed; (e), the L4S preset, by neither.
// --quick runs scenario (a) alone, --only e (or a,e) the scenarios named. Not a test: nothing
// here passes or fails on speed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative, runNs2, haveNs2, measureProcess, scenarioFile } from './lib/runners.mjs';
import { buildNs3, ns3Installed, runNs3 } from './lib/ns3.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const withNs2 = !args.includes('--no-ns2') && haveNs2();
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;

const read = (...p) => JSON.parse(fs.readFileSync(path.join(root, ...p), 'utf8'));
const scenarios = [
  { id: 'a', label: '(a) XQM dumbbell, 20 flows, 16 Mb/s, 200 s', scenario: read('public/presets/xqm-dumbbell.json') },
  { id: 'b', label: '(b) 100 flows, 1 Gb/s, 60 s', scenario: read('wasm-core/bench/dumbbell-100.json') },
  { id: 'c', label: '(c) 1000 flows, 1 Gb/s, 60 s', scenario: read('wasm-core/bench/dumbbell-1000.json') },
  // ns-2 2.35 has neither CUBIC nor FQ-CoDel: natively and in WASM only (ns-3: docs/ns3/).
  {
    id: 'd',
    label: '(d) 100 CUBIC flows through FQ-CoDel, 1 Gb/s, 60 s',
    scenario: read('wasm-core/bench/cubic-fqcodel-100.json'),
    ns2: false,
    ns3: true, // the same scenario in ns-3.37 (docs/ns3/dumbbell.cc), where libns3-dev is installed
  },
  // L4S (issue 25): neither ns-2 nor ns-3.37 has DualPI2 or TCP Prague.
  {
    id: 'e',
    label: '(e) TCP Prague and CUBIC through DualPI2, 100 Mb/s, 40 s',
    scenario: read('public/presets/l4s-dualpi2.json'),
    ns2: false,
  },
  // A trace-driven bottleneck (issue 25): the real AT&T LTE trace; neither ns-2 nor ns-3 reads it.
  {
    id: 'f',
    label: '(f) 20 CUBIC flows through 1000 packets on the AT&T LTE trace, 1200 s',
    scenario: read('wasm-core/bench/lte-trace-20.json'),
    ns2: false,
  },
]
  .slice(0, quick ? 1 : undefined)
  .filter((s) => !only || only.includes(s.id));

async function runWasm(scenario) {
  const file = scenarioFile(scenario);
  try {
    const r = await measureProcess(process.execPath, [path.join(root, 'wasm-core/bench/run-wasm.mjs'), file]);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

// The row of a simulator run as a separate process (ns-2, ns-3): its measured time and memory,
// and the Jain index and utilisation it reported; it counts no events.
function otherSimulatorRow(name, run, jain, utilization, simSeconds) {
  return {
    name,
    wallSeconds: run.wallSeconds,
    cpuSeconds: run.cpuSeconds,
    memBytes: run.peakRssKB * 1024,
    memText: `${mb(run.peakRssKB * 1024)} RSS`,
    events: null,
    simSeconds,
    jain,
    utilization,
  };
}

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const fmt = (x, d = 2) => (x === undefined || x === null ? '-' : Number(x).toFixed(d));
const rate = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${(x / 1e3).toFixed(1)} k`);
const ratio = (a, b) => (a && b ? a / b : null);

const cpu = (fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) || [])[1] || 'unknown CPU';
const [load1] = os.loadavg();
console.log(`Bottleneck Lab benchmark: ${new Date().toISOString()}, ${cpu}, Node ${process.version}`);
console.log(
  `load average ${load1.toFixed(2)} on ${os.cpus().length} CPUs` +
    (load1 > os.cpus().length / 2 ? ': the machine is busy, wall times will be noisy' : ''),
);
if (!withNs2) console.log('ns-2 not run (not installed, or --no-ns2); `BL_WITH_NS2=1 npm run setup` installs it');

// One row per runner: { name, wallSeconds, cpuSeconds, memBytes, memText, events, simSeconds }.
const results = [];
// ns-3.37 (Debian's libns3-dev): build/ns3-dumbbell, built from docs/ns3/dumbbell.cc if needed.
function haveNs3() {
  if (!ns3Installed()) return false;
  try {
    buildNs3();
    return true;
  } catch (e) {
    console.log(`ns-3 not run: ${e.message}`);
    return false;
  }
}
const withNs3 = !args.includes('--no-ns3') && !quick && haveNs3();

for (const { id, label, scenario, ns2: ns2Ok, ns3: ns3Ok } of scenarios) {
  console.log(`\n${label}`);
  const native = await runNative(scenario);
  const wasm = await runWasm(scenario);
  const ns2 = withNs2 && ns2Ok !== false ? await runNs2(scenario) : null;
  const n = native.summary;
  const rows = [
    {
      name: 'native',
      wallSeconds: native.wallSeconds,
      cpuSeconds: native.cpuSeconds,
      memBytes: native.peakRssKB * 1024,
      memText: `${mb(native.peakRssKB * 1024)} RSS`,
      events: n.events,
      simSeconds: n.simSeconds,
      jain: n.jain,
      utilization: n.utilization,
    },
    {
      name: 'WASM',
      wallSeconds: wasm.wallSeconds,
      cpuSeconds: wasm.cpuSeconds,
      memBytes: wasm.wasmMemoryBytes,
      nodeRssBytes: wasm.peakRssKB * 1024,
      memText: `${mb(wasm.wasmMemoryBytes)} heap (Node RSS ${mb(wasm.peakRssKB * 1024)})`,
      events: wasm.events,
      simSeconds: wasm.simSeconds,
      jain: wasm.summary.jain,
      utilization: wasm.summary.utilization,
      loadSeconds: wasm.loadSeconds,
    },
  ];
  if (withNs3 && ns3Ok) {
    const r = await runNs3(scenario);
    rows.push(otherSimulatorRow('ns-3', r, r.result.jain, r.result.util, n.simSeconds));
  }
  if (ns2) rows.push(otherSimulatorRow('ns-2', ns2, ns2.result.jain, ns2.result.utilization, n.simSeconds));
  console.log(
    `  ${'runner'.padEnd(7)} ${'wall'.padStart(9)} ${'cpu'.padStart(9)}  ${'peak memory'.padEnd(36)} ${'events/s'.padEnd(15)} sim s per wall s`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(7)} ${fmt(r.wallSeconds).padStart(7)} s ${fmt(r.cpuSeconds).padStart(7)} s  ` +
        `${r.memText.padEnd(36)} ${(r.events ? `${rate(r.events / r.wallSeconds)}events/s` : '-').padEnd(15)} ` +
        `${fmt(r.simSeconds / r.wallSeconds, 1)}`,
    );
  }
  console.log(
    `  WASM module load and first compile (before the timed run, not in its times): ${fmt(wasm.loadSeconds, 3)} s wall`,
  );
  console.log(
    `  native and WASM events: ${n.events === wasm.events ? `identical (${n.events})` : `DIFFERENT (${n.events}, ${wasm.events})`}`,
  );
  console.log(
    `  Jain / utilisation: ${rows.map((r) => `${r.name} ${fmt(r.jain, 3)} / ${fmt(r.utilization, 3)}`).join(', ')}`,
  );
  const result = { id, label, rows };
  if (ns2) {
    const [nat, wa] = rows;
    const ns = rows.find((r) => r.name === 'ns-2');
    result.ratios = {
      wallNs2OverWasm: ratio(ns.wallSeconds, wa.wallSeconds),
      cpuNs2OverWasm: ratio(ns.cpuSeconds, wa.cpuSeconds),
      memNs2OverWasmHeap: ratio(ns.memBytes, wa.memBytes),
      memNs2OverNodeRss: ratio(ns.memBytes, wa.nodeRssBytes),
      wallNs2OverNative: ratio(ns.wallSeconds, nat.wallSeconds),
      memNs2OverNative: ratio(ns.memBytes, nat.memBytes),
    };
    const q = result.ratios;
    console.log(
      `  ns-2 : WASM  time ${fmt(q.wallNs2OverWasm, 1)}x wall, ${fmt(q.cpuNs2OverWasm, 1)}x CPU (target >= 3); ` +
        `memory ${fmt(q.memNs2OverWasmHeap, 1)}x the WASM heap (target >= 10), ${fmt(q.memNs2OverNodeRss, 1)}x the whole Node process`,
    );
    console.log(`  ns-2 : native  time ${fmt(q.wallNs2OverNative, 1)}x wall; memory ${fmt(q.memNs2OverNative, 1)}x`);
  }
  results.push(result);
}

if (args.includes('--markdown')) {
  console.log('\n| scenario | runner | wall time | CPU time | peak memory | events/s | sim s per wall s |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const { label, rows, ratios: q } of results) {
    rows.forEach((r, i) =>
      console.log(
        `| ${i ? '' : label} | ${r.name} | ${fmt(r.wallSeconds)} s | ${fmt(r.cpuSeconds)} s | ` +
          `${r.memText} | ${r.events ? rate(r.events / r.wallSeconds) : '-'} | ${fmt(r.simSeconds / r.wallSeconds, 1)} |`,
      ),
    );
    if (q) {
      console.log(
        `| | **ns-2 : WASM** | **${fmt(q.wallNs2OverWasm, 1)}x** | **${fmt(q.cpuNs2OverWasm, 1)}x** | ` +
          `**${fmt(q.memNs2OverWasmHeap, 1)}x** heap, ${fmt(q.memNs2OverNodeRss, 1)}x Node RSS | | |`,
      );
    }
  }
}
if (jsonOut) {
  fs.mkdirSync(path.dirname(path.resolve(jsonOut)), { recursive: true });
  fs.writeFileSync(
    jsonOut,
    JSON.stringify({ date: new Date().toISOString(), cpu, node: process.version, load1, results }, null, 2),
  );
  console.log(`\nresults written to ${jsonOut}`);
}
