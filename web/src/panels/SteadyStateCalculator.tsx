// "Where the run settles (steady state, Eqs. 11-12)": for m identical flows of round-trip time D through a link of C
// packets/s and a buffer of B packets, the quiescent loss that holds each at its fair share C/m,
// the exogenous loss at which the loop opens (the queue empties), and where the queue settles at
// the given exogenous loss; computed by the core (bl_fluid_steady) in the worker. Inputs,
// the buffer and the queue's kind included, are prefilled from the run's manifest when a run starts;
// input the core refuses stays out, with its reason at the control. Each number comes with a sentence saying what it means.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SimController, SimSnapshot } from '../run/simController';
import { bottleneckRate } from '../charts/chartContext';
import { findSpec } from '../params/specs';
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
import { mapRunToFluid } from '../fluid/fluidParams';
import { ParamControl, inBoxUnit } from './ParamControl';
import type { ParamSpec } from '../params/types';
import { type Scale, humanRange } from '../params/units';

/** What the run has now, from its manifest (fields it cannot say are left as they are). */
function fromRun(sim: SimController): Partial<SteadyInputs> {
  const snap = sim.getSnapshot();
  const next: Partial<SteadyInputs> = {};
  const m = snap.manifest;
  if (!m) return next;
  const fits = (input: keyof SteadyInputs, v: number) => {
    const f = STEADY_FIELDS.find((x) => x.input === input)!;
    const sp = steadySpec(f, snap.fluidSpecs, snap.specs);
    return !!sp && Number.isFinite(v) && (sp.min === undefined || v >= sp.min) && (sp.max === undefined || v <= sp.max);
  };
  if (fits('flows', m.flows.length)) next.flows = m.flows.length;
  // The packet size and the bottleneck's rate as the run has them (a live change included).
  const ps = m.run.packetSize ?? findSpec(snap.specs, 'packetSize')?.default;
  const cap = bottleneckRate(sim, snap) / (8 * (typeof ps === 'number' ? ps : 1000));
  if (fits('capacity', cap)) next.capacity = +cap.toPrecision(6);
  const exo = sim.liveValue('flows', 'exoLoss');
  if (fits('exoLoss', exo)) next.exoLoss = exo;
  // The bottleneck's buffer and queue as they stand: RED's thresholds as the run has them.
  const mapped = mapRunToFluid({ manifest: m, specs: snap.specs, fluidSpecs: snap.fluidSpecs });
  const buffer = m.bottleneck ? sim.liveValue(`queue.${m.bottleneck}`, 'buffer') : Number.NaN;
  if (Number.isInteger(buffer) && fits('buffer', buffer)) next.buffer = buffer;
  if (mapped.ok) {
    const { buffer: _b, ...queue } = mapped.params.queue;
    next.queue = queue;
  }
  // Each flow's round-trip propagation delay as built.
  const rtts = m.flows.map((f) => f.rtt).filter((r) => r > 0);
  if (rtts.length) next.propDelay = +(rtts.reduce((a, b) => a + b, 0) / rtts.length).toPrecision(4);
  return next;
}

