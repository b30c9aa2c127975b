// Shapes shared by the page, the worker and the URL code. The scenario itself is the JSON
// document of docs/scenario.md; only the parts the UI reads are typed here.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

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
   * How people read and type it (core/units.ts): "rate" (kb/s, Mb/s, Gb/s), "time" (us, ms, s),
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
  deliveredPackets: number;
  throughputBps: number;
  goodputBps: number;
  sentPackets: number;
  congestionLosses: number;
  exogenousLosses: number;
  retransmits: number;
  timeouts: number;
  fastRetransmits: number;
  weight: number;
  rtt: number;
}

export interface QueueSummary {
  id: string;
  kind: string;
  meanLength: number;
  drops: Record<string, number>;
  /** TED's buffer bound Q_max (Section II.B) in packets, for the deadlines in force. */
  qmax?: number;
}

export interface Summary {
  simSeconds: number;
  wallSeconds: number;
  events: number;
  flows: FlowSummary[];
  queues: QueueSummary[];
  links: { id: string; utilization: number }[];
  /** Jain's index of the flows' throughput (whole packets); jainGoodput: of their goodput. */
  jain: number;
  weightedJain: number;
  jainGoodput?: number;
  /** Bottleneck busy time; goodputUtilization: payload delivered in order / capacity. */
  utilization: number;
  goodputUtilization?: number;
  eventsDropped: number;
  /** Where the measured window of the rates, Jain indices and utilisations starts (s). */
  measureFrom?: number;
}

/** Discrete events of one metric block, column-wise. */
export interface BlockEvents {
  count: number;
  t: Float64Array;
  kind: Uint32Array;
  flow: Int32Array;
  link: Int32Array;
  reason: Uint32Array;
}

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
