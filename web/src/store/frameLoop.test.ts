import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_BUDGET_MS, addPainter, paintFrame } from './frameLoop';

describe('frame loop budget', () => {
  const removers: Array<() => void> = [];
  afterEach(() => {
    while (removers.length) removers.pop()!();
  });

  it('stops painting when the budget is spent and resumes with the rest next frame', () => {
    let clock = 0;
    const ran: string[] = [];
    const painter = (name: string, cost: number) => () => {
      ran.push(name);
      clock += cost;
    };
    removers.push(addPainter(painter('slow', FRAME_BUDGET_MS + 2)));
    removers.push(addPainter(painter('a', 1)));
    removers.push(addPainter(painter('b', 1)));
    expect(paintFrame(() => clock)).toBe(1); // the slow one alone spends the budget
    expect(ran).toEqual(['slow']);
    expect(paintFrame(() => clock)).toBe(3); // next frame: a, b, then slow again (it still fits the start)
    expect(ran).toEqual(['slow', 'a', 'b', 'slow']);
  });

  it("draws every chart's first data in one frame; only redrawings share the budget", () => {
    let clock = 0;
    const ran: string[] = [];
    // A chart: its first drawing with data is slow and says so; its redrawings are slow too.
    const chart = (name: string) => {
      let drew = false;
      return () => {
        ran.push(name);
        clock += FRAME_BUDGET_MS + 2;
        if (drew) return;
        drew = true;
        return 'first' as const;
      };
    };
    removers.push(addPainter(chart('top')));
    removers.push(addPainter(chart('below')));
    removers.push(addPainter(chart('third')));
    expect(paintFrame(() => clock)).toBe(3); // all three appear together
    expect(ran).toEqual(['top', 'below', 'third']);
    expect(paintFrame(() => clock)).toBe(1); // then one redrawing per frame, round robin
    expect(paintFrame(() => clock)).toBe(1);
    expect(ran).toEqual(['top', 'below', 'third', 'top', 'below']);
  });

  it('runs every painter in one frame when they are cheap', () => {
    let clock = 0;
    let count = 0;
    for (let i = 0; i < 5; i++)
      removers.push(
        addPainter(() => {
          count++;
          clock += 1;
        }),
      );
    expect(paintFrame(() => clock)).toBe(5);
    expect(count).toBe(5);
  });
});

describe('a frame asked for later', () => {
  it('wakes the page once, when due, instead of every frame until then', async () => {
    vi.useFakeTimers();
    const frames: number[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      frames.push(Date.now());
      cb(0);
      return frames.length;
    });
    try {
      const { requestFrameIn } = await import('./frameLoop');
      const t0 = Date.now();
      requestFrameIn(100);
      requestFrameIn(250); // a later request is covered by the earlier one
      vi.advanceTimersByTime(99);
      expect(frames).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(frames).toEqual([t0 + 100]);
      requestFrameIn(80);
      requestFrameIn(30); // an earlier request replaces the later one
      vi.advanceTimersByTime(200);
      expect(frames).toEqual([t0 + 100, t0 + 130]);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
