// One requestAnimationFrame for every chart: work is requested any number of times, and
// each registered painter runs at most once per frame (like Excalidraw's throttleRAF).
// A frame spends at most FRAME_BUDGET_MS painting: painters left over run first in the next
// frame, so one slow chart delays the others by a frame instead of stretching every frame.
// A chart's first drawing of a run's data is the exception: the painter says so (returns
// 'first'), and the next painter runs in the same frame whatever the time. A run's charts appear
// together, once, instead of one per frame (on a phone at 4x CPU a first drawing takes 60-90 ms,
// and the top chart's second drawing, its first motion, waited for the chart below it to
// appear: npm run bench:start).

/** What a painter did: 'first' when it drew a chart's first data of a run; anything else otherwise. */
type Painter = () => void | 'first';
const painters: Painter[] = [];
let scheduled = false;
let start = 0; // where the next frame begins in `painters` (round robin)

export const FRAME_BUDGET_MS = 8;

const clock = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Runs painters from the round-robin start until the budget is spent; returns how many ran. */
export function paintFrame(now: () => number = clock): number {
  scheduled = false;
  const n = painters.length;
  if (n === 0) return 0;
  const t0 = now();
  let ran = 0;
  while (ran < n) {
    const did = painters[(start + ran) % n]!();
    ran++;
    if (ran < n && did !== 'first' && now() - t0 >= FRAME_BUDGET_MS) break;
  }
  start = (start + ran) % n;
  if (ran < n) requestFrame(); // the rest get the next frame
  return ran;
}

export function requestFrame(): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => paintFrame());
  else setTimeout(() => paintFrame(), 16);
}

let timer: ReturnType<typeof setTimeout> | null = null;
let timerDue = Number.POSITIVE_INFINITY;

/**
 * Requests a frame in `ms` milliseconds: for a painter that redraws at most every so often
 * (a readout 10 times a second). Asking for the next frame instead would wake the page every
 * frame until then, and each such frame costs a full lifecycle update and commit for nothing
 * (playing at x1, half of the renderer's CPU). The earliest request wins.
 */
export function requestFrameIn(ms: number): void {
  const due = clock() + Math.max(0, ms);
  if (timer !== null && timerDue <= due) return;
  if (timer !== null) clearTimeout(timer);
  timerDue = due;
  timer = setTimeout(
    () => {
      timer = null;
      timerDue = Number.POSITIVE_INFINITY;
      requestFrame();
    },
    Math.max(0, ms),
  );
}

/** Registers a painter; it should return quickly when it has nothing new to draw. */
export function addPainter(p: Painter): () => void {
  painters.push(p);
  requestFrame();
  return () => {
    const i = painters.indexOf(p);
    if (i >= 0) {
      painters.splice(i, 1);
      if (start > i) start--;
      if (start >= painters.length) start = 0;
    }
  };
}
