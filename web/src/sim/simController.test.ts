// SimController.waitFor against a scripted worker: a new run's wait must not be satisfied by
// the data of the run before it (the chart store is reset only when the new run's 'created'
// arrives), which once let e2e/embed-lock.spec.ts read a new run's marks before it had any.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FromWorker } from '../worker/protocol';

class ScriptedWorker {
  static last: ScriptedWorker | null = null;
  onmessage: ((ev: { data: FromWorker }) => void) | null = null;
  onerror: unknown = null;
  sent: unknown[] = [];
  constructor() {
    ScriptedWorker.last = this;
  }
  postMessage(m: unknown) {
    this.sent.push(m);
  }
  terminate() {}
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
