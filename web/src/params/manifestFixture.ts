// A small manifest (bl_manifest's shape) for unit tests of code that reads one: a dumbbell of
// `flows` flows with its bottleneck's queue `queueKind` and every flow's loss model `loss`.
// Browser tests and coreKeys.test.ts read real ones from the core.
import type { Json, Manifest, ManifestLoss, Scenario } from './types';

export function testManifest(
  o: {
    flows?: number;
    queueKind?: string;
    queueParams?: Record<string, Json>;
    cc?: string;
    loss?: ManifestLoss | null;
    rate?: number;
    now?: number;
  } = {},
): Manifest {
  const n = o.flows ?? 2;
  const queueKind = o.queueKind ?? 'droptail';
  const params = o.queueParams ?? { buffer: 250 };
  const loss = o.loss ?? null;
  const rate = o.rate ?? 16e6;
  const links: Manifest['links'] = [
    {
      name: 'bottleneck',
      from: 'L',
      to: 'R',
      rate,
      delay: 0.001,
      buffer: 250,
      queue: { kind: queueKind, params },
      loss: null,
    },
  ];
  const flows: Manifest['flows'] = [];
  for (let i = 0; i < n; i++) {
    links.push({
      name: `dst.${i}`,
      from: 'R',
      to: `r${i}`,
      rate: 1e8,
      delay: 0.002,
      buffer: 1000,
      queue: { kind: 'droptail', params: { buffer: 1000 } },
      loss,
    });
    flows.push({
      index: i,
      id: i,
      group: '',
      cc: o.cc ?? 'aimd',
      ccParams: {},
      recovery: 'newreno',
      ownsWindow: false,
      ecn: false,
      pacing: false,
      rwnd: 10000,
      initialCwnd: 2,
      minRto: 0.2,
      start: 0,
      stop: null,
      rtt: 0.01,
      path: [`src.${i}`, 'bottleneck', `dst.${i}`],
      lossLink: `dst.${i}`,
      crossesBottleneck: true,
      aggregate: null,
      live: { exoLoss: loss?.rate ?? 0, weight: 1, deadline: null, active: true },
    });
  }
  return {
    version: 1,
    now: o.now ?? 0,
    nextChange: null,
    run: { duration: 60, seed: 1, samplePeriod: 0.1, measureFrom: 0, packetSize: 1000, headerSize: 40 },
    topology: 'dumbbell',
    nodes: ['L', 'R'],
    bottleneck: 'bottleneck',
    traced: ['bottleneck'],
    links,
    flows,
    sources: 0,
    live: {
      flows: { exoLoss: loss?.rate ?? 0, weight: 1, deadline: null, active: true },
      'queue.bottleneck': params,
      'link.bottleneck': { rate, lossRate: 0 },
    },
    changes: [],
  };
}

/** The first screen's loss schedule, 0 -> 1 % at 20 s -> 5 % at 40 s, with `rate` in force now. */
export function firstScreenSchedule(rate: number): ManifestLoss {
  return {
    kind: 'schedule',
    params: {
      steps: [
        [0, 0],
        [20, 0.01],
        [40, 0.05],
      ],
      position: 'afterLink',
    },
    source: 'exoLoss',
    rate,
  };
}

type Obj = Record<string, Json>;
const obj = (v: Json | undefined): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});
const num = (v: Json | undefined, d: number): number => (typeof v === 'number' ? v : d);

/**
 * A manifest as the core would build one from a preset's scenario, near enough for unit tests of
 * what the page says of a run (the stories): its flow count, each flow's window rule, ECN,
 * weight and deadline, round trips, the bottleneck's rate, buffer, queue kind and parameters, the
 * flows' loss model. Topologies: a dumbbell, a chain's first hop, a graph's first link.
 * Browser tests read real manifests from the core.
 */
export function scenarioManifest(s: Scenario): Manifest {
  const topo = obj(s.topology);
  const flowsDoc = obj(s.flows);
  const kind = typeof topo.kind === 'string' ? topo.kind : 'dumbbell';
  const graphFlows = Array.isArray(topo.flows) ? topo.flows.map(obj) : [];
  const firstLink = Array.isArray(topo.links) ? obj(topo.links[0]) : {};
  const n =
    kind === 'chain'
      ? num(topo.overlayFlows, 10) + 3 * num(topo.crossFlows, 10)
      : kind === 'graph'
        ? graphFlows.length
        : num(flowsDoc.count, 20);
  const queue = kind === 'graph' ? obj(firstLink.queue) : obj(s.queue);
  const { kind: qk, ...queueParams } = queue;
  const rate =
    kind === 'chain'
      ? num(Array.isArray(topo.rates) ? topo.rates[0] : undefined, 100e6)
      : kind === 'graph'
        ? num(firstLink.rate, 1e9)
        : num(topo.bottleneckRate, 16e6);
  const exo = obj(s.exoLoss);
  const lossKind = typeof exo.kind === 'string' ? exo.kind : 'none';
  const steps = Array.isArray(exo.steps) ? exo.steps : [];
  const firstStep = Array.isArray(steps[0]) ? steps[0] : [];
  const { kind: _lk, ...lossParams } = exo;
  const loss: ManifestLoss | null =
    lossKind === 'none'
      ? null
      : { kind: lossKind, params: lossParams, source: 'exoLoss', rate: num(firstStep[1] ?? exo.rate, 0) };
  const m = testManifest({
    flows: n,
    queueKind: typeof qk === 'string' ? qk : 'droptail',
    queueParams: queueParams,
    cc: typeof flowsDoc.cc === 'string' ? flowsDoc.cc : 'aimd',
    loss,
    rate,
  });
  m.topology = kind;
  // A schedule's next step after the start (the core's nextChange at time 0).
  const later = steps.map((st) => (Array.isArray(st) ? num(st[0], 0) : 0)).filter((t) => t > 0);
  m.nextChange = later.length ? Math.min(...later) : null;
  m.run.packetSize = num(s.packetSize, 1000);
  const b = m.links[0]!;
  b.buffer = num(queue.buffer, 250);
  b.delay = num(topo.bottleneckDelay ?? topo.hopDelay ?? firstLink.delay, 0.001);
  const lo = num(topo.accessDelayMin, 0.001);
  const hi = num(topo.accessDelayMax, lo);
  const overrides = Array.isArray(s.flowOverrides) ? s.flowOverrides.map(obj) : [];
  for (const f of m.flows) {
    const own = { ...flowsDoc, ...(graphFlows[f.index] ?? {}), ...(overrides.find((o) => o.flow === f.index) ?? {}) };
    if (typeof own.cc === 'string') f.cc = own.cc;
    f.ecn = own.ecn === true;
    f.live.weight = num(own.weight, 1);
    f.live.deadline = typeof own.deadline === 'number' ? own.deadline : null;
    const access = n > 1 ? lo + ((hi - lo) * f.index) / (n - 1) : lo;
    f.rtt = 2 * (b.delay + 2 * access);
  }
  return m;
}
