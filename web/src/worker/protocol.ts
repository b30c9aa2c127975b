// Messages between the page and a simulation worker, in one envelope (docs/architecture.md,
// "The worker envelope"):
// - calls that answer: { type: 'call', id, call } -> { type: 'reply', id, op, ok, value | error },
//   typed per op (CallArgs -> CallValue); the page's one client (client.ts) keeps the one map
//   of pending calls by id, and every failure arrives the same way;
// - commands that do not answer (create, play, pause, speed, step, runUntil);
// - events the worker streams (ready, created, blocks, status, applied live changes, crashes).
// Everything about a run carries its run id; the page drops what belongs to a run that is gone.
import type { LiveChange, Manifest, ParamSpec, Scenario, Summary } from '../params/types';
import type { CheckProblem, CheckResult } from '../../../wasm-core/js/binding.mjs';
import type { Repair } from '../scenario/repair';

export type RunStatus = 'idle' | 'playing' | 'paused' | 'finished' | 'error';

export type FluidFn = 'fluid' | 'steady';

/**
 * Where loading the core failed: the worker script or the module could not be loaded or compiled
 * (load), the module lacks functions the page calls (abi), bl_describe failed (describe), or it
 * describes another version than the page reads (version).
 */
export type CoreStage = 'load' | 'abi' | 'describe' | 'version';

/**
 * The calls, by op: what each asks for (CallArgs) and what its reply carries (CallValue). The two
 * maps have the same keys; a call's type names its reply's type (CallOf<'check'> is answered by a
 * CheckResult), as duckdb-wasm's WorkerRequest/WorkerResponse pair a request type with its answer.
 */
export interface CallArgs {
  /** The run's summary so far (bl_summary). */
  summary: { runId: number };
  /** What the run has now (bl_manifest); the worker also sends it unasked (the 'manifest' event). */
  manifest: { runId: number };
  /** A live change; the reply carries the simulated time it took effect. */
  setParam: { runId: number; entity: string; key: string; value: number };
  /** A handle-less call of the fluid model (bl_fluid or bl_fluid_steady) with a JSON document. */
  fluid: { fn: FluidFn; params: string };
  /** A whole run without metric streaming (a sweep point): created, run to its end, summarised, destroyed. */
  headless: { scenario: Scenario };
  /** Every problem of a scenario (bl_check), without creating it: panels and links ask before a run. */
  check: { scenario: Scenario };
  /** The scenario with every field bl_check names left out (its default) or, with a base, set back to the base's value, and a notice for each. */
  repair: { scenario: Scenario; base?: Scenario };
}

export interface CallValue {
  summary: Summary;
  manifest: Manifest;
  setParam: number;
  /** The parsed result ({error} on bad input) and its wall time in ms. */
  fluid: { result: unknown; ms: number };
  /** The run's summary and wall time. */
  headless: { summary: Summary; ms: number };
  check: CheckResult;
  repair: Repaired;
}

export type CallOp = keyof CallArgs & keyof CallValue;
/** One call of op O, as sent. */
export type CallOf<O extends CallOp> = { op: O } & CallArgs[O];
/** Any call. */
export type Call = { [O in CallOp]: CallOf<O> }[CallOp];

/** What a repair left of a scenario, and what it said (notices name the field, the range and the default). */
export type Repaired = Repair & { scenario: Scenario };

export type Request = { type: 'call'; id: number; call: Call };
/**
 * The answer to call `id` of op O: its value, typed by the op, or the error (for the core, its
 * own message, naming the field and range) and, for a refused live change, the core's problem
 * (bl_set_param_problem). The op is repeated so a client can check it answers what it asked.
 */
export type Reply<O extends CallOp = CallOp> =
  | { [P in O]: { type: 'reply'; id: number; op: P; ok: true; value: CallValue[P] } }[O]
  | { type: 'reply'; id: number; op: O; ok: false; error: string; problem?: CheckProblem };

/** A refusal by the core: its words (the message) and its problem in bl_check's shape. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly problem: CheckProblem | null,
  ) {
    super(message);
  }
}

/** Messages to the worker that do not answer. */
export type Command =
  | { type: 'create'; runId: number; scenario: Scenario; live: LiveChange[] }
  | { type: 'play'; runId: number; speed: number }
  | { type: 'pause'; runId: number }
  | { type: 'speed'; runId: number; speed: number }
  | { type: 'step'; runId: number; seconds: number }
  /** Run as fast as possible until simulated time t (clamped to the duration), then pause. */
  | { type: 'runUntil'; runId: number; t: number };

export type ToWorker = Request | Command;

/** A live change applied at simulated time t (a call's, or one the run replays from its list). */
export type ParamMsg = { type: 'param'; runId: number; t: number; entity: string; key: string; value: number };

/**
 * What the worker sends: one message, or every message of one of its tasks together (a batch), so
 * that the page handles them in one task and renders once: the core's "ready" and a first visit's
 * "created", "manifest" and "status" come from one task of the worker.
 */
export type FromWorker = Reply | WorkerEvent | { type: 'batch'; messages: (Reply | WorkerEvent)[] };

/** What the worker sends unasked. */
export type WorkerEvent =
  /**
   * The module is loaded: bl_describe()'s run and fluid-model specs, normalised here (the worker
   * reads them anyway; the phone's page, busy loading, no longer does it at 4x CPU).
   */
  | { type: 'ready'; specs: ParamSpec[]; fluidSpecs: ParamSpec[] }
  /** The core cannot serve this page (it never becomes ready): what failed, at which stage. */
  | { type: 'fatal'; stage: CoreStage; error: string }
  /** The module trapped (or this worker threw): it answers nothing more; the page starts a fresh worker. */
  | { type: 'crashed'; error: string }
  /** `scenario` is what was created after removing fields the core refused (`repaired`). */
  | { type: 'created'; runId: number; columns: string[]; scenario: Scenario; repaired: string[]; duration: number }
  | { type: 'createFailed'; runId: number; error: string }
  /**
   * The run's manifest (bl_manifest): sent when the run is created, after every live change (a
   * call's or replayed ones) and when a loss schedule's step has passed, so what the page shows
   * of the run follows what the run has.
   */
  | { type: 'manifest'; runId: number; manifest: Manifest }
  /** A metric block (bl_drain bytes), transferred. */
  | { type: 'block'; runId: number; buffer: ArrayBuffer; now: number }
  | { type: 'status'; runId: number; status: RunStatus; now: number; error?: string; budget?: string }
  | ParamMsg
  /** Scheduled live changes (a link's live= list) applied during one slice, in order: one message, one redraw. */
  | { type: 'params'; runId: number; changes: ParamMsg[] }
  /** Scheduled live changes the core refused when the run reached them (bl_set_param's words and problem). */
  | { type: 'liveRefused'; runId: number; changes: LiveRefusal[] };

/** A scheduled live change the core refused: the change, and why. */
export interface LiveRefusal {
  change: LiveChange;
  error: string;
  problem: CheckProblem | null;
}

/** The error text of anything thrown, for a reply. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
