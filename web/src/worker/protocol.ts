// Messages between the page and the simulation worker. Every message about a run carries
// its run id; the page drops anything from a run that is no longer current.
import type { Scenario, Summary } from '../core/types';
import type { LiveChange } from '../core/types';

export type RunStatus = 'idle' | 'playing' | 'paused' | 'finished' | 'error';

export type ToWorker =
  | { type: 'create'; runId: number; scenario: Scenario; live: LiveChange[] }
  | { type: 'play'; runId: number; speed: number }
  | { type: 'pause'; runId: number }
  | { type: 'speed'; runId: number; speed: number }
  | { type: 'step'; runId: number; seconds: number }
  /** Run as fast as possible until simulated time t (clamped to the duration), then pause. */
  | { type: 'runUntil'; runId: number; t: number }
  | { type: 'setParam'; runId: number; entity: string; key: string; value: number; requestId: number }
  | { type: 'summary'; runId: number; requestId: number }
  /** A handle-less call of the fluid model (bl_fluid or bl_fluid_steady) with a JSON document. */
  | { type: 'fluid'; requestId: number; fn: FluidFn; params: string }
  /** A whole run without metric streaming (a sweep point): created, run to its end, summarised, destroyed. */
  | { type: 'headless'; runId: number; scenario: Scenario };

export type FluidFn = 'fluid' | 'steady';

export type FromWorker =
  /** The module is loaded; `specs` is bl_describe() parsed (raw, normalised by the page). */
  | { type: 'ready'; specs: unknown }
  | { type: 'fatal'; error: string }
  /** `scenario` is what was created after removing fields the core refused (`repaired`). */
  | { type: 'created'; runId: number; columns: string[]; scenario: Scenario; repaired: string[]; duration: number }
  | { type: 'createFailed'; runId: number; error: string }
  /** A metric block (bl_drain bytes), transferred. */
  | { type: 'block'; runId: number; buffer: ArrayBuffer; now: number }
  | { type: 'status'; runId: number; status: RunStatus; now: number; error?: string }
  /** A live change was applied at simulated time t (or refused, with the core's error). */
  | { type: 'param'; runId: number; requestId: number; t: number; entity: string; key: string; value: number; error?: string }
  | { type: 'summary'; runId: number; requestId: number; summary: Summary | null; error?: string }
  /** The parsed result of a fluid call ({error} on bad input), and its wall time in ms. */
  | { type: 'fluid'; requestId: number; result: unknown; ms: number; error?: string }
  /** The end of a headless run: its summary and wall time, or the core's error (naming the field and range). */
  | { type: 'headlessDone'; runId: number; summary: Summary; ms: number }
  | { type: 'headlessFailed'; runId: number; error: string };
