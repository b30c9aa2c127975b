// The worker client against a scripted worker: a reply settles the call it answers with the value
// its op says, a refusal arrives as Refused with the core's problem, a reply that answers another
// op than was asked is an error, a new run fails the old run's calls only, and a closed client
// neither answers nor sends.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { WorkerClient, simWorker } from './client';
import { type FromWorker, Refused, type ToWorker, type WorkerEvent } from './protocol';
import type { Summary } from '../params/types';
import type { CheckResult } from '../../../wasm-core/js/binding.mjs';

class ScriptedWorker {
  onmessage: ((ev: { data: FromWorker }) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  sent: ToWorker[] = [];
  terminated = false;
  postMessage(m: ToWorker) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  emit(m: FromWorker) {
    this.onmessage?.({ data: m });
  }
  /** The id of the last call sent. */
  lastId(): number {
    const m = this.sent.at(-1);
    if (m?.type !== 'call') throw new Error('no call sent');
    return m.id;
  }
}

function client() {
  const w = new ScriptedWorker();
  const events: WorkerEvent[] = [];
  const errors: string[] = [];
  const c = new WorkerClient({
    make: () => w as unknown as Worker,
    onEvent: (e) => events.push(e),
    onError: (ev) => errors.push(ev.message),
  });
  return { c, w, events, errors };
}

const PROBLEM = {
  path: 'flows.count',
  message: 'flows.count: 0 is out of range; allowed [1, 1000]',
  value: 0,
  range: { min: 1, max: 1000, unit: '', integer: true },
  options: null,
  default: 2,
};

describe('WorkerClient', () => {
  it('types each reply by its call, and resolves the call it answers', async () => {
    const { c, w } = client();
    const check = c.call({ op: 'check', scenario: { version: 1 } });
    expectTypeOf(check).resolves.toEqualTypeOf<CheckResult>();
    const checkId = w.lastId();
    const summary = c.call({ op: 'summary', runId: 1 });
    expectTypeOf(summary).resolves.toEqualTypeOf<Summary>();
    const t = c.call({ op: 'setParam', runId: 1, entity: 'flows', key: 'weight', value: 2 });
    expectTypeOf(t).resolves.toEqualTypeOf<number>();
    const setId = w.lastId();
    expect(w.sent.map((m) => m.type === 'call' && m.call.op)).toEqual(['check', 'summary', 'setParam']);
    // Answered out of order: each reply settles its own call.
    w.emit({ type: 'reply', id: setId, op: 'setParam', ok: true, value: 3.5 });
    w.emit({ type: 'reply', id: checkId, op: 'check', ok: true, value: { ok: true, problems: [] } });
    await expect(t).resolves.toBe(3.5);
    await expect(check).resolves.toEqual({ ok: true, problems: [] });
  });

  it("a refusal rejects with the core's words and problem; a reply of another op is an error", async () => {
    const { c, w } = client();
    const refused = c.call({ op: 'setParam', runId: 1, entity: 'flows', key: 'count', value: 0 });
    w.emit({ type: 'reply', id: w.lastId(), op: 'setParam', ok: false, error: PROBLEM.message, problem: PROBLEM });
    const e = await refused.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Refused);
    expect((e as Refused).message).toBe(PROBLEM.message);
    expect((e as Refused).problem).toEqual(PROBLEM);
    const summary = c.call({ op: 'summary', runId: 1 });
    w.emit({ type: 'reply', id: w.lastId(), op: 'check', ok: true, value: { ok: true, problems: [] } });
    await expect(summary).rejects.toThrow('answered call 2 (summary) as check');
  });

  it('events go to onEvent; a new run fails the calls of other runs, not the run-less ones', async () => {
    const { c, w, events } = client();
    w.emit({ type: 'status', runId: 1, status: 'playing', now: 0 });
    expect(events).toEqual([{ type: 'status', runId: 1, status: 'playing', now: 0 }]);
    const old = c.call({ op: 'summary', runId: 1 });
    const fluid = c.call({ op: 'fluid', fn: 'steady', params: '{}' });
    const fluidId = w.lastId();
    const mine = c.call({ op: 'manifest', runId: 2 });
    c.failOtherRuns(2, new Error('run was replaced'));
    await expect(old).rejects.toThrow('run was replaced');
    w.emit({ type: 'reply', id: fluidId, op: 'fluid', ok: true, value: { result: {}, ms: 1 } });
    await expect(fluid).resolves.toEqual({ result: {}, ms: 1 });
    c.failAll(new Error('the simulator stopped'));
    await expect(mine).rejects.toThrow('the simulator stopped');
  });

  it('closed: waiting and later calls fail with the reason, nothing more is sent or received', async () => {
    const { c, w, events, errors } = client();
    const pending = c.call({ op: 'check', scenario: { version: 1 } });
    const id = w.lastId();
    c.close(new Error('simulation closed'));
    expect(w.terminated).toBe(true);
    await expect(pending).rejects.toThrow('simulation closed');
    await expect(c.call({ op: 'summary', runId: 1 })).rejects.toThrow('simulation closed');
    c.send({ type: 'play', runId: 1, speed: 1 });
    expect(w.sent).toHaveLength(1);
    w.emit({ type: 'reply', id, op: 'check', ok: true, value: { ok: true, problems: [] } });
    w.emit({ type: 'status', runId: 1, status: 'paused', now: 1 });
    w.onerror?.({ message: 'late' } as ErrorEvent);
    expect(events).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("hands on a batch's messages in order, replies settled, as if each had come alone", async () => {
    const { c, w, events } = client();
    const check = c.call({ op: 'check', scenario: { version: 1 } });
    const id = w.lastId();
    w.emit({
      type: 'batch',
      messages: [
        { type: 'ready', specs: [], fluidSpecs: [] },
        { type: 'reply', id, op: 'check', ok: true, value: { ok: true, problems: [] } },
        { type: 'status', runId: 1, status: 'playing', now: 0 },
      ],
    });
    expect(events.map((e) => e.type)).toEqual(['ready', 'status']);
    await expect(check).resolves.toEqual({ ok: true, problems: [] });
  });

  it("takes the boot script's worker once, with what it sent before, in order", async () => {
    const w = new ScriptedWorker();
    const scope = globalThis as { __blBoot?: unknown };
    const ready = new MessageEvent('message', { data: { type: 'ready', specs: [], fluidSpecs: [] } });
    const status = new MessageEvent('message', { data: { type: 'status', runId: 1, status: 'idle', now: 0 } });
    const failed = Object.assign(new Event('error'), { message: 'a late failure' });
    scope.__blBoot = { worker: w, backlog: [ready, status, failed] };
    try {
      const events: WorkerEvent[] = [];
      const errors: string[] = [];
      // Its owner holds the client only once the constructor returns (SimController's handlers
      // compare against it): what the boot worker said comes after that, not inside.
      const c: WorkerClient = new WorkerClient({
        onEvent: (e) => {
          if (c) events.push(e);
        },
        onError: (ev) => errors.push(ev.message),
      });
      expect(events).toEqual([]);
      await Promise.resolve();
      expect(events.map((e) => e.type)).toEqual(['ready', 'status']);
      expect(errors).toEqual(['a late failure']);
      // Taken: later events come through the client's own handlers, and a late boot script starts none.
      w.emit({ type: 'status', runId: 1, status: 'playing', now: 0 });
      expect(events.map((e) => e.type)).toEqual(['ready', 'status', 'status']);
      expect(scope.__blBoot).toBeNull();
      // The next worker asked for is a new one (no Worker here: the attempt is what is seen).
      expect(() => simWorker()).toThrow();
    } finally {
      delete scope.__blBoot;
    }
  });
});
