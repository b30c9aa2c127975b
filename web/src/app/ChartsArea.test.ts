// The charts area draws what charts/registry.ts lists: every entry the view chooses, where the run
// has what it draws, in the entries' order; an entry added to the list is offered and drawn with
// no other edit. Rendered to HTML (no browser): the entries' components are replaced by stubs
// that say which chart they are, so this checks the area, not the charts themselves (the browser
// test "the queueing-delay and BBR charts ... are drawn" draws the real ones).
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChartsArea } from './ChartsArea';
import { CHART_REGISTRY, type ChartEntry } from '../charts/registry';
import { CHART_IDS, CHART_TITLES, DEFAULT_VIEW, isChartId, type ChartId, type ViewState } from '../url/viewState';
import type { SimController, SimSnapshot } from '../run/simController';

const stub = (id: string) => () => createElement('section', { 'data-chart': id });
const stubbed = (list: readonly ChartEntry[]): ChartEntry[] => list.map((c) => ({ ...c, component: stub(c.id) }));

function drawn(charts: readonly ChartEntry[], chosen: readonly string[], columns: string[]) {
  const snap = { scenario: {}, columns, flowCount: 2, specs: [], manifest: null } as unknown as SimSnapshot;
  const view: ViewState = { ...DEFAULT_VIEW, charts: chosen as ChartId[] };
  const html = renderToStaticMarkup(
    createElement(ChartsArea, { sim: {} as SimController, snap, view, setView: () => {}, charts }),
  );
  return { ids: [...html.matchAll(/data-chart="([^"]+)"/g)].map((m) => m[1]), html };
}

/** Columns of a run with two flows, the second running BBR (the BBR chart's model columns). */
const BBR_RUN = ['t', 'flow.0.cwnd', 'flow.1.cwnd', 'flow.1.btlBw'];

describe('chart registry', () => {
  it('ids are unique, orders are unique, and the URL reads its chart ids and titles from it', () => {
    const ids = CHART_REGISTRY.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(CHART_REGISTRY.map((c) => c.order)).size).toBe(ids.length);
    expect(CHART_IDS).toEqual(ids);
    for (const c of CHART_REGISTRY) {
      expect(isChartId(c.id)).toBe(true);
      expect(CHART_TITLES[c.id]).toBe(c.title);
    }
    // Old links name these charts; none may disappear or be renamed.
    expect(ids).toEqual(
      expect.arrayContaining(['cwnd', 'queue', 'delay', 'bbr', 'throughput', 'loss', 'jain', 'share']),
    );
  });

  it('every entry is drawn where it applies, in order, and only there', () => {
    const all = stubbed(CHART_REGISTRY);
    const ids = all.map((c) => c.id);
    const byOrder = [...all].sort((a, b) => a.order - b.order).map((c) => c.id);
    // A run with BBR flows has what every chart draws.
    expect(drawn(all, ids, BBR_RUN).ids).toEqual(byOrder);
    // Without BBR flows, the charts that need them are left out, and only they.
    const noBbr = ['t', 'flow.0.cwnd', 'flow.1.cwnd'];
    expect(drawn(all, ids, noBbr).ids).toEqual(
      byOrder.filter((id) => all.find((c) => c.id === id)!.applies?.(noBbr) ?? true),
    );
    expect(drawn(all, ids, noBbr).ids).not.toContain('bbr');
    // Each entry alone.
    for (const id of ids) expect(drawn(all, [id], BBR_RUN).ids).toEqual([id]);
  });

  it('a trivial entry added to the list is offered in the chooser and drawn', () => {
    const trivial: ChartEntry = { id: 'trivial', title: 'Trivial chart', component: stub('trivial'), order: 2.5 };
    const list = [...stubbed(CHART_REGISTRY), trivial];
    const { ids, html } = drawn(list, ['cwnd', 'queue', 'trivial'], BBR_RUN);
    expect(ids).toEqual(['cwnd', 'queue', 'trivial']);
    expect(html).toContain('Trivial chart');
  });
});
