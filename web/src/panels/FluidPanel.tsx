// The fluid model beside the packets: the "Overlay fluid model" toggle (dashed lines on the
// throughput and queue charts, see fluid/fluidOverlay.ts) and the steady-state calculator.
import { useSyncExternalStore } from 'react';
import type { SimController, SimSnapshot } from '../sim/simController';
import { fluidOverlayFor } from '../fluid/fluidOverlay';
import { SteadyStateCalculator } from './SteadyStateCalculator';
import './FluidPanel.css';

export function FluidPanel({ sim, snap }: { sim: SimController; snap: SimSnapshot }) {
  const overlay = fluidOverlayFor(sim);
  const st = useSyncExternalStore(overlay.subscribe, overlay.getSnapshot);
  const avail = overlay.availability(snap);
  const note = st.enabled ? st.message : avail.ok ? 'Mean per-flow rate and backlog of the fluid model (Eqs. 1-10), dashed.' : `Not available: ${avail.reason}.`;
  return (
    <>
      <section className="panel" aria-labelledby="fluid-title">
        <h2 id="fluid-title">Fluid model</h2>
        <label className="inline">
          <input type="checkbox" checked={st.enabled} disabled={!st.enabled && !avail.ok} onChange={(e) => overlay.setEnabled(e.target.checked)} />
          Overlay fluid model
        </label>
        <p className={`small ${st.status === 'error' ? 'param-error' : 'muted'}`} data-testid="fluid-status" data-status={st.status} role="status">{note}</p>
      </section>
      <SteadyStateCalculator sim={sim} snap={snap} />
    </>
  );
}
