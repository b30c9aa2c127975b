/// <reference lib="webworker" />
// The simulation worker: owns the WASM module and one simulation at a time. It runs the
// simulation in slices of ~8 ms wall time, drains a metric block after each slice and
// transfers it to the page, so neither the page nor this worker's message handling blocks.
// Loaded by the worker's small entry (sim.worker.ts), which has started fetching the core before
// this code arrives; start() takes that download and the messages the page sent meanwhile.
import createBlCore from '../generated/blcore.mjs';
import type { Manifest, ParamSpec, Scenario, Summary } from '../params/types';
import { normalizeFluidSpecs, normalizeSpecs } from '../params/specs';
import type { LiveChange } from '../params/types';
import { repairScenario } from '../scenario/repair';
import { nextSelfChange } from '../scenario/liveParams';
import {
  type CallOf,
  type CallOp,
  type CallValue,
  type FromWorker,
  type LiveRefusal,
  type ParamMsg,
  Refused,
  type Reply,
  type RunStatus,
  type ToWorker,
  errorText,
} from './protocol';
import { type BlBinding, RUN } from '../../../wasm-core/js/binding.mjs';
import { openCore } from './openCore';
import { splitAtEnd } from './liveSchedule';
import { compileWasm } from './wasmBytes';
import { runHeadless } from './headless';

declare const self: DedicatedWorkerGlobalScope;

// Performance marks of the start (npm run bench:start reads them): the core was compiled (while
// it downloaded) and instantiated, bl_describe answered, the first run was built, its first
// metric block was sent. (The entry marks when the worker's first code ran.)

const SLICE_MS = 8;
const EVENTS_PER_CALL = 20000;
const MAX_REPAIRS = 20;

let core: BlBinding | null = null;
/** The core's specs (bl_describe), so a repaired field is named by its label and units. */
let specs: ParamSpec[] = [];
const pending: ToWorker[] = [];
/** Set once the module trapped: its memory may be half-updated, so nothing more runs here. */
let dead = false;

/** A trap (WebAssembly.RuntimeError) or any other throw: report once, then stay silent. */
function crashed(e: unknown): void {
  if (dead) return;
  dead = true;
  if (run?.timer != null) clearTimeout(run.timer);
  run = null;
  const error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  // Before the core is ready a throw is a module that cannot load (a fresh worker would fail the same way).
  post(
    core
      ? { type: 'crashed', error }
      : { type: 'fatal', stage: 'load', error: `blcore.wasm could not be loaded: ${error}` },
  );
}
self.addEventListener('error', (ev) => {
  ev.preventDefault();
  crashed(ev.error ?? ev.message);
});
self.addEventListener('unhandledrejection', (ev) => {
  ev.preventDefault();
  crashed(ev.reason);
});

interface Run {
  id: number;
  h: number;
  duration: number;
  samplePeriod: number;
  live: LiveChange[]; // scheduled changes still to apply, sorted by t
  nextChange: number | null; // when a loss schedule or a flow's start or stop next moves a live value (the manifest is sent again then)
  status: RunStatus;
  speed: number; // sim s per wall s, 0 = max
  stopAt: number; // pause when reaching this simulated time
  simAnchor: number;
  wallAnchor: number;
  timer: ReturnType<typeof setTimeout> | null;
}
let run: Run | null = null;

/** What this task of the worker has posted so far: sent together once it ends (FromWorker's batch). */
let outbox: { msg: Exclude<FromWorker, { type: 'batch' }>; transfer: Transferable[] }[] = [];

function post(msg: Exclude<FromWorker, { type: 'batch' }>, transfer: Transferable[] = []): void {
  if (outbox.length === 0) queueMicrotask(sendOutbox);
  outbox.push({ msg, transfer });
}

function sendOutbox(): void {
  const box = outbox;
  outbox = [];
  if (box.length === 1) self.postMessage(box[0]!.msg, box[0]!.transfer);
  else if (box.length > 1)
    self.postMessage(
      { type: 'batch', messages: box.map((b) => b.msg) } satisfies FromWorker,
      box.flatMap((b) => b.transfer),
    );
}

function setStatus(r: Run, status: RunStatus, error?: string, budget?: string): void {
  r.status = status;
  const msg: FromWorker = { type: 'status', runId: r.id, status, now: core!.now(r.h) };
  if (error !== undefined) msg.error = error;
  if (budget !== undefined) msg.budget = budget;
  post(msg);
}

type Advanced = 'reached' | 'more' | 'finished' | 'budget' | 'error';

