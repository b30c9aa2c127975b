// One benchmark run of a scenario in the WebAssembly core under Node, in its own process
// so its memory is its own: `node wasm-core/bench/run-wasm.mjs SCENARIO.json`.
// Runs the way the browser worker does (a simulated second at a time, draining the metric
// blocks after each), then prints one JSON line: wall and CPU time, events, simulated
// seconds, WASM linear memory, process peak RSS and the summary. scripts/bench.mjs drives it.
import fs from 'node:fs';
import { loadBlCore, BL_RUN } from '../node/blcore.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node wasm-core/bench/run-wasm.mjs SCENARIO.json');
  process.exit(2);
}
const scenario = fs.readFileSync(file, 'utf8');
const duration = JSON.parse(scenario).duration ?? 0;

const tLoad = performance.now();
const core = await loadBlCore();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const sim = core.create(scenario);
let blockBytes = 0;
for (let t = 1; ; t += 1) {
  const status = sim.runUntil(t);
  blockBytes += sim.drain().bytes.length;
  if (status === BL_RUN.FINISHED) break;
  if (t > duration + 1) throw new Error(`still not finished at ${t} s (duration ${duration} s)`);
}
const wallSeconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const summary = sim.summary();
const result = {
  loadSeconds: (t0 - tLoad) / 1000,
  wallSeconds,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  events: sim.events(),
  simSeconds: sim.now(),
  wasmMemoryBytes: core.memoryBytes(),
  peakRssKB: process.resourceUsage().maxRSS,
  blockBytes,
  summary,
};
sim.destroy();
console.log(JSON.stringify(result));
