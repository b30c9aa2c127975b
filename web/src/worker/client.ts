// The page's one client of a simulation worker (protocol.ts): the live run's controller
// (run/simController.ts) and each sweep worker (sweep/sweepRunner.ts) talk to their worker
// through it. It owns the worker, numbers the calls and keeps the one map of calls waiting for
// their reply; call() resolves with the value the call's op says (CallValue[op]) or rejects with
// the worker's error. Commands go out with send(); everything else the worker sends goes to
// onEvent.
import {
  type Call,
  type CallOf,
  type CallOp,
  type CallValue,
  type Command,
  type FromWorker,
  Refused,
  type Reply,
  type ToWorker,
  type WorkerEvent,
} from './protocol';

export type WorkerFactory = () => Worker;

/** A worker the page's boot script started (worker/boot.js), and what it sent before it was taken. */
interface Booted {
  worker: Worker;
  backlog: Event[];
}
const bootScope = globalThis as { __blBoot?: Booted | null };
/** The events a taken boot worker sent before its client listened, by worker (handed over once). */
const backlogs = new WeakMap<Worker, Event[]>();

/**
 * The simulation worker of this page: the first one asked for is the one the built page's boot
 * script started early (worker/boot.js), if it did; the others, and every one in a page without
 * it, are started here. Once this has run, a boot script that loads late starts none.
 */
export const simWorker: WorkerFactory = () => {
  const booted = bootScope.__blBoot;
  bootScope.__blBoot = null;
  if (booted) {
    backlogs.set(booted.worker, booted.backlog);
    return booted.worker;
  }
  return new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' });
};

/** A call waiting for its reply; `runId` null: not tied to a run (a new run does not cancel it). */
interface Waiter<O extends CallOp = CallOp> {
  op: O;
  runId: number | null;
  resolve: (v: CallValue[O]) => void;
  reject: (e: Error) => void;
}

export interface WorkerClientOptions {
  make?: WorkerFactory;
  /** Every message of the worker that is not a reply. */
  onEvent: (e: WorkerEvent) => void;
  /** The worker's script failed (it could not start, or threw outside a call). */
  onError: (ev: ErrorEvent) => void;
}

export class WorkerClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();
  private closed: Error | null = null;

  constructor({ make = simWorker, onEvent, onError }: WorkerClientOptions) {
    const w = make();
    this.worker = w;
    const onMessage = (ev: MessageEvent<FromWorker>) => {
      const msg = ev.data;
      for (const m of msg.type === 'batch' ? msg.messages : [msg]) {
        if (this.closed) return;
        if (m.type === 'reply') this.settle(m);
        else onEvent(m);
      }
    };
    const onFailed = (ev: ErrorEvent) => {
      if (!this.closed) onError(ev);
    };
    w.onmessage = onMessage;
    w.onerror = onFailed;
    // What a boot worker sent before this client listened, in the order it came: handed on once
    // this constructor has returned (its owner may not hold the client yet: SimController's
    // handlers compare against it), and before anything the worker sends from now on, which
    // comes in a later task.
    const backlog = backlogs.get(w) ?? [];
    backlogs.delete(w);
    if (backlog.length)
      queueMicrotask(() => {
        for (const ev of backlog) {
          if (ev instanceof MessageEvent) onMessage(ev as MessageEvent<FromWorker>);
          else if (ev.type === 'error') onFailed(ev as ErrorEvent);
        }
      });
  }

  /** Sends a call; resolves with its reply's value, rejects with its error (a refusal: Refused). */
  call<O extends CallOp>(call: CallOf<O>): Promise<CallValue[O]> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    const runId = 'runId' in call && typeof call.runId === 'number' ? call.runId : null;
    return new Promise<CallValue[O]>((resolve, reject) => {
      const waiter: Waiter<O> = { op: call.op, runId, resolve, reject };
      this.waiting.set(id, waiter as unknown as Waiter);
      // (CallOf<O> is one member of Call for each O; TypeScript cannot see that for a generic O.)
      this.post({ type: 'call', id, call: call as CallOf<CallOp> as Call });
    });
  }

  /** A message that does not answer. */
  send(cmd: Command): void {
    if (!this.closed) this.post(cmd);
  }

  /** Fails the calls tied to a run other than `runId` (a new run replaced theirs). */
  failOtherRuns(runId: number, error: Error): void {
    for (const [id, w] of this.waiting)
      if (w.runId !== null && w.runId !== runId) {
        this.waiting.delete(id);
        w.reject(error);
      }
  }

  /** Fails every waiting call with `error` (the worker can no longer answer). */
  failAll(error: Error): void {
    const ws = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of ws) w.reject(error);
  }

  /** Stops the worker for good: waiting and later calls fail with `error`; nothing more arrives. */
  close(error: Error): void {
    if (this.closed) return;
    this.closed = error;
    this.worker.terminate();
    this.failAll(error);
  }

  private post(msg: ToWorker): void {
    this.worker.postMessage(msg);
  }

  /** A reply settles its call (ignored when the call is gone, e.g. cut off by a new run). */
  private settle(msg: Reply): void {
    const w = this.waiting.get(msg.id);
    if (!w) return;
    this.waiting.delete(msg.id);
    if (msg.op !== w.op) w.reject(new Error(`the worker answered call ${msg.id} (${w.op}) as ${msg.op}`));
    else if (msg.ok) w.resolve(msg.value as never);
    else w.reject(msg.problem ? new Refused(msg.error, msg.problem) : new Error(msg.error));
  }
}
