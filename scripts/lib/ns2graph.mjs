// Runs a scenario with a `graph` topology in ns-2 through docs/ns2/graph.tcl: DropTail queues
// only (a link's queue buffer; other kinds are refused), TCP Reno or NewReno,
// the flows' start times drawn here (uniform in [start, start + startSpread) from `seed`, not
// the core's own draws). Packet sizes: ns-2 gets packetSize - 40 (it adds a 40-byte header).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, measureProcess, ns2Binary, coreDefaults } from './runners.mjs';

const script = path.join(root, 'docs/ns2/graph.tcl');

/** A small seeded generator (mulberry32) for the start times. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Tcl description of scenario `s` for graph.tcl; `watch` names the links whose drops to report. */
export function ns2GraphDescription(s, watch = []) {
  const g = s.topology;
  if (g?.kind !== 'graph') throw new Error('ns-2 graph mapping: the topology must be a graph');
  // Keys the scenario leaves out take the core's defaults (blsim --describe).
  const d = coreDefaults();
  const top = { ...d[''], ...s };
  const f = { ...d.flows, ...s.flows };
  const tcp = { newreno: 'Newreno', reno: 'Reno' }[f.tcp];
  if (!tcp) throw new Error(`ns-2 graph mapping: tcp ${f.tcp} is not mapped`);
  if (s.flowOverrides?.length || s.traffic?.length)
    throw new Error('ns-2 graph mapping: flowOverrides and traffic are not mapped');
  const other = g.links.find((l) => l.queue && (l.queue.kind ?? 'droptail') !== 'droptail');
  if (other)
    throw new Error(`ns-2 graph mapping: link ${other.name} has a ${other.queue.kind} queue; only droptail is mapped`);
  for (const fl of g.flows)
    if (Object.keys(fl).some((k) => !['src', 'dst', 'deadline'].includes(k)))
      throw new Error('ns-2 graph mapping: per-flow fields other than src/dst are not mapped');
  const draw = rng(top.seed);
  const start = f.start,
    spread = f.startSpread;
  const tclList = (xs) => `{${xs.join(' ')}}`;
  const lines = [
    `set opt(duration) ${top.duration}`,
    `set opt(measureFrom) ${top.measureFrom}`,
    `set opt(packetSize) ${top.packetSize - 40}`,
    `set opt(window) ${f.rwnd}`,
    `set opt(tcp) ${tcp}`,
    `set opt(minRto) ${f.minRto}`,
    `set opt(initialCwnd) ${f.initialCwnd}`,
    `set opt(seed) ${top.seed}`,
    'set opt(reverseBuffer) 10000',
    `set nodes ${tclList(g.nodes)}`,
    `set links ${tclList(g.links.map((l) => tclList([l.name, l.from, l.to, l.rate, l.delay, l.queue?.buffer ?? 10000])))}`,
    `set flows ${tclList(g.flows.map((fl) => tclList([fl.src, fl.dst, (start + draw() * spread).toFixed(6)])))}`,
    `set watch ${tclList(watch)}`,
  ];
  return lines.join('\n') + '\n';
}

/** Runs it: { flows: [{goodputBps, timeouts, retransmits}], drops: {link: n}, wallSeconds }. */
export async function runNs2Graph(s, watch = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-ns2g-'));
  const file = path.join(dir, 'desc.tcl');
  fs.writeFileSync(file, ns2GraphDescription(s, watch));
  try {
    const r = await measureProcess(ns2Binary, [script, file]);
    return { ...JSON.parse(r.stdout.trim().split('\n').pop()), wallSeconds: r.wallSeconds };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
