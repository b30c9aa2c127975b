// Shapes shared by the page, the worker and the URL code. The scenario itself is the JSON
// document of docs/scenario.md; only the parts the UI reads are typed here.

import type { BlockEvents, Json, JsonObject } from '../../../wasm-core/js/types.mjs';
export type { BlockEvents, Json, JsonObject };

/** A scenario document (docs/scenario.md, version 1). Unknown keys are the core's to judge. */
export interface Scenario extends JsonObject {
  version: 1;
}

/** One tunable, as bl_describe() reports it (normalised by core/specs.ts). */
export interface ParamSpec {
  /** Dotted path of the field in the scenario, e.g. "queue.maxP" (also the URL key). */
  key: string;
  label: string;
  unit: string;
  type: 'number' | 'integer' | 'boolean' | 'enum' | 'string' | 'json';
  /** null is allowed (e.g. stop = never). */
  nullable?: boolean;
  default: Json;
  min?: number;
  max?: number;
  options?: string[];
  /** The names people read for `options` ("droptail" -> "DropTail"), from describe's kind labels. */
  optionLabels?: Record<string, string>;
  /** What each option is, in one sentence (describe's kind help: a window rule's, a queue's). */
  optionHelp?: Record<string, string>;
  help: string;
  /** Can be changed while running through bl_set_param. */
  live: boolean;
  /** The kinds (of the enclosing group, e.g. queue.kind) this parameter applies to, if limited. */
  kinds?: string[];
  /** On a field that selects a kind ("queue.kind", "flows.cc"): the group whose kind it selects, as
   *  the core names it ("queue", "flows.ccParams"). */
  selects?: string;
  /**
   * On the selector of a kind inside an array ("flowOverrides[].cc"): the paths read in order when
   * the field is absent, as describe states them ("topology.flows[flow].cc", "flows.cc"; "[flow]"
   * is the element the entry's `flow` names).
   */
  fallback?: string[];
  /** The live entity/key for bl_set_param, when the spec names them. */
  entity?: string;
  liveKey?: string;
  /**
   * How people read and type it (params/units.ts): "rate" (kb/s, Mb/s, Gb/s), "time" (us, ms, s),
   * "fraction" (%), "count" (a log slider). The value itself stays in the SI unit of `unit`.
   */
  display?: 'rate' | 'time' | 'fraction' | 'count';
}

/** A live parameter change applied at a simulated time. */
export interface ParamChange {
  t: number;
  entity: string;
  key: string;
  value: number;
  /** Human-readable text for chart marks ("exogenous loss 1% -> 5%"). */
  label: string;
  /** A step of the scenario's loss schedule (not a live change). */
  schedule?: boolean;
}

export interface FlowSummary {
  id: number;
  /** The flow's group in a chain ("AD", "AB", ...) or a graph; absent when it has none. */
  group?: string;
  deliveredPackets: number;
  throughputBps: number;
  goodputBps: number;
  sentPackets: number;
  congestionLosses: number;
  exogenousLosses: number;
  retransmits: number;
  timeouts: number;
  fastRetransmits: number;
  /** Packets marked CE at queues (ECN) and window reductions on echoed marks. */
  markedPackets: number;
  ecnReductions: number;
  weight: number;
  rtt: number;
}

export interface QueueSummary {
  id: string;
  kind: string;
  meanLength: number;
  drops: Record<string, number>;
  /** Packets marked CE instead of dropped (ECN). */
  marks: number;
  /** Sojourn time of packets admitted since measureFrom: mean and 95th percentile, seconds. */
  meanDelay?: number;
  p95Delay?: number;
  /** TED's buffer bound Q_max (Section II.B) in packets, for the deadlines in force. */
  qmax?: number;
}

export interface Summary {
  simSeconds: number;
  wallSeconds: number;
  events: number;
  /** Where the measured window starts (or will start), seconds. */
  measureFrom: number;
  flows: FlowSummary[];
  queues: QueueSummary[];
  links: { id: string; utilization: number }[];
  /** Every link's name by its index (metric-block events name links by index). */
  linkNames: string[];
  /** Jain's index of the flows' throughput (whole packets); jainGoodput: of their goodput. */
  jain: number;
  weightedJain: number;
  jainGoodput?: number;
  /** Bottleneck busy time; goodputUtilization: payload delivered in order / capacity. */
  utilization: number;
  goodputUtilization?: number;
  /** The bottleneck's queueing delay since measureFrom: mean and 95th percentile, seconds. */
  meanDelay?: number;
  p95Delay?: number;
  eventsDropped: number;
}

/**
 * The keys of each part of the summary, at run time: coreKeys.test.ts checks them against what
 * the core writes, and the `satisfies` checks below keep them equal to the interfaces above.
 */
export const SUMMARY_KEYS = {
  summary: [
    'simSeconds',
    'wallSeconds',
    'events',
    'measureFrom',
    'flows',
    'queues',
    'links',
    'linkNames',
    'jain',
    'weightedJain',
    'jainGoodput',
    'utilization',
    'goodputUtilization',
    'meanDelay',
    'p95Delay',
    'eventsDropped',
  ],
  flow: [
    'id',
    'group',
    'deliveredPackets',
    'throughputBps',
    'goodputBps',
    'sentPackets',
    'congestionLosses',
    'exogenousLosses',
    'retransmits',
    'timeouts',
    'fastRetransmits',
    'markedPackets',
    'ecnReductions',
    'weight',
    'rtt',
  ],
  queue: ['id', 'kind', 'meanLength', 'drops', 'marks', 'meanDelay', 'p95Delay', 'qmax'],
} as const satisfies {
  summary: readonly (keyof Summary)[];
  flow: readonly (keyof FlowSummary)[];
  queue: readonly (keyof QueueSummary)[];
};

