// ns-3.37 from Debian (libns3-dev): whether it is installed, compiling the one ns-3 program of
// docs/ns3/ (dumbbell.cc) and running a core scenario (docs/scenario.md) in it. Shared by the
// benchmark (scripts/bench.mjs) and the ns-3 validation driver (scripts/validate-ns3.mjs).
// Debian's pkg-config files are broken (../shared/TOOLCHAIN.md), so the libraries are named here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, coreDefaults, measureProcess } from './runners.mjs';

const LIBS = [
  'core',
  'network',
  'internet',
  'point-to-point',
  'applications',
  'traffic-control',
  'nix-vector-routing',
  'bridge',
  'stats',
].map((l) => `-lns3-${l}`);

export const ns3Source = path.join(root, 'docs/ns3/dumbbell.cc');
export const ns3Binary = path.join(root, 'build/ns3-dumbbell');

export function ns3Installed() {
  return fs.existsSync('/usr/lib/x86_64-linux-gnu/libns3-core.so');
}

/** Compiles `src` to `exe` with g++ -O2; returns g++'s result ({status, stderr}). */
export function compileNs3(src, exe) {
  return spawnSync('g++', ['-O2', '-std=c++17', src, '-o', exe, '-Wl,--no-as-needed', ...LIBS], { encoding: 'utf8' });
}

/**
 * The program's own source files: dumbbell.cc and every file of docs/ns3/ it includes with
 * `#include "..."`, followed through the included files.
 */
export function ns3Sources(src = ns3Source) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^\s*#\s*include\s+"([^"]+)"/gm))
      visit(path.join(path.dirname(file), m[1]));
  };
  visit(src);
  return [...seen];
}

/**
 * Builds build/ns3-dumbbell when it is missing or older than any of its sources (ns3Sources);
 * throws if it cannot.
 */
export function buildNs3() {
  const newest = Math.max(...ns3Sources().map((f) => fs.statSync(f).mtimeMs));
  if (fs.existsSync(ns3Binary) && fs.statSync(ns3Binary).mtimeMs >= newest) return ns3Binary;
  if (!ns3Installed()) throw new Error('ns-3.37 is not installed: apt-get install -y libns3-dev');
  fs.mkdirSync(path.dirname(ns3Binary), { recursive: true });
  const r = compileNs3(ns3Source, ns3Binary);
  if (r.status !== 0) throw new Error(`compiling ${ns3Source} failed:\n${r.stderr}`);
  return ns3Binary;
}

const CC = { aimd: 'newreno', cubic: 'cubic', bbr: 'bbr', dctcp: 'dctcp' };
const QUEUE = { droptail: 'fifo', codel: 'codel', pie: 'pie', fq_codel: 'fqcodel', red: 'red', step: 'step' };
// Queue parameters the program maps; any other parameter set away from the core's default is
// an error rather than silently run with ns-3's value.
const QUEUE_KEYS = {
  droptail: ['buffer'],
  codel: ['buffer', 'ecn'],
  pie: ['buffer', 'ecn'],
  fq_codel: ['buffer', 'ecn'],
  red: ['buffer', 'minTh', 'maxTh', 'maxP', 'weight', 'gentle', 'ecn'],
  step: ['buffer', 'K'],
};

/** ns-3's congestion control name for a core `cc`, or an error naming the field. */
function ccName(cc, where) {
  const n = CC[cc];
  if (!n)
    throw new Error(`ns-3 mapping: ${where} ${cc} has no ns-3 counterpart (allowed: ${Object.keys(CC).join(', ')})`);
  return n;
}

/**
 * The docs/ns3/dumbbell.cc options ("--key=value") for a dumbbell scenario; keys the scenario
 * leaves out take the core's defaults (`blsim --describe`). Units: the program takes Mb/s and
 * ms. One definition differs and is converted: the core's step queue marks an arrival that
 * finds K packets waiting, the packet on the wire not counted; in ns-3 one waiting packet sits
 * in the bottleneck device's one-packet queue, outside the queue disc, so the disc's threshold
 * is K - 1 for the same physical queue. `extra` adds options (traceFlow, traceFile).
 */
