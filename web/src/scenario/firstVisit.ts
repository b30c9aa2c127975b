// The scenario a first visit runs, in a module of its own with no imports but a type: the page's
// entry chunk (main.tsx) asks the worker for its run before the page's code has loaded.
import type { Scenario } from '../params/types';

/**
 * What a first visit runs: the XQM paper's dumbbell, short enough to watch whole, with the
 * exogenous loss stepping 0 -> 1 -> 5 %. The other presets are the shared scenario files in
 * public/presets/ (the CLI reads the same files: `npm run sim -- --preset NAME`).
 */
export const firstVisit: Scenario = {
  version: 1,
  name: 'XQM dumbbell: exogenous loss 0% -> 1% at 20 s -> 5% at 40 s',
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
  exoLoss: {
    kind: 'schedule',
    steps: [
      [0, 0],
      [20, 0.01],
      [40, 0.05],
    ],
  },
  flows: { count: 20, tcp: 'newreno' },
};