export function SteadyStateCalculator({ sim, snap }: { sim: SimController; snap: SimSnapshot }) {
  // Whether the equations describe the run, from its manifest; while a new run is being built
  // (no manifest yet) the last answer stands, so the panel does not flicker between runs.
  const last = useRef<ReturnType<typeof steadyScope>>({ ok: true });
  if (snap.manifest) last.current = steadyScope(snap.manifest, snap.specs, snap.fluidSpecs);
  const scope = last.current;
  // For a run the equations do not describe (a chain, a graph, other window rules) the panel says
  // so and shows no numbers: filled from such a run they would look like its steady state.
  if (!scope.ok)
    return (
      <section className="panel steady" aria-labelledby="steady-title" data-testid="steady-state">
        <h2 id="steady-title">Where the run settles (steady state, Eqs. 11-12)</h2>
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

  /**
   * The fields the user typed a value in. A value the user typed is never overwritten by the
   * page: the prefill of a new run (which waits for the run's summary, so it may land after
   * the typing) fills only the other fields. "Fill from scenario" is the user asking: it fills
   * every field and forgets what was typed.
   */
  const typed = useRef(new Set<keyof SteadyInputs>());
  const fill = useCallback(
    (all: boolean) => {
      const runId = sim.getSnapshot().runId;
      if (all) typed.current.clear();
      const next = fromRun(sim);
      const kept = Object.fromEntries(
        Object.entries(next).filter(([k]) => !typed.current.has(k as keyof SteadyInputs)),
      ) as Partial<SteadyInputs>;
      setInputs((cur) => ({ ...cur, ...kept }));
      if (all) setRefused(new Map());
      setFilledRun(runId);
    },
    [sim],
  );

  // Prefill when a new run's first account (its manifest) arrives.
  const builtRun = snap.manifest ? snap.runId : null;
  useEffect(() => {
    if (builtRun !== null) fill(false);
  }, [builtRun, fill]);
  /** Fields whose last typed value was refused (the numbers below are for the value before it). */
  const [refused, setRefused] = useState(new Map<(typeof STEADY_FIELDS)[number]['input'], string>());

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

  // One spec object per field for the panel's life: a control keeps its unit and what is typed in it.
  const specs = useMemo(
    () =>
      new Map(
        STEADY_FIELDS.flatMap((f) => {
          const sp = steadySpec(f, snap.fluidSpecs, snap.specs);
          return sp ? [[f.input, sp] as const] : [];
        }),
      ),
    [snap.fluidSpecs, snap.specs],
  );
  const a = answer && 'ok' in answer ? answer.ok : null;
  if (!inputs) return null;
  return (
    <section
      className="panel steady"
      aria-labelledby="steady-title"
      data-testid="steady-state"
      data-filled-run={filledRun}
    >
      <h2 id="steady-title">Where the run settles (steady state, Eqs. 11-12)</h2>
      <p className="muted small">
        Where the fluid model (docs/fluid-model.md) comes to rest for {inputs.flows} identical flows sharing a{' '}
        {queueText(inputs)}: what loss keeps them at their fair share, and where the queue settles.
      </p>
      {STEADY_FIELDS.map((f) => {
        const spec = specs.get(f.input);
        return spec ? (
          <ParamControl
            key={f.input}
            spec={spec}
            value={inputs[f.input]}
            errorName={spec.label}
            onCommit={async (v, unit) => {
              if (typeof v !== 'number') return null;
              // bl_fluid_steady judges the value: a refused one stays out, its reason at the control,
              // worded in the box's label and units.
              const r = await sim.fluid('steady', steadyParams({ ...inputs, [f.input]: v }));
              const no = r.error ?? (r.result as { error?: unknown } | null)?.error;
              if (typeof no === 'string') {
                const reason = steadyRefusal(no, v, spec, f.path, unit);
                setRefused((m) => new Map(m).set(f.input, inBoxUnit(v, spec, unit)));
                return reason;
              }
              setRefused((m) => {
                const n = new Map(m);
                n.delete(f.input);
                return n;
              });
              // From now on the value is the user's: no prefill replaces it (only Fill from scenario).
              typed.current.add(f.input);
              setInputs((cur) => ({ ...cur, [f.input]: v }));
              return null;
            }}
          />
        ) : null;
      })}
      <button type="button" onClick={() => fill(true)} disabled={!snap.manifest}>
        Fill from scenario
      </button>
      {refused.size ? (
        <p className="small steady-stale" role="status" data-testid="steady-stale">
          Not used: {[...refused].map(([k, v]) => `${specs.get(k)?.label ?? k} ${v}`).join(', ')}. The numbers below are
          for the values shown before {refused.size === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
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

/**
 * The core's refusal of a calculator value (bl_fluid_steady: "propDelay: 0 is out of range;
 * allowed [0.0001, 10] s") in the box's words: its value in the box's units and the core's range
 * (the spec's, which is the core's) in human units. A refusal about another field or a rule
 * between fields keeps the core's words, with the field's name as the box has it.
 */
function steadyRefusal(message: string, v: number, spec: ParamSpec, path: string, unit: Scale | null): string {
  const field = path.split('.').pop()!;
  const outside = (spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max);
  if (!outside && !message.startsWith(`${field}:`)) return message;
  const n = (x: number) => inBoxUnit(x, spec, unit);
  return `${n(v)} is out of range. Allowed: ${humanRange(spec, n)}`;
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