/** The status after a slice or a step that did not end in an error: a run past its work budget pauses, saying why. */
function settle(r: Run, res: Advanced): void {
  if (res === 'budget') setStatus(r, 'paused', undefined, core!.lastError());
  else setStatus(r, res === 'finished' || core!.now(r.h) >= r.duration - 1e-12 ? 'finished' : 'paused');
}

/** Whether a metric block was sent yet (marked once, for npm run bench:start). */
let firstBlock = false;

function flush(r: Run): void {
  const buffer = core!.drain(r.h);
  if (buffer.byteLength <= 16) return;
  if (!firstBlock) {
    firstBlock = true;
    performance.mark('bl:first-block-sent');
  }
  post({ type: 'block', runId: r.id, buffer, now: core!.now(r.h) }, [buffer]);
}

/** Applies a live change; the message that reports it, or the core's refusal (its words and its problem). */
function applyParam(r: Run, entity: string, key: string, value: number): ParamMsg | Refused {
  const err = core!.setParam(r.h, entity, key, value);
  if (err === null) return { type: 'param', runId: r.id, t: core!.now(r.h), entity, key, value };
  return new Refused(err, core!.setParamProblem());
}

/** Sends the run's manifest (what it has now) and notes when the run next changes it by itself. */
function sendManifest(r: Run): Manifest {
  const manifest = core!.manifest(r.h) as Manifest;
  r.nextChange = nextSelfChange(manifest);
  post({ type: 'manifest', runId: r.id, manifest });
  return manifest;
}

function reanchor(r: Run): void {
  r.simAnchor = core!.now(r.h);
  r.wallAnchor = performance.now();
}

/**
 * Advances towards `target` for at most SLICE_MS; applies scheduled live changes on the way and
 * reports them in one message (a link may replay a thousand of them in one slice).
 */
function advance(r: Run, target: number): Advanced {
  const applied: ParamMsg[] = [];
  const refused: LiveRefusal[] = [];
  try {
    return advanceSlice(r, target, applied, refused);
  } finally {
    if (applied.length) post({ type: 'params', runId: r.id, changes: applied });
    if (refused.length) post({ type: 'liveRefused', runId: r.id, changes: refused });
    if (applied.length || (r.nextChange !== null && core!.now(r.h) >= r.nextChange - 1e-12)) sendManifest(r);
  }
}

function advanceSlice(r: Run, target: number, applied: ParamMsg[], refused: LiveRefusal[]): Advanced {
  const start = performance.now();
  for (;;) {
    const next = r.live[0];
    const until = next && next.t <= target ? next.t : target;
    const rc = core!.runUntil(r.h, until, EVENTS_PER_CALL);
    if (rc === RUN.ERROR) return 'error';
    if (rc === RUN.BUDGET) return 'budget'; // outgrew the work budget: stopped for good, bl_last_error says why
    const now = core!.now(r.h);
    while (r.live[0] && r.live[0].t <= now + 1e-12) {
      // The page names a change by the value before it, which it reads from the last manifest.
      // A schedule step passed in this slice (a link replayed fast: the 20 s step and a 25 s
      // change in one slice) is sent first, with the changes before it, or the page would say
      // "0% -> 2%" for a change from 1%.
      if (r.nextChange !== null && now >= r.nextChange - 1e-12) {
        if (applied.length) post({ type: 'params', runId: r.id, changes: applied.splice(0) });
        sendManifest(r);
      }
      const c = r.live.shift()!;
      const m = applyParam(r, c.entity, c.key, c.value);
      // A link's change the core refuses is said (issue 28: it once vanished without a word).
      if (m instanceof Refused) refused.push({ change: c, error: m.message, problem: m.problem });
      else applied.push(m);
    }
    if (rc === RUN.FINISHED) return 'finished';
    if (now >= target - 1e-12 && rc !== RUN.EVENT_LIMIT) return 'reached';
    if (performance.now() - start >= SLICE_MS) return 'more';
  }
}

function schedule(r: Run, delay: number): void {
  if (r.timer !== null) clearTimeout(r.timer);
  r.timer = setTimeout(() => {
    r.timer = null;
    tick(r);
  }, delay);
}

function tick(r: Run): void {
  try {
    tickUnsafe(r);
  } catch (e) {
    crashed(e);
  }
}

