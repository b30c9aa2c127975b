// Play, pause, step, reset, speed and the simulated-time readout. The readout is written by a
// frame painter straight into the DOM: simulated time never goes through React state. A
// finished run offers what comes next: run again, run longer, change one thing and run.
import { useEffect, useRef, useState } from 'react';
import type { SimController, SimSnapshot } from '../run/simController';
import { addPainter, requestFrameIn } from '../store/frameLoop';

const READOUT_MS = 100;

export const SPEEDS: { value: number; label: string }[] = [
  { value: 0.1, label: 'x0.1' },
  { value: 0.25, label: 'x0.25' },
  { value: 0.5, label: 'x0.5' },
  { value: 1, label: 'x1' },
  { value: 2, label: 'x2' },
  { value: 4, label: 'x4' },
  { value: 5, label: 'x5' },
  { value: 10, label: 'x10' },
  { value: 0, label: 'as fast as possible' },
];

export interface ControlsBarProps {
  sim: SimController;
  snap: SimSnapshot;
  speed: number;
  onSpeed: (speed: number) => void;
  onReset: () => void;
  /** A finished run: the same run again from 0, playing. */
  onRunAgain?: () => void;
  /** A finished run: longer by `factor`, replaying what was seen (the core's reason when it refuses). */
  onRunLonger?: (factor: number) => Promise<string | null>;
  /** A finished run: open the scenario editor (change one thing, then run). */
  onEdit?: () => void;
}

/** "Run longer" doubles the duration. */
const LONGER = 2;

export function ControlsBar({ sim, snap, speed, onSpeed, onReset, onRunAgain, onRunLonger, onEdit }: ControlsBarProps) {
  const timeRef = useRef<HTMLOutputElement>(null);
  const durRef = useRef(snap.duration);
  durRef.current = snap.duration;
  useEffect(() => {
    let shown = '';
    let shownAt = Number.NEGATIVE_INFINITY;
    return addPainter(() => {
      const el = timeRef.current;
      if (!el) return;
      const d = durRef.current;
      const text = `${sim.store.now.toFixed(2)} s${Number.isFinite(d) && d > 0 ? ` / ${d} s` : ''}`;
      if (text === shown) return;
      // A text change relayouts and repaints the page (milliseconds with 100 flows' panels):
      // a few times a second is as fast as anyone reads; the latest value follows.
      const t = performance.now();
      if (t - shownAt < READOUT_MS) {
        requestFrameIn(READOUT_MS - (t - shownAt));
        return;
      }
      el.textContent = text;
      shown = text;
      shownAt = t;
    });
  }, [sim]);

  const playing = snap.status === 'playing';
  const finished = snap.status === 'finished';
  const canRun = snap.scenario !== null && snap.status !== 'error';
  const held = snap.hold !== null;
  const [longerError, setLongerError] = useState<string | null>(null);
  useEffect(() => setLongerError(null), [snap.runId]);
  const next = finished && (onRunAgain || onRunLonger || onEdit);
  const longer = Number.isFinite(snap.duration) ? +(snap.duration * LONGER).toPrecision(6) : Number.NaN;
  // A speed from a link or a lesson step that is not in the list is shown as it is, not as the first entry.
  return (
    // A landmark around the toolbar (axe's "region": all content in landmarks); the section is
    // the sticky bar, the toolbar inside lays the controls out.
    <section className="controls" aria-label="Run">
      <div className="controls-row" role="toolbar" aria-label="Simulation controls">
        {next ? (
          <span className="run-next" role="group" aria-label="The run finished: what next" data-testid="run-next">
            <span className="small">Finished. Next:</span>
            {onRunAgain ? (
              <button type="button" className="primary" onClick={onRunAgain} title="The same run again from time 0">
                Run again
              </button>
            ) : null}
            {onRunLonger && Number.isFinite(longer) ? (
              <button
                type="button"
                onClick={() => void onRunLonger(LONGER).then(setLongerError)}
                title={`The same run to ${longer} s: the ${snap.duration} s seen are replayed at full speed, then it plays on`}
              >
                Run longer (to {longer} s)
              </button>
            ) : null}
            {onEdit ? (
              <button type="button" onClick={onEdit} title="Open the scenario editor: change one thing, then run">
                Change one thing and run…
              </button>
            ) : null}
            {longerError ? (
              <span className="param-error small" role="alert">
                Cannot run longer: {longerError}
              </span>
            ) : null}
          </span>
        ) : playing ? (
          <button type="button" className="primary" onClick={() => sim.pause()} aria-keyshortcuts="Space">
            Pause
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => sim.play()}
            disabled={!canRun || finished || held}
            aria-keyshortcuts="Space"
            aria-describedby={held ? 'play-hold' : undefined}
          >
            Play
          </button>
        )}
        {held && !playing ? (
          <span id="play-hold" className="play-hold small" role="status" data-testid="play-hold">
            {snap.hold}
          </span>
        ) : null}
        <button
          type="button"
          onClick={() => sim.step()}
          disabled={!canRun || playing || finished || held}
          title="Advance one sample period"
        >
          Step
        </button>
        <button
          type="button"
          onClick={onReset}
          disabled={snap.scenario === null}
          title="Run the same scenario again from time 0"
        >
          Reset
        </button>
        <SpeedSelect speed={speed} onSpeed={onSpeed} />
        <span className="sim-time">
          <span className="muted">Simulated time</span>{' '}
          <output ref={timeRef} aria-live="off" data-testid="sim-time">
            0.00 s
          </output>
        </span>
        <span className={`status status-${snap.status}`} role="status">
          {snap.status === 'idle' ? 'loading' : snap.status}
        </span>
      </div>
    </section>
  );
}

/** The speed chooser of a control bar: the usual speeds, and the one a link asked for if it is not one of them. */
export function SpeedSelect({ speed, onSpeed }: { speed: number; onSpeed: (speed: number) => void }) {
  const speeds = SPEEDS.some((s) => s.value === speed)
    ? SPEEDS
    : [...SPEEDS, { value: speed, label: `x${speed}` }].sort((a, b) => (a.value || Infinity) - (b.value || Infinity));
  return (
    <label className="inline">
      Speed
      <select value={speed} onChange={(e) => onSpeed(Number(e.target.value))}>
        {speeds.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}
