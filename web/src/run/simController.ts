// The page side of the simulation: owns the worker, the run id and the chart store. React
// reads a small snapshot (status, specs, errors) through subscribe/getSnapshot; metrics go
// to the chart store only.
import type { Manifest, ParamSpec, QueueSummary, Scenario, Summary } from '../params/types';
import { problemText } from '../params/specs';
import { ChartStore } from '../store/chartStore';
import { requestFrame } from '../store/frameLoop';
import { timeView } from '../store/timeView';
import {
  changeLabel,
  formatValue,
  isScheduleMark,
  manifestLiveValue,
  replacesSchedule,
  scheduleMarks,
  specForLive,
} from '../scenario/liveParams';
import type { LiveChange } from '../params/types';
import {
  type Command,
  type CoreStage,
  type FluidFn,
  type LiveRefusal,
  type ParamMsg,
  type Repaired,
  type RunStatus,
  type WorkerEvent,
} from '../worker/protocol';
import { WorkerClient } from '../worker/client';
import type { CheckResult } from '../../../wasm-core/js/binding.mjs';

/** Runs `f` in a task of its own, after the tasks already queued (a worker's messages among them). */
function nextTask(f: () => void): void {
  if (typeof MessageChannel !== 'function') return void setTimeout(f, 0);
  const ch = new MessageChannel();
  ch.port1.onmessage = () => {
    ch.port1.close();
    f();
  };
  ch.port2.postMessage(null);
}

export interface SimSnapshot {
  ready: boolean;
  specs: ParamSpec[];
  /** The fluid model's specs (bl_fluid, bl_fluid_steady), from the same describe document. */
  fluidSpecs: ParamSpec[];
  runId: number;
  status: RunStatus;
  /** The scenario as the core accepted it (after removing refused fields). */
  scenario: Scenario | null;
  /**
   * What the run has now, from the core (bl_manifest): flows, links, queues, loss models, the
   * value of every live parameter and the live changes so far. Everything the page says about
   * the run reads this, not the scenario document. null until the run is created.
   */
  manifest: Manifest | null;
  columns: string[];
  flowCount: number;
  duration: number;
  error: string | null;
  /** Why the run paused for good: it outgrew the work budget (the core's words); null otherwise. */
  budgetStop: string | null;
  /** Why the core refused to create the current run at all (null: it did not). */
  refused: string | null;
  /** Fields the core refused when the run was created, with its reasons. */
  repaired: string[];
  /** Bumped whenever a live parameter changes (charts that show weights or rates re-read them). */
  paramVersion: number;
  /** How many times the worker crashed (a WASM trap) and was replaced by a fresh one. */
  crashes: number;
  /** What the last crash said, for the page to show. */
  crashReason: string | null;
  /** Link names by index, as metric-block events refer to links (from the summary). */
  links: string[];
  /** Each queue's kind and, for TED, its bound Q_max (from the summary; re-read after live changes). */
  queues: Pick<QueueSummary, 'id' | 'kind' | 'qmax'>[];
  /** Why Play (and Step) wait, e.g. a lesson's prediction not answered yet; null when they may run. */
  hold: string | null;
  /**
   * The core cannot serve this page at all (it could not be loaded, lacks functions, or describes
   * another version): what failed. Never cleared by a new run; the page shows it instead of panels.
   */
  fatal: CoreFailure | null;
}

/** Why the simulator core could not start, and what to do about it, in words for the page. */
export interface CoreFailure {
  stage: CoreStage;
  /** What failed, as the worker found it. */
  error: string;
  /** What to do: rebuild the core, reload the page. */
  advice: string;
}

/** What to do about a core that failed at `stage`. */
export function coreAdvice(stage: CoreStage): string {
  return stage === 'load'
    ? 'Reload the page. If it fails again, the simulator core (web/src/generated/blcore.wasm) is missing or damaged: rebuild it with npm run build:wasm, then build the site again.'
    : 'The simulator core was built from other sources than this page: rebuild it with npm run build:wasm, build the site again, and reload the page (bypassing the cache: Ctrl+Shift+R).';
}