function tickUnsafe(r: Run): void {
  if (dead || run !== r || r.status !== 'playing') return;
  const now = core!.now(r.h);
  let target = r.speed === 0 ? r.stopAt : r.simAnchor + ((performance.now() - r.wallAnchor) / 1000) * r.speed;
  // When the simulation cannot keep up with the chosen speed, do not try to catch up later.
  if (r.speed > 0 && target - now > r.speed * 0.25) {
    reanchor(r);
    target = now + r.speed * 0.016;
  }
  target = Math.min(target, r.stopAt, r.duration);
  const res = target > now ? advance(r, target) : 'reached';
  flush(r);
  if (res === 'error') {
    setStatus(r, 'error', core!.lastError());
    return;
  }
  if (res === 'budget') {
    settle(r, res);
    return;
  }
  if (res === 'finished' || core!.now(r.h) >= r.duration - 1e-12) {
    setStatus(r, 'finished');
    return;
  }
  if (core!.now(r.h) >= r.stopAt - 1e-12) {
    setStatus(r, 'paused');
    return;
  }
  schedule(r, res === 'more' ? 0 : 15);
}

function destroyRun(): void {
  if (!run) return;
  if (run.timer !== null) clearTimeout(run.timer);
  core!.destroy(run.h);
  run = null;
}

function create(id: number, scenario: Scenario, live: LiveChange[]): void {
  destroyRun();
  const doc = structuredClone(scenario);
  let h = 0;
  let repaired: string[] = [];
  try {
    h = core!.create(JSON.stringify(doc));
  } catch {
    // Refused: every field the core's check names is left out (its default), and said so.
    const fixed = repairScenario(doc, (json) => core!.check(json), MAX_REPAIRS, undefined, specs);
    if (!fixed.ok) {
      post({ type: 'createFailed', runId: id, error: fixed.error });
      return;
    }
    repaired = fixed.notices;
    try {
      h = core!.create(JSON.stringify(doc));
    } catch (e) {
      post({ type: 'createFailed', runId: id, error: e instanceof Error ? e.message : String(e) });
      return;
    }
  }
  const duration = typeof doc.duration === 'number' ? doc.duration : Number.POSITIVE_INFINITY;
  const samplePeriod = typeof doc.samplePeriod === 'number' ? doc.samplePeriod : 0.1;
  run = {
    id,
    h,
    duration,
    samplePeriod,
    live: [],
    nextChange: null,
    status: 'paused',
    speed: 1,
    stopAt: Infinity,
    simAnchor: 0,
    wallAnchor: 0,
    timer: null,
  };
  performance.mark('bl:run-built');
  post({ type: 'created', runId: id, columns: core!.columns(h), scenario: doc, repaired, duration });
  // The link's changes the run reaches; those at or after its end (the core's duration) are
  // refused, after the manifest: the page words a refusal with the labels of what the run has.
  const { kept, refused } = splitAtEnd(live, sendManifest(run).run.duration ?? duration);
  run.live = kept;
  if (refused.length) post({ type: 'liveRefused', runId: id, changes: refused });
  setStatus(run, 'paused');
}

/** Answers call `id` of op `op` with f's value, or with the error it threw. A trap is not an
 *  answer: it goes on up to crashed(), since the module's memory can no longer be trusted. */
function answer<O extends CallOp>(id: number, op: O, f: () => CallValue[O]): void {
  let value: CallValue[O];
  try {
    value = f();
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) throw e;
    const problem = e instanceof Refused ? e.problem : null;
    post(
      problem
        ? { type: 'reply', id, op, ok: false, error: errorText(e), problem }
        : { type: 'reply', id, op, ok: false, error: errorText(e) },
    );
    return;
  }
  post({ type: 'reply', id, op, ok: true, value } as Reply);
}

function current(runId: number): Run {
  if (!run || run.id !== runId) throw new Error('run was replaced');
  return run;
}

/** What each call returns: one function per op, typed by the op's reply (protocol.ts, CallValue). */
const ANSWERS: { [O in CallOp]: (c: CallOf<O>) => CallValue[O] } = {
  // The core's documents, as web/src/params/types.ts describes them (as the 'manifest' event's).
  summary: (c) => core!.summary(current(c.runId).h) as Summary,
  manifest: (c) => core!.manifest(current(c.runId).h) as Manifest,
  setParam: (c) => {
    const r = current(c.runId);
    const m = applyParam(r, c.entity, c.key, c.value);
    if (m instanceof Refused) throw m;
    post(m); // the change itself, as the run's event (marks); the reply says when it took effect
    sendManifest(r);
    return m.t;
  },
  // The fluid model: handle-less, fast (~40 ms for 20 flows x 60 s), so done between slices.
  fluid: (c) => {
    const started = performance.now();
    const result: unknown = JSON.parse(core!.fluid(c.fn, c.params));
    return { result, ms: performance.now() - started };
  },
  headless: (c) => runHeadless(core!, c.scenario),
  check: (c) => core!.check(JSON.stringify(c.scenario)),
  repair: (c) => {
    const scenario = structuredClone(c.scenario);
    return { ...repairScenario(scenario, (json) => core!.check(json), MAX_REPAIRS, c.base, specs), scenario };
  },
};