export function ns3Args(s, extra = {}) {
  const d = coreDefaults();
  const top = { ...d[''], ...s };
  const t = { ...d['topology.dumbbell'], ...s.topology };
  if ((s.topology?.kind ?? 'dumbbell') !== 'dumbbell')
    throw new Error(`ns-3 mapping: only dumbbell topologies, not ${s.topology.kind}`);
  if (t.sameAccessDelay) throw new Error('ns-3 mapping: topology.sameAccessDelay is not mapped');
  const qkind = s.queue?.kind ?? 'droptail';
  if (!QUEUE[qkind])
    throw new Error(`ns-3 mapping: queue.kind ${qkind} is not mapped (allowed: ${Object.keys(QUEUE).join(', ')})`);
  const q = { ...d[`queue.${qkind}`], ...s.queue };
  for (const k of Object.keys(s.queue ?? {})) {
    if (k !== 'kind' && !QUEUE_KEYS[qkind].includes(k))
      throw new Error(`ns-3 mapping: queue.${k} is not mapped for ${qkind}`);
  }
  const f = { ...d.flows, ...s.flows };
  if (s.traffic?.length || (s.exoLoss?.kind && s.exoLoss.kind !== 'none'))
    throw new Error('ns-3 mapping: traffic and exoLoss are not mapped');
  const timestamps = { 40: 0, 52: 1 }[top.headerSize];
  if (timestamps === undefined)
    throw new Error(`ns-3 mapping: headerSize ${top.headerSize} is not mapped (40: TCP/IP; 52: with timestamps)`);
  const sack = { sack: 1, newreno: 0 }[f.tcp];
  if (sack === undefined) throw new Error(`ns-3 mapping: flows.tcp ${f.tcp} is not mapped (allowed: sack, newreno)`);
  const cc = ccName(f.cc, 'flows.cc');
  // flowOverrides: one other congestion control for a set of flows, nothing else.
  const group2 = [];
  let cc2 = cc;
  for (const o of s.flowOverrides ?? []) {
    const keys = Object.keys(o).filter((k) => k !== 'flow' && k !== 'cc');
    if (keys.length) throw new Error(`ns-3 mapping: flowOverrides[].${keys[0]} is not mapped (only cc)`);
    const c = ccName(o.cc ?? f.cc, 'flowOverrides[].cc');
    if (group2.length && c !== cc2) throw new Error('ns-3 mapping: flowOverrides may name one cc only');
    cc2 = c;
    group2.push(o.flow);
  }
  const cubic = { ...d['cc.cubic'], ...f.ccParams };
  const a = {
    flows: f.count,
    cc,
    ...(group2.length ? { cc2, cc2Flows: group2.join(',') } : {}),
    queue: QUEUE[qkind],
    buffer: q.buffer,
    rate: t.bottleneckRate / 1e6,
    delay: t.bottleneckDelay * 1e3,
    accessRate: t.accessRate / 1e6,
    accessDelayMin: t.accessDelayMin * 1e3,
    accessDelayMax: t.accessDelayMax * 1e3,
    accessBuffer: t.accessBuffer,
    duration: top.duration,
    measureFrom: top.measureFrom,
    seed: top.seed,
    packetSize: top.packetSize,
    initialCwnd: f.initialCwnd,
    rwnd: f.rwnd,
    minRto: f.minRto,
    sack,
    delayedAck: f.delayedAck ? 1 : 0,
    hystart: cubic.hystart ? 1 : 0,
    timestamps,
    start: f.start,
    startSpread: f.startSpread,
    ecn: f.ecn ? 1 : 0,
    queueEcn: q.ecn ? 1 : 0,
  };
  if (qkind === 'step') a.K = q.K - 1;
  if (qkind === 'red')
    Object.assign(a, { minTh: q.minTh, maxTh: q.maxTh, maxP: q.maxP, qw: q.weight, gentle: q.gentle ? 1 : 0 });
  Object.assign(a, extra);
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null) throw new Error(`ns-3 mapping: no value or default for ${k}`);
  }
  return Object.entries(a).map(([k, v]) => `--${k}=${v}`);
}

/**
 * Runs a scenario in ns-3 (building the program first if needed): { result, args, wallSeconds,
 * cpuSeconds, peakRssKB }, result being the program's JSON line. With `lock` each run is
 * started under `flock lock nice -n 15` (a shared machine's lock for long simulations).
 */
export async function runNs3(scenario, { lock = null, extra = {} } = {}) {
  const exe = buildNs3();
  const args = ns3Args(scenario, extra);
  const r = lock
    ? await measureProcess('flock', [lock, 'nice', '-n', '15', exe, ...args])
    : await measureProcess(exe, args);
  return {
    result: JSON.parse(r.stdout.trim().split('\n').pop()),
    args,
    wallSeconds: r.wallSeconds,
    cpuSeconds: r.cpuSeconds,
    peakRssKB: r.peakRssKB,
  };
}
