// Any graph: named nodes, duplex links (each with its own queue and loss model from->to) and
// flows {src, dst, ...flow options} routed over the fewest hops.
#include "sim/flows.h"
#include "sim/scenario.h"
#include "sim/topology_kinds.h"

namespace bl {

namespace {

// The nodes; false when there are none to build on.
bool addNodes(const Json* nodes, GraphBuilder& g) {
  Problems& problems = g.problems();
  if (!nodes || nodes->items().empty()) {
    problems.add("topology.nodes", "give at least two node names");
    return false;
  }
  if (nodes->items().size() > static_cast<size_t>(kMaxNodes)) {
    problems.add("topology.nodes",
                 std::to_string(nodes->items().size()) + " nodes; at most " + std::to_string(kMaxNodes), 2, kMaxNodes,
                 "nodes", true);
    return false;
  }
  for (size_t i = 0; i < nodes->items().size(); ++i) {
    const Json& nm = nodes->items()[i];
    const std::string path = "topology.nodes[" + std::to_string(i) + "]";
    if (!nm.isString())
      problems.add(path, "expected a name (string)");
    else if (g.find(nm.asString()) >= 0)
      problems.add(path, "duplicate node \"" + nm.asString() + "\"");
    else
      g.node(nm.asString());
  }
  return true;
}

// The links; false when there are none to route over.
bool addLinks(const Json* links, GraphBuilder& g) {
  Problems& problems = g.problems();
  Network& net = g.net();
  if (!links || links->items().empty()) {
    problems.add("topology.links", "give at least one link");
    return false;
  }
  if (links->items().size() > static_cast<size_t>(kMaxLinks)) {
    problems.add("topology.links",
                 std::to_string(links->items().size()) + " links; at most " + std::to_string(kMaxLinks), 1, kMaxLinks,
                 "links", true);
    return false;
  }
  for (size_t i = 0; i < links->items().size(); ++i) {
    const std::string path = "topology.links[" + std::to_string(i) + "]";
    ParamValues values;
    std::string err;
    if (!readParams(&links->items()[i], graphLinkSpecs(), path, values, err)) {
      problems.add(err);
      continue;
    }
    GraphLinkFields v;
    GraphLinkFields::params().load(v, values);
    const std::string name = textOr(v.name, "link" + std::to_string(i)), from = textOr(v.from), to = textOr(v.to);
    const int a = g.find(from), b = g.find(to);
    const size_t before = problems.reported();
    if (net.link(name)) problems.add(path + ".name", "duplicate link \"" + name + "\"");
    if (a < 0) problems.add(path + ".from", "no node named \"" + from + "\"");
    if (b < 0) problems.add(path + ".to", "no node named \"" + to + "\"");
    if (a >= 0 && a == b) problems.add(path, "a link needs two different nodes");
    if (problems.reported() != before) continue;
    // A traced link's rate is its trace's mean rate (rate is not used), as a dumbbell's bottleneck.
    auto down = readLinkTrace(v.trace, false, path + ".trace", path + ".traceMs", problems);
    auto up = readLinkTrace(v.traceUp, true, path + ".traceUp", path + ".traceUpMs", problems);
    const double rate = down ? down->meanRate() : v.rate;
    auto q = g.queue(v.queue, path + ".queue", name, rate, "droptail", 250);
    Link* l = g.duplex(name, a, b, rate, fromSeconds(v.delay), std::move(q));
    if (down) l->setTrace(std::move(down));
    if (up) net.links.back()->setTrace(std::move(up));
    l->setLoss(g.loss(v.loss, path + ".loss", name));
    net.traced.push_back(l);
    if (!net.bottleneck) net.bottleneck = l;
  }
  return true;
}

}  // namespace

bool buildGraph(const Json& doc, const Json* topo, GraphBuilder& g) {
  Problems& problems = g.problems();
  GraphFields t;
  FlowOptions defaults;
  std::string err;
  if (!readTopologyFields(doc, topo, problems, t, defaults)) return false;
  const Json* flows = t.flows;
  if (!addNodes(t.nodes, g) || !addLinks(t.links, g)) return false;
  if (!flows || flows->items().empty()) {
    problems.add("topology.flows", "give at least one flow {src, dst}");
    return false;
  }
  if (flows->items().size() > static_cast<size_t>(kMaxFlows)) {
    problems.add("topology.flows",
                 std::to_string(flows->items().size()) + " flows; at most " + std::to_string(kMaxFlows), 1, kMaxFlows,
                 "flows", true);
    return false;
  }
  // Scenario fields a graph has no place for are refused, not ignored: the queue and the
  // exogenous loss belong to its links, the flows to topology.flows.
  if (doc.find("queue")) problems.add("queue", "a graph topology sets each link's queue (topology.links[i].queue)");
  if (doc.find("exoLoss"))
    problems.add("exoLoss",
                 "a graph topology has no per-flow access link; set a loss model on a link (topology.links[i].loss)");
  if (const Json* fd = doc.find("flows"); fd && fd->find("count"))
    problems.add("flows.count", "a graph topology's flows are the entries of topology.flows");
  const size_t n = flows->items().size();
  checkOverrides(doc, n, problems);
  Rng rng = g.sim().stream("flows.start");
  for (size_t i = 0; i < n; ++i) {
    std::string path = "topology.flows[" + std::to_string(i) + "]";
    const Json& f = flows->items()[i];
    if (!f.isObject()) {
      problems.add(path, "expected an object {src, dst, ...}");
      g.flowSkipped();
      continue;
    }
    // The entry's keys, as bl_check reads them (a key no spec names, such as count, is refused).
    ParamValues own;
    if (!readParams(&f, graphFlowSpecs(), path, own, err)) problems.add(err);
    const Json* src = f.find("src");
    const Json* dst = f.find("dst");
    const size_t before = problems.reported();
    if (!src || !src->isString() || g.find(src->asString()) < 0) problems.add(path + ".src", "give the name of a node");
    if (!dst || !dst->isString() || g.find(dst->asString()) < 0) problems.add(path + ".dst", "give the name of a node");
    if (problems.reported() == before && src->asString() == dst->asString())
      // Two fields, one rule: the path names both (the page's repair cannot drop either).
      problems.add(path + ".src/" + path + ".dst",
                   "both are \"" + src->asString() + "\"; a flow needs two different nodes");
    // Scenario flow defaults, then the flow's own entry, then its flowOverrides entry. The
    // entry's own ccParams go with its own cc (or the defaults'), whatever an override replaces.
    Json m = mergedObjects(doc.find("flows"), &f, {"src", "dst", "count"});
    if (f.find("ccParams")) {
      FlowOptions entry;
      if (readFlowOptions(&m, path, entry, err)) checkCcParams(entry, path + ".ccParams", problems);
    }
    std::string ccPath = f.find("ccParams") ? path + ".ccParams" : "flows.ccParams";
    if (const Json* ovs = doc.find("flowOverrides")) {
      for (size_t k = 0; k < ovs->items().size(); ++k) {
        const Json& o = ovs->items()[k];
        const Json* fi = o.isObject() ? o.find("flow") : nullptr;
        if (!fi || !fi->isNumber() || fi->asNumber() != static_cast<double>(i)) continue;
        if (o.find("exoLoss"))
          problems.add("flowOverrides[" + std::to_string(k) + "].exoLoss",
                       "a graph topology has no per-flow access link; set a loss model on a link "
                       "(topology.links[i].loss)");
        m = mergedObjects(&m, &o, {"flow", "exoLoss"});
        path = "flowOverrides[" + std::to_string(k) + "]";
        if (o.find("ccParams")) ccPath = path + ".ccParams";
      }
    }
    FlowOptions fo;
    if (!readFlowOptions(&m, path, fo, err)) problems.add(err);
    if (problems.reported() != before) {
      g.flowSkipped();
      continue;
    }
    const double start = fo.start + (fo.startSpread > 0 ? rng.uniform(0, fo.startSpread) : 0);
    addTcpFlow(g, fo, start, g.find(src->asString()), g.find(dst->asString()), "", nullptr, path, ccPath);
  }
  return addTraffic(doc, g, "", "");
}

}  // namespace bl
