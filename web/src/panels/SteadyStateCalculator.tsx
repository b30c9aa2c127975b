// "Steady state (Eqs. 11-12)": for m identical flows of round-trip time D through a link of C
// packets/s and a buffer of B packets, the quiescent loss that holds each at its fair share C/m,
// the exogenous loss at which the loop opens (the queue empties), and where the queue settles at
// the given exogenous loss; computed by the core (bl_fluid_steady) in the worker. Inputs,
// the buffer and the queue's kind included, are prefilled from the scenario when a run starts;
// input the core refuses stays out, with its reason at the control. Each number comes with a sentence saying what it means.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SimController, SimSnapshot } from '../sim/simController';
import { bottleneckRate } from '../charts/chartContext';
import { findSpec } from '../core/specs';
import { getPath } from '../scenario/paths.mjs';
import {
  STEADY_FIELDS,
  type SteadyAnswer,
  type SteadyInputs,
  percent,
  readSteady,
  steadyDefaults,
  steadyParams,
  steadyScope,
  steadySpec,
} from '../fluid/steadyState';
import { mapScenarioToFluid } from '../fluid/fluidParams';
import { ParamControl } from './ParamControl';

/** What the scenario says (fields it cannot say are left as they are). */
async function fromScenario(sim: SimController, snap: SimSnapshot): Promise<Partial<SteadyInputs>> {
  const next: Partial<SteadyInputs> = {};
  if (!snap.scenario) return next;
  const fits = (input: keyof SteadyInputs, v: number) => {
    const f = STEADY_FIELDS.find((x) => x.input === input)!;
    const sp = steadySpec(f, snap.fluidSpecs, snap.specs);
    return !!sp && Number.isFinite(v) && (sp.min === undefined || v >= sp.min) && (sp.max === undefined || v <= sp.max);
  };
  if (fits('flows', snap.flowCount)) next.flows = snap.flowCount;
  const ps = getPath(snap.scenario, 'packetSize') ?? findSpec(snap.specs, 'packetSize')?.default;
  const cap = bottleneckRate(sim, snap) / (8 * (typeof ps === 'number' ? ps : 1000));
  if (fits('capacity', cap)) next.capacity = +cap.toPrecision(6);
  const exo = sim.liveValue('flows', 'exoLoss');
  if (fits('exoLoss', exo)) next.exoLoss = exo;
  // The scenario's own buffer (as changed live, if it was) and queue: RED's thresholds as it has them.
  const m = mapScenarioToFluid({
    scenario: snap.scenario,
    specs: snap.specs,
    fluidSpecs: snap.fluidSpecs,
    flows: Math.max(1, snap.flowCount),
  });
  const buffer = snap.manifest?.bottleneck ? sim.liveValue(`queue.${snap.manifest.bottleneck}`, 'buffer') : Number.NaN;
  const b = Number.isFinite(buffer) ? buffer : m.ok ? m.params.queue.buffer : Number.NaN;
  if (Number.isInteger(b) && fits('buffer', b)) next.buffer = b;
  if (m.ok) {
    const { buffer: _b, ...queue } = m.params.queue;
    next.queue = queue;
  }
  const sum = await sim.summary().catch(() => null);
  const rtts = sum?.flows.map((f) => f.rtt).filter((r) => r > 0) ?? [];
  if (rtts.length) next.propDelay = +(rtts.reduce((a, b) => a + b, 0) / rtts.length).toPrecision(4);
  return next;
}

export function SteadyStateCalculator({ sim, snap }: { sim: SimController; snap: SimSnapshot }) {
  const scope = snap.scenario
    ? steadyScope(snap.scenario, snap.specs, snap.fluidSpecs, snap.flowCount)
    : ({ ok: true } as const);
  // For a run the equations do not describe (a chain, a graph, other window rules) the panel says
  // so and shows no numbers: filled from such a run they would look like its steady state.
  if (!scope.ok)
    return (
      <section className="panel steady" aria-labelledby="steady-title" data-testid="steady-state">
        <h2 id="steady-title">Steady state (Eqs. 11-12)</h2>
        <p data-testid="steady-not-applicable">
          Not for this run: {scope.reason}. These equations give the steady state of identical flows (one more packet
          per round trip, half on a loss) sharing a single bottleneck, a dumbbell with a DropTail or RED queue; they do
          not describe this run, so no numbers are shown for it.
        </p>
      </section>
    );
  return <Calculator sim={sim} snap={snap} />;
}

