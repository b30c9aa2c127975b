// Live parameters: applied through setParam while the simulation runs (no restart). The
// charts mark each change. Which parameters appear here comes from the core's specs.
import { Explain } from '../ui/Explain';
import type { SimController, SimSnapshot } from '../sim/simController';
import { liveControls } from '../scenario/liveParams';
import { refusalText } from '../core/specs';
import { ParamControl } from './ParamControl';
import { useMarkCount } from '../sim/useMarkCount';

export function LivePanel({
  sim,
  snap,
  locked,
}: {
  sim: SimController;
  snap: SimSnapshot;
  /** Why a parameter is locked (a locked embed), or null. */
  locked?: (entity: string, key: string) => string | null;
}) {
  useMarkCount(sim);
  if (!snap.scenario) return null;
  const controls = liveControls(snap.specs, snap.scenario);
  return (
    <section className="panel live-panel" aria-labelledby="live-title">
      <h2 id="live-title">Live changes</h2>
      <p className="muted small">
        Applied at once, without a restart; the charts mark when. <Explain term="exoLoss" />
      </p>
      {controls.map((c) => {
        const v = sim.liveValue(c.entity, c.key);
        const where = c.entity === 'flows' ? 'all flows' : c.entity.replace('.', ' ');
        return (
          <ParamControl
            key={`${c.entity}/${c.key}`}
            spec={c.spec}
            slider
            label={`${c.spec.label} (${where})`}
            value={Number.isFinite(v) ? v : undefined}
            lockedReason={locked?.(c.entity, c.key)}
            onCommit={(val) => {
              // The core judges the value: its reason for refusing one is shown at the control,
              // in the control's units (the core's range is SI: 1.5 of exoLoss is 150 %).
              if (typeof val === 'number')
                return sim.setParam(c.entity, c.key, val).then(
                  () => null,
                  (e: Error) => refusalText(e, c.spec),
                );
            }}
          />
        );
      })}
    </section>
  );
}
