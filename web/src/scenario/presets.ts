// Preset scenarios, one per experiment of the papers (more are added as the core grows).
// The first one is what a first visit runs. The URL stores a preset id plus the differences.
import type { Scenario } from '../core/types';

export interface Preset {
  id: string;
  title: string;
  source: string;
  scenario: Scenario;
}

const xqmDumbbell: Scenario = {
  version: 1,
  name: 'XQM dumbbell: exogenous loss 0 -> 1 -> 5 %',
  seed: 1,
  duration: 60,
  samplePeriod: 0.1,
  packetSize: 1000,
  topology: {
    kind: 'dumbbell',
    bottleneckRate: 16e6,
    bottleneckDelay: 0.001,
    accessRate: 100e6,
    accessDelayMin: 0.001,
    accessDelayMax: 0.004,
  },
  queue: { kind: 'droptail', buffer: 250 },
  exoLoss: { kind: 'schedule', steps: [[0, 0], [20, 0.01], [40, 0.05]] },
  flows: { count: 20, tcp: 'newreno' },
};

export const PRESETS: readonly Preset[] = [
  {
    id: 'xqm-dumbbell',
    title: 'XQM: dumbbell, DropTail, exogenous loss 0 -> 1 -> 5 %',
    source: 'XQM paper, dumbbell experiment',
    scenario: xqmDumbbell,
  },
  {
    id: 'xqm-dumbbell-red',
    title: 'XQM: dumbbell, RED baseline, exogenous loss 0 -> 1 -> 5 %',
    source: 'XQM paper, RED baseline',
    scenario: {
      ...xqmDumbbell,
      name: 'XQM dumbbell with RED',
      queue: { kind: 'red', buffer: 250, minTh: 50, maxTh: 150, maxP: 0.1 },
    },
  },
  {
    id: 'dumbbell-bernoulli',
    title: 'Dumbbell, 10 flows, steady 1 % exogenous loss',
    source: 'teaching example',
    scenario: {
      ...xqmDumbbell,
      name: 'Dumbbell with 1 % random loss',
      duration: 120,
      exoLoss: { kind: 'bernoulli', rate: 0.01 },
      flows: { count: 10, tcp: 'newreno' },
    },
  },
];

export const DEFAULT_PRESET: Preset = PRESETS[0]!;

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** A fresh deep copy, so editing never touches the preset itself. */
export function cloneScenario(s: Scenario): Scenario {
  return structuredClone(s);
}