function Calculator({ sim, snap }: { sim: SimController; snap: SimSnapshot }) {
  const [own, setInputs] = useState<Partial<SteadyInputs>>({});
  const defaults = useMemo(() => steadyDefaults(snap.fluidSpecs, snap.specs), [snap.fluidSpecs, snap.specs]);
  const inputs: SteadyInputs | null = defaults ? { ...defaults, ...own } : null;
  const inputsKey = JSON.stringify(inputs);
  const [answer, setAnswer] = useState<{ ok: SteadyAnswer } | { error: string } | null>(null);
  /** The run the inputs were last filled from (tests wait for it). */
  const [filledRun, setFilledRun] = useState(0);

  /** Edits counted, and the count at each field's last edit: a fill that was asked for before a
   *  field was typed in (it waits for the summary) must not overwrite what was typed. */
  const edits = useRef({ count: 0, at: new Map<keyof SteadyInputs, number>() });
  const fill = useCallback(() => {
    const runId = snap.runId;
    const asked = edits.current.count;
    void fromScenario(sim, snap).then((next) => {
      const at = edits.current.at;
      const kept = Object.fromEntries(
        Object.entries(next).filter(([k]) => (at.get(k as keyof SteadyInputs) ?? -1) < asked),
      ) as Partial<SteadyInputs>;
      setInputs((cur) => ({ ...cur, ...kept }));
      setFilledRun(runId);
    });
  }, [sim, snap]);

  // Prefill when a run of a new scenario starts.
  useEffect(() => {
    if (snap.scenario) fill();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refill when the scenario changes, not on every snapshot
  }, [snap.scenario]);

  // Computed once a run exists (so the first load starts the simulation first), then on every change.
  const hasRun = snap.scenario !== null;
  useEffect(() => {
    if (!hasRun || inputsKey === 'null') return;
    let alive = true;
    void sim.fluid('steady', steadyParams(JSON.parse(inputsKey) as SteadyInputs)).then((r) => {
      if (!alive) return;
      try {
        if (r.error !== undefined) throw new Error(r.error);
        setAnswer({ ok: readSteady(r.result) });
      } catch (e) {
        setAnswer({ error: e instanceof Error ? e.message : String(e) });
      }
    });
    return () => {
      alive = false;
    };
  }, [sim, inputsKey, hasRun]);

  const a = answer && 'ok' in answer ? answer.ok : null;
  if (!inputs) return null;
  return (
    <section
      className="panel steady"
      aria-labelledby="steady-title"
      data-testid="steady-state"
      data-filled-run={filledRun}
    >
      <h2 id="steady-title">Steady state (Eqs. 11-12)</h2>
      <p className="muted small">
        Where the fluid model (docs/fluid-model.md) comes to rest for {inputs.flows} identical flows sharing a{' '}
        {queueText(inputs)}: what loss keeps them at their fair share, and where the queue settles.
      </p>
      {STEADY_FIELDS.map((f) => {
        const spec = steadySpec(f, snap.fluidSpecs, snap.specs);
        return spec ? (
          <ParamControl
            key={f.input}
            spec={spec}
            value={inputs[f.input]}
            onCommit={async (v) => {
              if (typeof v !== 'number') return null;
              // bl_fluid_steady judges the value: a refused one stays out, its reason at the control.
              const r = await sim.fluid('steady', steadyParams({ ...inputs, [f.input]: v }));
              const refused = r.error ?? (r.result as { error?: unknown } | null)?.error;
              if (typeof refused === 'string') return refused;
              edits.current.at.set(f.input, ++edits.current.count);
              setInputs((cur) => ({ ...cur, [f.input]: v }));
              return null;
            }}
          />
        ) : null;
      })}
      <button type="button" onClick={fill} disabled={!snap.scenario}>
        Fill from scenario
      </button>
      {answer && 'error' in answer ? (
        <p className="param-error" role="alert">
          {answer.error}
        </p>
      ) : null}
      <dl className="steady-out" aria-live="polite">
        <dt>Quiescent loss for the fair share</dt>
        <dd data-testid="steady-qfair">{a ? percent(a.qFair) : '-'}</dd>
        {a ? (
          <dd className="steady-means" data-testid="steady-qfair-means">
            With the queue empty, each flow gets its fair share ({+a.fairShare.toPrecision(4)} packets/s) when this
            fraction of its packets is lost.
          </dd>
        ) : null}
        <dt>Exogenous loss at which the loop opens (queue empties)</dt>
        <dd data-testid="steady-peopen">{a ? percent(a.peOpen) : '-'}</dd>
        {a ? (
          <dd className="steady-means" data-testid="steady-peopen-means">
            Above this much random loss the flows cannot fill the link: the queue stays empty and the link is partly
            idle. Below it, the queue decides.
          </dd>
        ) : null}
        <dt>
          At p<sub>e</sub> = {percent(inputs.exoLoss)}
        </dt>
        <dd data-testid="steady-point">{a ? describe(a, inputs) : '-'}</dd>
      </dl>
    </section>
  );
}

function queueText(i: SteadyInputs): string {
  const q = i.queue;
  if (q?.kind === 'red')
    return `RED queue (buffer ${i.buffer} packets, drops from ${q.minTh ?? '?'} to ${q.maxTh ?? '?'} packets of average queue)`;
  return `DropTail queue of ${i.buffer} packets`;
}

/** The equilibrium at the given exogenous loss, in words. */
function describe(a: SteadyAnswer, i: SteadyInputs): string {
  const x = `${+a.xMean.toPrecision(4)} packets/s per flow (fair share ${+a.fairShare.toPrecision(4)})`;
  if (a.regime === 'open')
    return `loop open: the queue stays empty and the link is ${percent(a.utilization)} busy; ${x}.`;
  if (a.regime === 'closed')
    return `loop closed: the queue settles at ${+a.backlog.toPrecision(3)} of its ${i.buffer} packets and the link is full; ${x}.`;
  if (a.regime === 'full') {
    const limit =
      i.queue?.kind === 'red' && typeof i.queue.maxTh === 'number' && i.queue.maxTh < i.buffer
        ? `RED's upper threshold (${+a.backlog.toPrecision(3)} packets)`
        : `this scenario's buffer (${+a.backlog.toPrecision(3)} packets)`;
    return `no resting point below ${limit}: so little loss lets the flows overfill the queue, which overflows again and again; the rates swing instead of settling.`;
  }
  return a.regime;
}
