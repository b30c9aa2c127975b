// Runs one scenario (docs/scenario.md) with the native CLI or with ns-2, measuring wall time
// and peak memory of the child process. Shared by the benchmark (scripts/bench.mjs) and the
// validation runners (scripts/validate-*.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const blsim = path.join(root, 'build/native/blsim');
export const ns2Script = path.join(root, 'docs/ns2/dumbbell.tcl');
export const ns2Binary = '/usr/bin/ns';
const gnuTime = '/usr/bin/time';

/** Jain's fairness index of an array of non-negative numbers (the one copy, wasm-core/js/jain.mjs). */
export { jainIndex as jain } from '../../wasm-core/js/jain.mjs';

/**
 * Runs cmd with args; resolves { stdout, stderr, wallSeconds, cpuSeconds, peakRssKB } or
 * rejects with the child's stderr. Peak memory is the child's maximum resident set and
 * cpuSeconds its user + system time, from GNU time when /usr/bin/time exists; otherwise
 * memory is sampled from /proc/PID/status (VmHWM) every 20 ms and cpuSeconds is null.
 */
export function measureProcess(cmd, args, { cwd = root } = {}) {
  const useTime = fs.existsSync(gnuTime);
  const argv = useTime ? ['-f', 'BLTIME %M %U %S', cmd, ...args] : args;
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(useTime ? gnuTime : cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let hwm = 0;
    let cpuSeconds = null;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const poll = useTime
      ? null
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) hwm = Math.max(hwm, Number(m[1]));
          } catch {
            /* exited */
          }
        }, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      const wallSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
      if (poll) clearInterval(poll);
      if (useTime) {
        const m = /BLTIME (\d+) ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
        if (m) {
          hwm = Number(m[1]);
          cpuSeconds = Number(m[2]) + Number(m[3]);
          stderr = stderr.slice(0, m.index);
        }
      }
      if (code !== 0) {
        reject(new Error(`${path.basename(cmd)} ${args.join(' ')} exited ${code}:\n${stderr}`));
        return;
      }
      resolve({ stdout, stderr, wallSeconds, cpuSeconds, peakRssKB: hwm });
    });
  });
}

/** Writes a scenario object to a temporary file and returns its path. */
export function scenarioFile(scenario) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-scn-'));
  const file = path.join(dir, 'scenario.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  return file;
}

/** Native CLI run: { summary, wallSeconds, peakRssKB }. Needs `npm run build:native`. */
export async function runNative(scenario, extraArgs = []) {
  if (!fs.existsSync(blsim)) throw new Error(`${blsim} is missing: run \`npm run build:native\``);
  const file = scenarioFile(scenario);
  try {
    const r = await measureProcess(blsim, ['--scenario', file, ...extraArgs]);
    return {
      summary: JSON.parse(r.stdout),
      wallSeconds: r.wallSeconds,
      cpuSeconds: r.cpuSeconds,
      peakRssKB: r.peakRssKB,
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/**
 * The core's parameter defaults from `blsim --describe`, by scenario path for plain groups
 * ('': the document, 'flows': the flow defaults) and by family.kind for kinds
 * ('queue.red': { maxP: 0.1, ... }, 'topology.dumbbell': ...).
 */
let defaults = null;
export function coreDefaults() {
  if (!defaults) {
    const r = spawnSync(blsim, ['--describe'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`blsim --describe failed: ${r.stderr || r.error}`);
    defaults = {};
    const doc = JSON.parse(r.stdout);
    const byKey = (specs) => Object.fromEntries(specs.map((p) => [p.key, p.default]));
    for (const [group, g] of Object.entries(doc.groups)) if (g.specs) defaults[group] = byKey(g.specs);
    for (const [family, kinds] of Object.entries(doc.kinds))
      for (const [kind, k] of Object.entries(kinds)) defaults[`${family}.${kind}`] = byKey(k.specs);
  }
  return defaults;
}

/**
 * The docs/ns2/dumbbell.tcl arguments for a dumbbell scenario, so ns-2 runs the same
 * topology; keys the scenario leaves out take the core's defaults. Packet sizes: our
 * `packetSize` is bytes on the wire; ns-2 adds a 40-byte TCP/IP header to packetSize_, so
 * it gets packetSize - 40 and both put the same bytes on the wire.
 */
export function ns2Args(s) {
  const d = coreDefaults();
  const pick = (obj, group) => ({ ...d[group], ...obj });
  const top = pick(s, '');
  const t = pick(s.topology, 'topology.dumbbell');
  if ((s.topology?.kind ?? 'dumbbell') !== 'dumbbell')
    throw new Error(`ns-2 mapping: only dumbbell topologies, not ${s.topology.kind}`);
  const qkind = s.queue?.kind ?? 'droptail';
  const q = pick(s.queue, `queue.${qkind}`);
  const f = pick(s.flows, 'flows');
  if (s.flowOverrides?.length || s.traffic?.length) {
    throw new Error('ns-2 mapping: flowOverrides and traffic are not mapped');
  }
  const tcp = { newreno: 'Newreno', reno: 'Reno', sack: 'Sack1' }[f.tcp];
  if (!tcp) throw new Error(`ns-2 mapping: tcp ${f.tcp} is not mapped`);
  const a = {
    flows: f.count,
    rate: t.bottleneckRate,
    delay: t.bottleneckDelay,
    accessRate: t.accessRate,
    accessDelayMin: t.accessDelayMin,
    accessDelayMax: t.accessDelayMax,
    accessBuffer: t.accessBuffer,
    buffer: q.buffer,
    duration: top.duration,
    measureFrom: top.measureFrom,
    seed: top.seed,
    packetSize: top.packetSize - 40,
    tcp,
    start: f.start,
    startSpread: f.startSpread,
    delack: f.delayedAck ? 1 : 0,
    window: f.rwnd,
    minRto: f.minRto,
    initialCwnd: f.initialCwnd,
  };
  if (qkind === 'red') {
    Object.assign(a, {
      queue: 'RED',
      minTh: q.minTh,
      maxTh: q.maxTh,
      maxP: q.maxP,
      wq: q.weight,
      gentle: q.gentle ? 1 : 0,
    });
  } else if (qkind !== 'droptail') {
    throw new Error(`ns-2 mapping: queue ${qkind} is not mapped`);
  }
  const loss = s.exoLoss ?? { kind: 'none' };
  if (loss.kind === 'bernoulli') a.loss = loss.rate;
  else if (loss.kind === 'schedule') a.lossSchedule = loss.steps.map(([t0, r]) => `${t0}:${r}`).join(',');
  else if (loss.kind !== 'none') throw new Error(`ns-2 mapping: exoLoss ${loss.kind} is not mapped`);
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null) throw new Error(`ns-2 mapping: no value or default for ${k}`);
  }
  return Object.entries(a).flatMap(([k, v]) => [`-${k}`, String(v)]);
}

export const haveNs2 = () => fs.existsSync(ns2Binary);

/** ns-2 run of the same scenario: { result, wallSeconds, peakRssKB }. */
export async function runNs2(scenario) {
  const r = await measureProcess(ns2Binary, [ns2Script, ...ns2Args(scenario)]);
  const line = r.stdout.trim().split('\n').pop();
  return { result: JSON.parse(line), wallSeconds: r.wallSeconds, cpuSeconds: r.cpuSeconds, peakRssKB: r.peakRssKB };
}
