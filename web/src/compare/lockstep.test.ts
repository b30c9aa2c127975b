import { describe, expect, it } from 'vitest';
import type { RunStatus } from '../worker/protocol';
import { Lockstep, type LockstepSide } from './lockstep';

/** A side that takes `ms` of wall time per request and logs when each request starts and ends. */
function side(name: string, ms: number, duration: number, log: string[]): LockstepSide {
  const s = {
    store: { now: 0 },
    status: 'paused' as RunStatus,
    getSnapshot: () => ({ duration, status: s.status }),
    runUntil: (t: number) => {
      log.push(`${name} start ${t}`);
      return new Promise<number>((resolve) =>
        setTimeout(() => {
          s.store.now = Math.min(t, duration);
          if (s.store.now >= duration) s.status = 'finished';
          log.push(`${name} end ${s.store.now}`);
          resolve(s.store.now);
        }, ms),
      );
    },
  };
  return s;
}

describe('lockstep', () => {
  it('starts no tick before both sides finished the one before, and ends with both at the duration', async () => {
    const log: string[] = [];
    // B is five times slower than A: A must wait for it at every tick.
    const a = side('A', 1, 6, log);
    const b = side('B', 5, 6, log);
    const lock = new Lockstep([a, b]);
    lock.speed = 0; // as fast as possible: 2 s per tick
    const ticks: number[] = [];
    lock.onTick = (t) => ticks.push(t);
    await lock.play();
    expect(lock.getStatus()).toBe('finished');
    expect(ticks).toEqual([2, 4, 6]);
    expect([a.store.now, b.store.now]).toEqual([6, 6]);
    expect(log).toEqual([
      'A start 2',
      'B start 2',
      'A end 2',
      'B end 2',
      'A start 4',
      'B start 4',
      'A end 4',
      'B end 4',
      'A start 6',
      'B start 6',
      'A end 6',
      'B end 6',
    ]);
  });

  it('stops at a pause and takes both sides to a time on request', async () => {
    const log: string[] = [];
    const a = side('A', 1, 100, log);
    const b = side('B', 1, 100, log);
    const lock = new Lockstep([a, b]);
    lock.speed = 0;
    const playing = lock.play();
    lock.pause();
    await playing;
    expect(lock.getStatus()).toBe('paused');
    expect(await lock.stepTo(7.5)).toEqual([7.5, 7.5]);
    expect(log.filter((l) => l.includes('start 4'))).toEqual([]); // the paused loop did not go on
  });
});
