// One requestAnimationFrame for every chart: work is requested any number of times, and
// each registered painter runs at most once per frame (like Excalidraw's throttleRAF).

type Painter = () => void;
const painters = new Set<Painter>();
let scheduled = false;

function frame(): void {
  scheduled = false;
  for (const p of painters) p();
}

export function requestFrame(): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(frame);
  else setTimeout(frame, 16);
}

/** Registers a painter; it should return quickly when it has nothing new to draw. */
export function addPainter(p: Painter): () => void {
  painters.add(p);
  requestFrame();
  return () => painters.delete(p);
}
