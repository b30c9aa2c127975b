// Live parameters: applied through setParam while the simulation runs (no restart). The
// charts mark each change. Which parameters appear here comes from the core's specs. On a phone
// the first few are shown and the rest fold behind "More" (styles.css), so a queue with a dozen
// parameters does not push every chart below the first screen. On a locked page the locked
// controls fold under "Locked by the instructor".
import { useState } from 'react';
import { Explain } from '../ui/Explain';
import type { SimController, SimSnapshot } from '../run/simController';
import { liveControls } from '../scenario/liveParams';
import { ParamControl } from './ParamControl';
import { commitLive, liveShown } from './liveControl';
import { useMarkCount } from '../run/useMarkCount';

/** Controls a phone shows before "More" (the rest fold, styles.css). */
const PHONE_SHOWN = 3;

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
  const [more, setMore] = useState(false);
  if (!snap.scenario || !snap.manifest) return null;
  const all = liveControls(snap.specs, snap.manifest);
  // A locked page: the controls students may change first; the locked ones (their values still
  // shown, disabled) fold under one line, so the allowed ones fit a small embed.
  const reason = (c: (typeof all)[number]) => locked?.(c.entity, c.key) ?? null;
  const controls = all.filter((c) => reason(c) === null);
  const fixed = all.filter((c) => reason(c) !== null);
  const control = (c: (typeof all)[number]) => {
    const where = c.entity === 'flows' ? 'all flows' : c.entity.replace('.', ' ');
    return (
      <ParamControl
        spec={c.spec}
        slider
        label={`${c.spec.label} (${where})`}
        value={liveShown(sim, c.entity, c.key, c.spec)}
        enterCommitsSame
        lockedReason={reason(c)}
        onCommit={commitLive(sim, c.entity, c.key, c.spec)}
      />
    );
  };
  return (
    <section className={`panel live-panel${more ? ' more' : ''}`} aria-labelledby="live-title">
      <h2 id="live-title">Live changes</h2>
      <p className="muted small">
        Applied at once, without a restart; the charts mark when. <Explain term="exoLoss" />
      </p>
      {controls.map((c, i) => (
        <div key={`${c.entity}/${c.key}`} className={i < PHONE_SHOWN ? 'live-first' : 'live-rest'}>
          {control(c)}
        </div>
      ))}
      {controls.length > PHONE_SHOWN ? (
        <button type="button" className="live-more" aria-expanded={more} onClick={() => setMore((m) => !m)}>
          {more ? 'Fewer controls' : `More controls (${controls.length - PHONE_SHOWN})`}
        </button>
      ) : null}
      {fixed.length ? (
        <details className="live-locked">
          <summary>Locked by the instructor ({fixed.length})</summary>
          {fixed.map((c) => (
            <div key={`${c.entity}/${c.key}`}>{control(c)}</div>
          ))}
        </details>
      ) : null}
    </section>
  );
}
