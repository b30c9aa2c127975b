// The fluid model beside the packets: the "Draw the prediction on the charts" toggle (lines on the throughput
// and queue charts, see fluid/fluidOverlay.ts; kept in the URL as view.fluid=1) and the
// steady-state calculator.
import { useEffect, useSyncExternalStore } from 'react';
import type { SimController, SimSnapshot } from '../run/simController';
import { fluidOverlayFor } from '../fluid/fluidOverlay';
import { SteadyStateCalculator } from './SteadyStateCalculator';
import './FluidPanel.css';

export function FluidPanel({
  sim,
  snap,
  on,
  onToggle,
}: {
  sim: SimController;
  snap: SimSnapshot;
  on: boolean;
  onToggle: (on: boolean) => void;
}) {
  const overlay = fluidOverlayFor(sim);
  useEffect(() => {
    overlay.setEnabled(on);
  }, [overlay, on]);
  // Hidden (student mode): the lines go with the panel.
  useEffect(() => () => overlay.setEnabled(false), [overlay]);
  const st = useSyncExternalStore(overlay.subscribe, overlay.getSnapshot);
  const avail = overlay.availability(snap);
  const note = st.enabled
    ? st.message
    : avail.ok
      ? 'Mean per-flow rate and backlog of the fluid model (Eqs. 1-10): dashed, its mean over 4 s; dotted, the range it swings over in that time.'
      : `Not available: ${avail.reason}.`;
  return (
    <>
      <section className="panel" aria-labelledby="fluid-title">
        <h2 id="fluid-title">Prediction from theory (fluid model, Eqs. 1-10)</h2>
        <label className="inline">
          <input
            type="checkbox"
            checked={st.enabled}
            disabled={!st.enabled && !avail.ok}
            onChange={(e) => onToggle(e.target.checked)}
          />
          Draw the prediction on the charts
        </label>
        <p
          className={`small ${st.status === 'error' ? 'param-error' : 'muted'}`}
          data-testid="fluid-status"
          data-status={st.status}
          role="status"
        >
          {note}
        </p>
      </section>
      <SteadyStateCalculator sim={sim} snap={snap} />
    </>
  );
}
