// The two presets with a network of many links (the TED paper's Fig. 1, Head-to-Tail's cross
// traffic): the story's round trips are every flow's, and the link the story, the queue chart and
// the live controls name as the bottleneck is the one the run congests. Once they said "round
// trips from 7 ms to 16 ms" beside three 4 ms flows, "34 ms" of 150 flows, 100 of them 14 ms, and
// named links A (29 % used, a 0.05-packet queue) and S1-N1 (0.15 % used, no queue).
import { expect, test } from './fixtures';

const cases = [
  { id: 'ted-s3', link: 'C', rtts: '12 flows with round trips from 4 ms to 16 ms', says: 'The bottleneck is link C:' },
  {
    id: 'htt-cross-traffic',
    link: 'L2',
    rtts: '150 flows in all, on a network with cross traffic (Head-to-Tail paper, Sec. 7.3, reconstructed); round trips from 14 ms to 34 ms.',
    says: 'The queue charts follow link L2,',
  },
];

for (const c of cases)
  test(`${c.id}: the story's round trips are every flow's, and its bottleneck is the busy link`, async ({
    lab,
    page,
  }) => {
    await lab.open(`#v=1&preset=${c.id}`);
    await lab.runUntil(20);
    const m = (await lab.manifest())!;
    expect(m.bottleneck).toBe(c.link);
    // The round trips the story gives span every flow's.
    const rtts = m.flows.map((f) => f.rtt * 1e3);
    const watch = page.locator('section.story .story-watch');
    await expect(watch).toContainText(c.rtts);
    expect(c.rtts).toContain(`from ${Math.min(...rtts)} ms to ${Math.max(...rtts)} ms`);
    await expect(watch).toContainText(c.says);
    // No claim the run contradicts (Head-to-Tail's groups do not share the links fairly here).
    await expect(watch).not.toContainText('fairly');
    // The named link is the one the run congests: the busiest its flows share.
    const s = await lab.summary();
    const used = new Map(s.links.map((l) => [l.id, l.utilization]));
    const shared = new Set(m.flows.flatMap((f) => f.path).filter((l, i, all) => all.indexOf(l) !== i));
    const busiest = Math.max(...[...shared].map((l) => used.get(l) ?? 0));
    expect(used.get(c.link)).toBeGreaterThan(0.9);
    expect(used.get(c.link)).toBeGreaterThanOrEqual(busiest - 0.02);
    // The queue chart and the live controls show it.
    await expect(page.locator('[data-chart="queue"] h3')).toHaveText(`Queue length (${c.link})`);
    await expect(page.getByText(`Buffer (queue ${c.link})`, { exact: true })).toBeVisible();
  });