function call<O extends CallOp>(id: number, c: CallOf<O>): void {
  const f = ANSWERS[c.op] as (c: CallOf<O>) => CallValue[O];
  answer(id, c.op, () => f(c));
}

function handle(msg: ToWorker): void {
  if (msg.type === 'call') {
    call(msg.id, msg.call);
    return;
  }
  if (msg.type === 'create') {
    create(msg.runId, msg.scenario, msg.live);
    return;
  }
  const r = run;
  if (!r || r.id !== msg.runId) return; // a message for a run that is gone
  switch (msg.type) {
    case 'play':
      if (r.status === 'finished') return;
      r.speed = msg.speed;
      r.stopAt = Infinity;
      reanchor(r);
      // A fresh run starts one sample period ahead, so its first sample row is drawn at once.
      if (r.simAnchor === 0 && r.speed > 0) r.simAnchor = r.samplePeriod;
      setStatus(r, 'playing');
      schedule(r, 0);
      break;
    case 'speed':
      r.speed = msg.speed;
      reanchor(r);
      break;
    case 'pause':
      if (r.status === 'playing') {
        flush(r);
        setStatus(r, 'paused');
      }
      break;
    case 'runUntil':
      if (r.status === 'finished') {
        setStatus(r, 'finished');
        return;
      }
      r.speed = 0;
      r.stopAt = msg.t;
      reanchor(r);
      setStatus(r, 'playing');
      schedule(r, 0);
      break;
    case 'step': {
      if (r.status === 'finished') return;
      const target = Math.min(core!.now(r.h) + msg.seconds, r.duration);
      let res: Advanced = 'more';
      while (res === 'more') res = advance(r, target);
      flush(r);
      if (res === 'error') setStatus(r, 'error', core!.lastError());
      else settle(r, res);
      break;
    }
  }
}

function onMessage(ev: MessageEvent<ToWorker>): void {
  if (dead) return;
  if (!core) {
    pending.push(ev.data);
    return;
  }
  try {
    handle(ev.data);
  } catch (e) {
    crashed(e);
  }
}

/** The Emscripten module over the compiled core (its instantiateWasm hook), or the reason it failed. */
function loadCore(compiled: Promise<WebAssembly.Module>): Promise<Awaited<ReturnType<typeof createBlCore>>> {
  let fail: (e: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const ready = createBlCore({
    instantiateWasm(imports, receive) {
      compiled
        .then((m) => WebAssembly.instantiate(m, imports).then((instance) => ({ m, instance })))
        .then(({ m, instance }) => {
          performance.mark('bl:wasm-instantiated');
          receive(instance, m);
        })
        .catch(fail);
      return {};
    },
  });
  return Promise.race([ready, failed]);
}

/**
 * Runs the worker: `coreFile` is the core's module as it downloads (wasmBytes.ts), compiled here
 * as it arrives; `early` are the page's messages that came before this code, in order.
 */
export function start(coreFile: Promise<Response>, early: MessageEvent<ToWorker>[]): void {
  self.onmessage = onMessage;
  for (const ev of early.splice(0)) onMessage(ev);
  const compiled = coreFile.then(compileWasm).then((m) => {
    performance.mark('bl:wasm-compiled');
    return m;
  });
  void openCore(() => loadCore(compiled)).then(ready);
}

function ready(opened: Awaited<ReturnType<typeof openCore>>): void {
  performance.mark('bl:core-ready');
  if (dead) return;
  if (!opened.ok) {
    // Refused whole: nothing runs on a core that cannot serve this page, and the page says why.
    dead = true;
    post({ type: 'fatal', stage: opened.stage, error: opened.error });
    return;
  }
  core = opened.core;
  specs = normalizeSpecs(opened.specs);
  post({ type: 'ready', specs, fluidSpecs: normalizeFluidSpecs(opened.specs) });
  try {
    for (const msg of pending.splice(0)) handle(msg);
  } catch (e) {
    crashed(e);
  }
}