export class SimController {
  readonly store = new ChartStore();
  /** The worker's client (worker/client.ts): calls, commands, events. A crash replaces it. */
  private client!: WorkerClient;
  /** The run whose data the chart store holds (set when its 'created' arrives). */
  private storeRun = 0;
  /** Whether the store (and so the manifest) is the current run's: false from create() to its 'created'. */
  get storeIsCurrent(): boolean {
    return this.storeRun === this.snap.runId;
  }
  private snap: SimSnapshot = {
    ready: false,
    specs: [],
    fluidSpecs: [],
    runId: 0,
    status: 'idle',
    scenario: null,
    manifest: null,
    columns: [],
    flowCount: 0,
    duration: 0,
    error: null,
    budgetStop: null,
    refused: null,
    repaired: [],
    paramVersion: 0,
    crashes: 0,
    crashReason: null,
    links: [],
    queues: [],
    hold: null,
    fatal: null,
  };
  private listeners = new Set<() => void>();
  /** Live changes applied since the last manifest arrived (the next one includes them). */
  private liveValues = new Map<string, number>();
  private speed = 1;
  private readyWaiters: (() => void)[] = [];
  /** Called when a change made through setParam was applied (the app adds it to the URL). */
  onLiveApplied: ((c: LiveChange) => void) | null = null;
  /** Called with the scheduled changes (a link's live= list) the core refused (the app drops them from the URL). */
  onLiveRefused: ((changes: LiveChange[]) => void) | null = null;
  /** Asked before every live change: a reason to refuse it (a locked page), or null. */
  guard: ((entity: string, key: string) => string | null) | null = null;

  constructor() {
    this.store.subscribe(requestFrame);
    this.spawn();
  }

  private spawn(): void {
    const c: WorkerClient = new WorkerClient({
      onEvent: (e) => {
        if (this.client === c) this.receive(e);
      },
      onError: (ev) => {
        if (this.client !== c) return;
        if (this.snap.ready) this.crashed(ev.message || 'the simulation worker failed');
        else this.failed('load', `the simulation worker could not start: ${ev.message || 'its script failed to load'}`);
      },
    });
    this.client = c;
  }

  /**
   * The worker's module trapped: its state is lost, so the worker is replaced by a fresh one.
   * Pending calls fail; the app (which holds the scenario, the live changes and the URL) sees
   * `crashes` go up and starts the run again once the new worker is ready.
   */
  private crashed(reason: string): void {
    // Before the core was ever ready a fresh worker would fail the same way: no restart loop.
    if (!this.snap.ready) {
      this.failed('load', reason);
      return;
    }
    this.client.close(new Error(`the simulator stopped: ${reason}`));
    this.update({ ready: false, status: 'idle', error: null, crashes: this.snap.crashes + 1, crashReason: reason });
    this.spawn();
  }

  /** The core cannot serve this page: pending calls fail with the reason, which the page shows. */
  private failed(stage: CoreStage, error: string): void {
    if (this.snap.fatal) return;
    this.client.close(new Error(`the simulator could not start: ${error}`));
    this.update({ fatal: { stage, error, advice: coreAdvice(stage) }, status: 'error', error: null });
  }

  subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };
  getSnapshot = (): SimSnapshot => this.snap;

  /**
   * The snapshot changes at once; its listeners (React) hear of it in a task of their own, once
   * for all the changes made before it runs. The worker's first messages (ready, created, the
   * first metric block) arrive together while the page is busy loading: heard one by one, each
   * was a render of the panels (130 ms each on a phone), and the first block, which the charts
   * draw from the store without React, waited behind them (docs/bench.md, first motion).
   */
  private update(p: Partial<SimSnapshot>): void {
    this.snap = { ...this.snap, ...p };
    if (this.notifying) return;
    this.notifying = true;
    nextTask(() => {
      this.notifying = false;
      for (const f of this.listeners) f();
    });
  }
  private notifying = false;

  private send(msg: Command): void {
    this.client.send(msg);
  }

  whenReady(): Promise<void> {
    return this.snap.ready ? Promise.resolve() : new Promise((r) => this.readyWaiters.push(r));
  }

  /** Starts a new run of `scenario`, replaying `live` changes at their times. */
  start(scenario: Scenario, live: LiveChange[], autoplay = true): number {
    const runId = this.snap.runId + 1;
    this.client.failOtherRuns(runId, new Error('run was replaced'));
    this.update({
      runId,
      status: this.snap.fatal ? 'error' : 'idle',
      error: null,
      budgetStop: null,
      refused: null,
      repaired: [],
    });
    this.send({ type: 'create', runId, scenario, live });
    if (autoplay) this.send({ type: 'play', runId, speed: this.speed });
    return runId;
  }

  /**
   * A first visit's run (main.tsx, a bare address): asked for before the page's code has loaded,
   * so that the worker builds it the moment the core is ready. The page adopts it (adoptEarly)
   * when it opens the same scenario, instead of starting the same run again.
   */
  startEarly(scenario: Scenario): void {
    this.early = { runId: this.start(scenario, [], true), json: JSON.stringify(scenario) };
  }
  private early: { runId: number; json: string } | null = null;

  /**
   * The early run's id, if it is still the current run and runs `scenario` as a page would start
   * it (no live changes, playing); null otherwise. Asked once: the next start is the page's own.
   */
  adoptEarly(scenario: Scenario, live: readonly LiveChange[], autoplay: boolean): number | null {
    const e = this.early;
    this.early = null;
    if (!e || e.runId !== this.snap.runId || live.length > 0 || !autoplay || this.speed !== 1) return null;
    return JSON.stringify(scenario) === e.json ? e.runId : null;
  }

  /** Starts or resumes the run; false (and nothing happens) while a hold is set. */
  play(): boolean {
    if (this.snap.hold !== null) return false;
    this.send({ type: 'play', runId: this.snap.runId, speed: this.speed });
    return true;
  }
  pause(): void {
    this.send({ type: 'pause', runId: this.snap.runId });
  }
  /** Makes Play, Space, Step and an embedding page's play wait, saying why (null lifts it). */
  setHold(reason: string | null): void {
    if (reason !== this.snap.hold) this.update({ hold: reason });
  }
  /** The speed the run is played at (simulated seconds per wall second, 0 = as fast as possible). */
  getSpeed(): number {
    return this.speed;
  }
  step(): void {
    if (this.snap.hold !== null) return;
    const sp = this.snap.scenario?.samplePeriod;
    this.send({ type: 'step', runId: this.snap.runId, seconds: typeof sp === 'number' ? sp : 0.1 });
  }
  setSpeed(speed: number): void {
    this.speed = speed;
    this.send({ type: 'speed', runId: this.snap.runId, speed });
  }

  /** Resolves when the chart store holds data up to simulated time t (or the run ended). */
  waitFor(t: number): Promise<number> {
    const runId = this.snap.runId;
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.snap.runId !== runId) {
          off();
          offS();
          reject(new Error('run was replaced'));
          return;
        }
        // A run past its work budget is paused for good: it will not reach t either.
        const done = this.snap.status === 'finished' || this.snap.status === 'error' || this.snap.budgetStop !== null;
        // Until this run's 'created' arrives the store still holds the run before it (its
        // time may be past t): a new run's waitFor would resolve on the old run's data.
        if (this.storeRun !== runId && !done) return;
        if (this.store.now >= t - 1e-9 || done) {
          off();
          offS();
          resolve(this.store.now);
        }
      };
      const off = this.store.subscribe(check);
      const offS = this.subscribe(check);
      check();
    });
  }

  /** Runs as fast as possible to simulated time t, pauses there, resolves with the time reached. */
  runUntil(t: number): Promise<number> {
    this.send({ type: 'runUntil', runId: this.snap.runId, t });
    return this.waitFor(Math.min(t, this.snap.duration || t));
  }

  /** Stops the worker for good (a second simulation of compare mode that is closed). */
  dispose(): void {
    this.client.close(new Error('simulation closed'));
    this.update({ status: 'idle', ready: false });
  }

  summary(): Promise<Summary> {
    return this.client.call({ op: 'summary', runId: this.snap.runId });
  }

  /**
   * Calls the fluid model in the worker (bl_fluid or bl_fluid_steady, docs/fluid-model.md) with
   * a parameter document; resolves with the parsed result ({error} on bad input) and its wall ms,
   * or with `error` when the call failed.
   */
  fluid(fn: FluidFn, params: object): Promise<{ result: unknown; ms: number; error?: string }> {
    return this.client.call({ op: 'fluid', fn, params: JSON.stringify(params) }).catch((e: Error) => ({
      result: null,
      ms: 0,
      error: e.message,
    }));
  }

  /** Every problem bl_check finds in a scenario (none: {ok: true}); creates nothing. */
  check(scenario: Scenario): Promise<CheckResult> {
    return this.client.call({ op: 'check', scenario });
  }

  /** The scenario with every field bl_check names left out (or set back to `base`'s value), and a notice for each (the worker's repair). */
  repair(scenario: Scenario, base?: Scenario): Promise<Repaired> {
    return this.client.call(base ? { op: 'repair', scenario, base } : { op: 'repair', scenario });
  }

  /**
   * Applies a live change; resolves with the simulated time it took effect, or rejects with the
   * core's refusal (a Refused: its words, and its problem for a control to word in its own units).
   */
  setParam(entity: string, key: string, value: number): Promise<number> {
    const refused = this.guard?.(entity, key) ?? this.finishedReason();
    if (refused) return Promise.reject(new Error(refused));
    const runId = this.snap.runId;
    return this.client.call({ op: 'setParam', runId, entity, key, value }).then((t) => {
      // A change the core took at or after the end changes nothing a link could replay (issue 28).
      if (this.snap.runId === runId && !this.atEnd(t)) this.onLiveApplied?.({ t, entity, key, value });
      return t;
    });
  }

  /**
   * Why no live change is taken now: the run has reached its end (issue 28: a change sent then
   * was accepted and added to the link, which replays nothing after the end). null otherwise.
   */
  finishedReason(): string | null {
    return this.snap.status === 'finished' || this.atEnd(this.store.now)
      ? 'the run has finished: press Reset to run it again, then change it'
      : null;
  }

  /** Whether simulated time t is at or past the end of the run (a run not created yet has none). */
  private atEnd(t: number): boolean {
    return this.snap.duration > 0 && t >= this.snap.duration - 1e-9;
  }

  /** The value a live change set (undefined: none since the run started; the scenario's value holds). */
  appliedLive(entity: string, key: string): number | undefined {
    return this.liveValues.get(`${entity}/${key}`);
  }

  /**
   * The value of a live parameter in force now, as the core has it (the manifest: a schedule's
   * current step included), or as a live change just set it; NaN when the run has no such value.
   */
  liveValue(entity: string, key: string): number {
    const v = this.liveValues.get(`${entity}/${key}`);
    if (v !== undefined) return v;
    const m = this.snap.manifest;
    return m ? manifestLiveValue(m, entity, key) : Number.NaN;
  }

  /** Asks the worker for the run's manifest now (it also sends it unasked when the run changes). */
  manifest(): Promise<Manifest> {
    return this.client.call({ op: 'manifest', runId: this.snap.runId });
  }

  /** Reads link names (once per run) and queue kinds and bounds from the core's summary. */
  private readQueues(links: boolean): void {
    const runId = this.snap.runId;
    this.summary()
      .then((sum) => {
        if (this.snap.runId !== runId) return;
        const queues = sum.queues.map(({ id, kind, qmax }) => (qmax === undefined ? { id, kind } : { id, kind, qmax }));
        this.update(links ? { links: sum.links.map((l) => l.id), queues } : { queues });
      })
      .catch(() => undefined);
  }

  /** Live changes the run applied (a call's or replayed ones): marks, live values, re-read bounds. */
  private applied(changes: ParamMsg[]): void {
    if (!this.snap.scenario || changes.length === 0) return;
    let qmax = false;
    for (const msg of changes) {
      const spec = specForLive(this.snap.specs, this.snap.manifest, msg.entity, msg.key);
      // The value before the change (the manifest follows with the change in it).
      const before = this.liveValue(msg.entity, msg.key);
      this.liveValues.set(`${msg.entity}/${msg.key}`, msg.value);
      if (msg.entity === 'flows')
        for (const k of [...this.liveValues.keys()])
          if (k.startsWith('flow.') && k.endsWith(`/${msg.key}`)) this.liveValues.delete(k);
      // A live exogenous loss for all flows replaces the scenario's loss schedule: its later
      // steps will not happen, so the charts no longer mark them.
      if (replacesSchedule(msg.entity, msg.key)) this.store.removeMarks((m) => isScheduleMark(m) && m.t > msg.t);
      this.store.addMark(
        {
          t: msg.t,
          entity: msg.entity,
          key: msg.key,
          value: msg.value,
          label: changeLabel(spec, msg.entity, msg.key, before, msg.value),
        },
        changes.length > 1,
      );
      // A deadline changes D_max, hence TED's Q_max.
      if (this.snap.queues.some((q) => q.qmax !== undefined)) qmax = true;
    }
    if (changes.length > 1) this.store.marksAdded();
    this.update({ paramVersion: this.snap.paramVersion + 1 });
    if (qmax) this.readQueues(false);
  }

  private receive(msg: WorkerEvent): void {
    if (msg.type === 'ready') {
      performance.mark('bl:ready');
      // The waiters resolve first: their callbacks (the page's first run) come before React's
      // render of the new snapshot, which is queued by update() as a later microtask, so the
      // worker builds the run while the page renders (npm run bench:start).
      const waiters = this.readyWaiters.splice(0);
      for (const r of waiters) r();
      this.update({ ready: true, specs: msg.specs, fluidSpecs: msg.fluidSpecs });
      return;
    }
    if (msg.type === 'fatal') {
      this.failed(msg.stage, msg.error);
      return;
    }
    if (msg.type === 'crashed') {
      this.crashed(msg.error);
      return;
    }
    if (msg.runId !== this.snap.runId) return; // output of a run that was reset
    switch (msg.type) {
      case 'created': {
        const sp = typeof msg.scenario.samplePeriod === 'number' ? msg.scenario.samplePeriod : 0.1;
        const dur = Number.isFinite(msg.duration) ? msg.duration : 600;
        performance.mark('bl:created');
        this.liveValues.clear();
        this.snap = { ...this.snap, manifest: null };
        this.store.reset(msg.columns, dur / sp, msg.duration);
        this.storeRun = msg.runId;
        timeView.reset();
        this.update({
          scenario: msg.scenario,
          columns: msg.columns,
          flowCount: this.store.flowCount,
          duration: msg.duration,
          repaired: msg.repaired,
          links: [],
          queues: [],
        });
        this.readQueues(true);
        break;
      }
      case 'manifest':
        // The run's first account: the steps of its loss schedule, as built, become marks.
        if (!this.snap.manifest)
          for (const m of scheduleMarks(this.snap.specs, msg.manifest))
            this.store.addMark({ ...m, entity: 'flows', key: 'exoLoss', value: Number.NaN, schedule: true });
        this.liveValues.clear();
        this.update({ manifest: msg.manifest, paramVersion: this.snap.paramVersion + 1 });
        break;
      case 'createFailed':
        this.update({ status: 'error', error: msg.error, refused: msg.error });
        break;
      case 'block':
        if (this.store.rows === 0) performance.mark('bl:first-block');
        this.store.append(msg.buffer, msg.now);
        break;
      case 'status':
        this.store.setNow(msg.now);
        this.update({
          status: msg.status,
          error: msg.error ?? (msg.status === 'error' ? 'simulation error' : this.snap.error),
          budgetStop: msg.budget ?? this.snap.budgetStop,
        });
        break;
      case 'param':
        this.applied([msg]);
        break;
      case 'params':
        this.applied(msg.changes);
        break;
      case 'liveRefused': {
        // Said like a field the core refused at create: in the notice, by label, value and range.
        const said = msg.changes.map((r) => liveRefusalText(this.snap.specs, this.snap.manifest, r));
        this.update({ repaired: [...this.snap.repaired, ...said] });
        this.onLiveRefused?.(msg.changes.map((r) => r.change));
        break;
      }
    }
  }
}

/**
 * A live change of a link the core refused, as the notice says it: what it set, by the page's
 * label and in its units, where and when, the change as the link wrote it, and the core's
 * range (problemText, in the control's units) ("Exogenous loss of all flows set to 700% at 0 s
 * (live=0:flows:exoLoss:7): refused. Allowed: ...; left out of the link").
 */
export function liveRefusalText(specs: readonly ParamSpec[], manifest: Manifest | null, r: LiveRefusal): string {
  const { t, entity, key, value } = r.change;
  const spec = specForLive(specs, manifest, entity, key);
  const where =
    entity === 'flows'
      ? ' of all flows'
      : entity.startsWith('flow.')
        ? ` of flow ${entity.slice(5)}`
        : ` of ${entity.replace('.', ' ')}`;
  const why = r.problem ? problemText(r.problem, spec) : r.error;
  return `${spec?.label ?? key}${where} set to ${formatValue(value, spec)} at ${t} s (live=${t}:${entity}:${key}:${value}): refused. ${why}; left out of the link`;
}
