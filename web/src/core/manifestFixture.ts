// A small manifest (bl_manifest's shape) for unit tests of code that reads one: a dumbbell of
// `flows` flows with its bottleneck's queue `queueKind` and every flow's loss model `loss`.
// Browser tests and coreKeys.test.ts read real ones from the core.
import type { Json, Manifest, ManifestLoss } from './types';

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
