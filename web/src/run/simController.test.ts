// SimController.waitFor against a scripted worker: a new run's wait must not be satisfied by
// the data of the run before it (the chart store is reset only when the new run's 'created'
// arrives), which once let e2e/embed-lock.spec.ts read a new run's marks before it had any.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FromWorker } from '../worker/protocol';
import type { LiveChange, Scenario } from '../params/types';

class ScriptedWorker {
  static last: ScriptedWorker | null = null;
  static spawned = 0;
  terminated = false;
  onmessage: ((ev: { data: FromWorker }) => void) | null = null;
  onerror: unknown = null;
  sent: unknown[] = [];
  constructor() {
    ScriptedWorker.last = this;
    ScriptedWorker.spawned++;
  }
  postMessage(m: unknown) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  emit(m: FromWorker) {
    this.onmessage?.({ data: m });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('SimController.waitFor', () => {
  it("waits for the new run's own data, not the time the replaced run had reached", async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    const { SimController } = await import('./simController');
    const sim = new SimController();
    const w = ScriptedWorker.last!;
    const created = (runId: number) =>
      w.emit({ type: 'created', runId, columns: ['t'], scenario: { version: 1 }, repaired: [], duration: 10 });
    const status = (runId: number, now: number) => w.emit({ type: 'status', runId, status: 'playing', now });

    const first = sim.start({ version: 1 }, []);
    created(first);
    status(first, 5);
    expect(await sim.waitFor(2)).toBe(5);

    const second = sim.start({ version: 1 }, []);
    let reached: number | null = null;
    void sim.waitFor(2).then((t) => (reached = t));
    await Promise.resolve();
    expect(reached).toBeNull(); // the store still says 5 s, from the first run
    created(second);
    status(second, 1);
    await Promise.resolve();
    expect(reached).toBeNull();
    status(second, 2.5);
    await Promise.resolve();
    expect(reached).toBe(2.5);
  });
});

describe('a run past its work budget (issue 28)', () => {
  it("pauses with the core's reason, ends a wait for a later time, and a new run clears it", async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    const { SimController } = await import('./simController');
    const sim = new SimController();
    const w = ScriptedWorker.last!;
    const run = sim.start({ version: 1 }, []);
    w.emit({ type: 'created', runId: run, columns: ['t'], scenario: { version: 1 }, repaired: [], duration: 60 });
    let reached: number | null = null;
    void sim.runUntil(50).then((t) => (reached = t));
    w.emit({ type: 'status', runId: run, status: 'playing', now: 3 });
    // (The controller's listeners hear of a change in a task of their own: wait past it.)
    await new Promise((r) => setTimeout(r, 20));
    expect(reached).toBeNull();
    const why = 'work budget: the run stopped at 4 s after 1 billion events, the work budget of one run';
    w.emit({ type: 'status', runId: run, status: 'paused', now: 4, budget: why });
    await vi.waitFor(() => expect(reached).toBe(4));
    expect(sim.getSnapshot().status).toBe('paused');
    expect(sim.getSnapshot().budgetStop).toBe(why);
    expect(sim.getSnapshot().error).toBeNull();
    // A later status of the same run keeps the reason; a new run starts without it.
    w.emit({ type: 'status', runId: run, status: 'paused', now: 4 });
    expect(sim.getSnapshot().budgetStop).toBe(why);
    sim.start({ version: 1 }, []);
    expect(sim.getSnapshot().budgetStop).toBeNull();
  });
});

