// Dumbbell: N flows share one bottleneck link L-R, each with its own access links s_i-L and
// R-r_i, their delays drawn from the stream "topology.delays".
#include "sim/flows.h"
#include "sim/scenario.h"
#include "sim/topology_kinds.h"

namespace bl {

bool buildDumbbell(const Json& doc, const Json* topo, GraphBuilder& g) {
  Problems& problems = g.problems();
  Simulation& sim = g.sim();
  Network& net = g.net();
  DumbbellFields t;
  FlowOptions fd;
  std::string err;
  if (!readTopologyFields(doc, topo, problems, t, fd)) return false;
  if (t.accessDelayMin > t.accessDelayMax)
    problems.add(
        "topology.accessDelayMin",
        jsonNumber(t.accessDelayMin) + " must not exceed accessDelayMax (" + jsonNumber(t.accessDelayMax) + ")", 0,
        t.accessDelayMax, "s");
  const size_t n = static_cast<size_t>(fd.count);
  checkOverrides(doc, n, problems);
  const int L = g.node("L"), R = g.node("R");
  // A traced bottleneck's rate is its trace's mean rate (bottleneckRate is not used).
  auto down = readLinkTrace(t.trace, false, "topology.trace", "topology.traceMs", problems);
  auto up = readLinkTrace(t.traceUp, true, "topology.traceUp", "topology.traceUpMs", problems);
  const double rate = down ? down->meanRate() : t.bottleneckRate;
  auto q = g.queue(doc.find("queue"), "queue", "bottleneck", rate, "droptail", 250);
  net.bottleneck = g.duplex("bottleneck", L, R, rate, fromSeconds(t.bottleneckDelay), std::move(q));
  if (down) net.bottleneck->setTrace(std::move(down));
  if (up) net.links.back()->setTrace(std::move(up));
  net.traced.push_back(net.bottleneck);
  Rng delays = sim.stream("topology.delays");
  const double ar = t.accessRate, buf = t.accessBuffer;
  std::vector<double> starts;
  if (!startTimes(doc, sim, n, starts, err)) {
    problems.add(err);
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    const double ds = delays.uniform(t.accessDelayMin, t.accessDelayMax);
    const double dr = t.sameAccessDelay ? ds : delays.uniform(t.accessDelayMin, t.accessDelayMax);
    if (!addAccessFlow(doc, g, i, L, R, ar, buf, ds, dr, starts[i], "")) return false;
  }
  return addTraffic(doc, g, "L", "R");
}

}  // namespace bl
