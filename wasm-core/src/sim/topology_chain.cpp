// The XQM paper's A-B-C-D chain: overlay flows A->D and cross flows over each hop, the first
// hop's queue the scenario's, the other two topology.underlayQueue (default RED).
#include "sim/flows.h"
#include "sim/scenario.h"
#include "sim/topology_kinds.h"

namespace bl {

bool buildChain(const Json& doc, const Json* topo, GraphBuilder& g) {
  Problems& problems = g.problems();
  Simulation& sim = g.sim();
  Network& net = g.net();
  ChainFields t;
  FlowOptions defaults;
  std::string err;
  if (!readTopologyFields(doc, topo, problems, t, defaults)) return false;
  double rates[3] = {100e6, 150e6, 150e6};
  if (const Json* r = t.rates) {
    if (r->items().size() != 3) {
      problems.add("topology.rates", "give three rates (A-B, B-C, C-D) in bit/s");
    } else {
      for (size_t i = 0; i < 3; ++i) {
        const Json& x = r->items()[i];
        const std::string where = "topology.rates[" + std::to_string(i) + "]";
        const ParamSpec& spec = chainRateSpec();
        if (!x.isNumber())
          problems.add(where, "expected a rate in " + describeRange(spec), spec.min, spec.max, spec.unit);
        else if (!checkValue(spec, x.asNumber(), where, err))
          problems.add(err);
        else
          rates[i] = x.asNumber();
      }
    }
  }
  if (t.accessDelayMin > t.accessDelayMax)
    problems.add("topology.accessDelayMin", "must not exceed accessDelayMax", 0, t.accessDelayMax, "s");
  const size_t overlay = static_cast<size_t>(t.overlayFlows), cross = static_cast<size_t>(t.crossFlows);
  const size_t n = overlay + 3 * cross;
  const bool countFits = n > 0 && n <= static_cast<size_t>(kMaxFlows);
  if (!countFits)
    problems.add(
        "topology",
        "overlayFlows + 3 x crossFlows = " + std::to_string(n) + "; allowed [1, " + std::to_string(kMaxFlows) + "]", 1,
        kMaxFlows, "flows", true);
  if (const Json* fd = doc.find("flows"); fd && fd->find("count"))
    problems.add("flows.count", "a chain's flows are topology.overlayFlows + 3 x crossFlows");
  if (!countFits) return false;
  checkOverrides(doc, n, problems);
  const char* names[4] = {"A", "B", "C", "D"};
  int node[4];
  for (int i = 0; i < 4; ++i) node[i] = g.node(names[i]);
  const SimTime hop = fromSeconds(t.hopDelay);
  const Json* under = t.underlayQueue;
  const char* hopNames[3] = {"AB", "BC", "CD"};
  for (int h = 0; h < 3; ++h) {
    auto q = h == 0 ? g.queue(doc.find("queue"), "queue", "AB", rates[0], "droptail", 250)
                    : g.queue(under, "topology.underlayQueue", hopNames[h], rates[h], "red", 250);
    Link* l = g.duplex(hopNames[h], node[h], node[h + 1], rates[h], hop, std::move(q));
    net.traced.push_back(l);
    if (h == 0) net.bottleneck = l;
  }
  Rng delays = sim.stream("topology.delays");
  std::vector<double> starts;
  if (!startTimes(doc, sim, n, starts, err)) {
    problems.add(err);
    return false;
  }
  const double ar = t.accessRate, buf = t.accessBuffer, amin = t.accessDelayMin;
  for (size_t i = 0; i < n; ++i) {
    // Flows 0..overlay-1 go A->D; then cross flows over A-B, B-C, C-D.
    const int hopIdx = i < overlay ? -1 : static_cast<int>((i - overlay) / cross);
    const int from = hopIdx < 0 ? 0 : hopIdx, to = hopIdx < 0 ? 3 : hopIdx + 1;
    const std::string group = hopIdx < 0 ? "AD" : hopNames[hopIdx];
    double ds, dr;
    if (t.equalRtt) {
      const double pad = hopIdx < 0 ? 0 : t.hopDelay;  // a cross flow crosses 2 hops fewer
      ds = dr = amin + pad;
    } else {
      ds = delays.uniform(amin, t.accessDelayMax);
      dr = delays.uniform(amin, t.accessDelayMax);
    }
    if (!addAccessFlow(doc, g, i, node[from], node[to], ar, buf, ds, dr, starts[i], group)) return false;
  }
  return addTraffic(doc, g, "A", "B");
}

}  // namespace bl