describe('a core that cannot serve the page', () => {
  async function controller() {
    vi.stubGlobal('Worker', ScriptedWorker);
    const { SimController } = await import('./simController');
    const before = ScriptedWorker.spawned;
    const sim = new SimController();
    return { sim, w: ScriptedWorker.last!, spawnedSince: () => ScriptedWorker.spawned - before };
  }

  it('a describe of another version: the failure and what to do, kept through a new run', async () => {
    const { sim, w } = await controller();
    const pending = sim.check({ version: 1 });
    w.emit({
      type: 'fatal',
      stage: 'version',
      error: 'the core describes its parameters in version 1; this page reads version 2',
    });
    const snap = sim.getSnapshot();
    expect(snap.ready).toBe(false);
    expect(snap.fatal?.stage).toBe('version');
    expect(snap.fatal?.error).toContain('version 1; this page reads version 2');
    expect(snap.fatal?.advice).toContain('npm run build:wasm');
    expect(snap.fatal?.advice).toContain('reload');
    expect(w.terminated).toBe(true);
    // A call waiting for the core fails with the reason instead of waiting for ever.
    await expect(pending).rejects.toThrow('the simulator could not start: the core describes');
    // The app starts its first run as usual: the failure stays on screen.
    sim.start({ version: 1 }, []);
    expect(sim.getSnapshot().fatal?.stage).toBe('version');
    expect(sim.getSnapshot().status).toBe('error');
    await expect(sim.summary()).rejects.toThrow('could not start');
  });

  it('a module that traps while loading: a failure to load, not a restart loop', async () => {
    const { sim, w, spawnedSince } = await controller();
    w.emit({
      type: 'crashed',
      error: 'RuntimeError: Aborted(CompileError: WebAssembly.instantiate(): expected magic word)',
    });
    expect(sim.getSnapshot().fatal).toMatchObject({ stage: 'load' });
    expect(sim.getSnapshot().fatal?.error).toContain('expected magic word');
    expect(sim.getSnapshot().crashes).toBe(0);
    expect(spawnedSince()).toBe(1);
  });

  it('a worker script that fails to load: stage load, with its message', async () => {
    const { sim, w } = await controller();
    (w.onerror as (ev: { message: string }) => void)({ message: 'Failed to fetch sim.worker.js' });
    expect(sim.getSnapshot().fatal).toMatchObject({ stage: 'load' });
    expect(sim.getSnapshot().fatal?.error).toContain('Failed to fetch sim.worker.js');
  });

  it('after the core was ready, a trap still restarts the worker (the crash path)', async () => {
    const { sim, w, spawnedSince } = await controller();
    w.emit({ type: 'ready', specs: [], fluidSpecs: [] });
    w.emit({ type: 'crashed', error: 'RuntimeError: unreachable' });
    expect(sim.getSnapshot().fatal).toBeNull();
    expect(sim.getSnapshot().crashes).toBe(1);
    expect(spawnedSince()).toBe(2);
  });
});

describe('SimController.adoptEarly (a first visit run asked for by main.tsx)', () => {
  const creates = (w: ScriptedWorker) => w.sent.filter((m) => (m as { type: string }).type === 'create').length;

  it('the page takes on the early run of the same scenario instead of starting it again', async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    const { SimController } = await import('./simController');
    const sim = new SimController();
    const w = ScriptedWorker.last!;
    sim.startEarly({ version: 1, duration: 60 });
    const early = sim.getSnapshot().runId;
    expect(creates(w)).toBe(1);
    expect(sim.adoptEarly({ version: 1, duration: 60 }, [], true)).toBe(early);
    expect(creates(w)).toBe(1);
    // Asked once: the page's next run is its own.
    expect(sim.adoptEarly({ version: 1, duration: 60 }, [], true)).toBeNull();
  });

  it('not for another scenario, live changes, a paused start, or after another run', async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    const { SimController } = await import('./simController');
    const sim = new SimController();
    const cases: [Scenario, LiveChange[], boolean][] = [
      [{ version: 1, duration: 30 }, [], true],
      [{ version: 1, duration: 60 }, [{ t: 1, entity: 'link.0', key: 'exoLoss', value: 0.01 }], true],
      [{ version: 1, duration: 60 }, [], false],
    ];
    for (const [scenario, live, autoplay] of cases) {
      sim.startEarly({ version: 1, duration: 60 });
      expect(sim.adoptEarly(scenario, live, autoplay)).toBeNull();
    }
    sim.startEarly({ version: 1, duration: 60 });
    sim.start({ version: 1, duration: 60 }, []);
    expect(sim.adoptEarly({ version: 1, duration: 60 }, [], true)).toBeNull();
  });
});

describe('SimController and the boot script', () => {
  // e2e/next-steps.spec.ts once hung at "Loading Bottleneck Lab..." in a fresh-clone CI run: the
  // entry chunk ran after the boot worker had said "ready", the client handed that on inside its
  // constructor, and SimController's handler read its client before it was assigned (a
  // ReferenceError that stopped main.tsx).
  it('takes a boot worker that is ready already: no throw, and the page is told', async () => {
    const w = new ScriptedWorker();
    const ready = new MessageEvent('message', { data: { type: 'ready', specs: [], fluidSpecs: [] } });
    (globalThis as { __blBoot?: unknown }).__blBoot = { worker: w, backlog: [ready] };
    try {
      const { SimController } = await import('./simController');
      const sim = new SimController();
      await Promise.resolve();
      expect(sim.getSnapshot().ready).toBe(true);
      // The worker's own messages from now on reach it too.
      const runId = sim.start({ version: 1 }, []);
      w.emit({ type: 'created', runId, columns: ['t'], scenario: { version: 1 }, repaired: [], duration: 10 });
      expect(sim.getSnapshot().scenario).not.toBeNull();
    } finally {
      delete (globalThis as { __blBoot?: unknown }).__blBoot;
    }
  });
});