/** A loss model as the run has it (bl_manifest): kind, parameters, where it was set, the rate now. */
export interface ManifestLoss {
  kind: string;
  params: Record<string, Json>;
  /** The scenario path that set it ("exoLoss", "flowOverrides[2].exoLoss", "topology.links[1].loss") or "live". */
  source: string;
  /** The loss rate in force now (a schedule's current step). */
  rate: number;
}

/** A one-way link of the built run. */
export interface ManifestLink {
  name: string;
  from: string;
  to: string;
  /** bit/s now (a live change included), propagation delay in s, buffer in packets. */
  rate: number;
  delay: number;
  buffer: number;
  queue: { kind: string; params: Record<string, Json> };
  loss: ManifestLoss | null;
  /** A link that follows a delivery trace (rate is then its mean): its name, opportunities and period (s). */
  trace?: { name: string; opportunities: number; period: number };
}

/** A live flow parameter's value now (bl_set_param's flow keys); null: none, or flows differ. */
export interface ManifestFlowLive {
  exoLoss: number | null;
  weight: number | null;
  deadline: number | null;
  active: boolean | null;
}

/** A TCP flow as its sender runs it. */
export interface ManifestFlow {
  index: number;
  id: number;
  group: string;
  /** The window rule (congestion control) and its parameters as resolved. */
  cc: string;
  ccParams: Record<string, Json>;
  /** Loss recovery (reno, newreno, sack): which packets are resent and when, under any window rule. */
  recovery: string;
  /** The window rule keeps its own window through a recovery (BBR). */
  ownsWindow: boolean;
  ecn: boolean;
  pacing: boolean;
  rwnd: number;
  initialCwnd: number;
  minRto: number;
  start: number;
  stop: number | null;
  /** Round-trip propagation delay of its path, s. */
  rtt: number;
  /** Its data path, link names in order. */
  path: string[];
  /** The link carrying its own exogenous loss (null: none). */
  lossLink: string | null;
  crossesBottleneck: boolean;
  /** The MPAT aggregate pooling its window (its index in the scenario's `aggregates`); null: none. */
  aggregate: number | null;
  live: ManifestFlowLive;
}

/** What the built run has, now (bl_manifest; docs/scenario.md, "The manifest"). */
export interface Manifest {
  version: number;
  /** Simulated time of this account, s; nextChange: when a loss schedule next moves a value (null: never). */
  now: number;
  nextChange: number | null;
  /** The scenario's top-level numbers as resolved (duration, seed, samplePeriod, measureFrom, packetSize, ...). */
  run: Record<string, number>;
  topology: string;
  nodes: string[];
  bottleneck: string | null;
  /** The links whose queues the charts show, in order (a chain's hops A-B, B-C, C-D). */
  traced: string[];
  links: ManifestLink[];
  flows: ManifestFlow[];
  /** Non-TCP traffic sources. */
  sources: number;
  /** The live parameters the page offers, by bl_set_param entity ("flows", "queue.NAME", "link.NAME"), with their values now. */
  live: Record<string, Record<string, Json>>;
  /** Every live change applied so far, in order. */
  changes: LiveChange[];
}

export const MANIFEST_KEYS = {
  manifest: [
    'version',
    'now',
    'nextChange',
    'run',
    'topology',
    'nodes',
    'bottleneck',
    'traced',
    'links',
    'flows',
    'sources',
    'live',
    'changes',
  ],
  link: ['name', 'from', 'to', 'rate', 'delay', 'buffer', 'queue', 'loss', 'trace'],
  loss: ['kind', 'params', 'source', 'rate'],
  flow: [
    'index',
    'id',
    'group',
    'cc',
    'ccParams',
    'recovery',
    'ownsWindow',
    'ecn',
    'pacing',
    'rwnd',
    'initialCwnd',
    'minRto',
    'start',
    'stop',
    'rtt',
    'path',
    'lossLink',
    'crossesBottleneck',
    'aggregate',
    'live',
  ],
  flowLive: ['exoLoss', 'weight', 'deadline', 'active'],
} as const satisfies {
  manifest: readonly (keyof Manifest)[];
  link: readonly (keyof ManifestLink)[];
  loss: readonly (keyof ManifestLoss)[];
  flow: readonly (keyof ManifestFlow)[];
  flowLive: readonly (keyof ManifestFlowLive)[];
};

/** true when every key of T is listed in K (a key added to an interface but not its list fails to compile). */
type Covers<T, K extends readonly PropertyKey[]> = Exclude<keyof T, K[number]> extends never ? true : never;
export const KEY_LISTS_COVER: [
  Covers<Summary, typeof SUMMARY_KEYS.summary>,
  Covers<FlowSummary, typeof SUMMARY_KEYS.flow>,
  Covers<QueueSummary, typeof SUMMARY_KEYS.queue>,
  Covers<Manifest, typeof MANIFEST_KEYS.manifest>,
  Covers<ManifestLink, typeof MANIFEST_KEYS.link>,
  Covers<ManifestLoss, typeof MANIFEST_KEYS.loss>,
  Covers<ManifestFlow, typeof MANIFEST_KEYS.flow>,
  Covers<ManifestFlowLive, typeof MANIFEST_KEYS.flowLive>,
] = [true, true, true, true, true, true, true, true];

export const EventKind = { Drop: 1, Timeout: 2, FastRetransmit: 3, ParamChange: 4 } as const;
export const DropReason = { Overflow: 1, Early: 2, Deadline: 3, Exogenous: 4 } as const;

/** A live change of a parameter at simulated time t, as a run replays it and the URL stores it
 *  (labels are rebuilt from specs when shown). */
export interface LiveChange {
  t: number;
  entity: string;
  key: string;
  value: number;
}
