#include "sim/graph_builder.h"

#include <algorithm>
#include <deque>

#include "core/params.h"
#include "queues/ted.h"
#include "sim/scenario.h"
#include "tcp/tcp_sender.h"

namespace bl {

int GraphBuilder::node(const std::string& name) {
  auto [it, fresh] = index_.emplace(name, static_cast<int>(names_.size()));
  if (fresh) {
    names_.push_back(name);
    net_.nodes.push_back(name);
    adj_.emplace_back();
  }
  return it->second;
}

int GraphBuilder::find(const std::string& name) const {
  auto it = index_.find(name);
  return it == index_.end() ? -1 : it->second;
}

std::unique_ptr<QueueDisc> GraphBuilder::queue(const Json* obj, const std::string& path, const std::string& link,
                                               double rate, const char* defKind, double defBuffer) {
  std::string kind = defKind, err;
  const QueueKind* qk = nullptr;
  const Json* k = obj && obj->isObject() ? obj->find("kind") : nullptr;
  if (k && !k->isString()) {
    err = path + ".kind: expected a string";
  } else {
    if (k) kind = k->asString();
    qk = findQueueKind(kind);
    if (!qk) {
      std::string known;
      for (const QueueKind& q : queueKinds()) known += (known.empty() ? "" : ", ") + std::string(q.name);
      err = path + ".kind: \"" + kind + "\" is not a queue kind; known: " + known;
    }
  }
  ParamValues v;
  if (qk && readParams(obj, *qk->specs, path, v, err, {"kind"})) {
    const char* buffer = bufferSpec(defBuffer).key;  // the key every discipline's buffer has
    if ((!obj || !obj->find(buffer)) && findSpec(*qk->specs, buffer)) v.setNum(buffer, defBuffer);
    LinkInfo info{rate, packetSize_, link};
    if (auto q = qk->make(v, info, sim_, err)) return q;
    err = path + ": " + err;
  }
  problems_.add(err);
  return queue(nullptr, "", link, rate, "droptail", defBuffer);  // stands in; the scenario is refused
}

std::unique_ptr<LossModel> GraphBuilder::loss(const Json* obj, const std::string& path, const std::string& stream) {
  if (!obj || obj->isNull()) return nullptr;
  std::string kind = "none", err;
  const Json* k = obj->isObject() ? obj->find("kind") : nullptr;
  if (k && !k->isString()) {
    problems_.add(path + ".kind", "expected a string");
    return nullptr;
  }
  if (k) kind = k->asString();
  const LossKind* lk = findLossKind(kind);
  if (!lk) {
    std::string known;
    for (const LossKind& l : lossKinds()) known += (known.empty() ? "" : ", ") + std::string(l.name);
    problems_.add(path + ".kind", "\"" + kind + "\" is not a loss model; known: " + known);
    return nullptr;
  }
  ParamValues v;
  std::unique_ptr<LossModel> m;
  if (readParams(obj, *lk->specs, path, v, err, {"kind"})) m = lk->make(v, sim_.stream("loss." + stream), path, err);
  if (!err.empty()) problems_.add(err);
  if (m) {
    m->kind = lk->name;
    m->params = valuesToJson(v, *lk->specs);
    m->source = path;
  }
  return m;
}

Link* GraphBuilder::duplex(const std::string& name, int from, int to, double rate, SimTime delay,
                           std::unique_ptr<QueueDisc> q, double revBuffer) {
  Link* fwd = net_.addLink(name, rate, delay, std::move(q));
  Link* rev = net_.addLink(name + ".rev", rate, delay, queue(nullptr, "", name + ".rev", rate, "droptail", revBuffer));
  adj_[static_cast<size_t>(from)].push_back({to, fwd});
  adj_[static_cast<size_t>(to)].push_back({from, rev});
  net_.ends.resize(net_.links.size());
  net_.ends[static_cast<size_t>(fwd->index())] = {from, to};
  net_.ends[static_cast<size_t>(rev->index())] = {to, from};
  return fwd;
}

bool GraphBuilder::route(int from, int to, std::vector<Link*>& out) const {
  std::vector<int> prev(names_.size(), -1);
  std::vector<Link*> via(names_.size(), nullptr);
  std::deque<int> q{from};
  prev[static_cast<size_t>(from)] = from;
  while (!q.empty() && prev[static_cast<size_t>(to)] < 0) {
    int u = q.front();
    q.pop_front();
    for (const Edge& e : adj_[static_cast<size_t>(u)])
      if (prev[static_cast<size_t>(e.to)] < 0) {
        prev[static_cast<size_t>(e.to)] = u;
        via[static_cast<size_t>(e.to)] = e.link;
        q.push_back(e.to);
      }
  }
  if (prev[static_cast<size_t>(to)] < 0) return false;
  out.clear();
  for (int v = to; v != from; v = prev[static_cast<size_t>(v)]) out.push_back(via[static_cast<size_t>(v)]);
  std::reverse(out.begin(), out.end());
  return true;
}

bool GraphBuilder::hopsFit(const std::vector<Link*>& hops, const std::string& path, int from, int to) {
  if (hops.size() <= static_cast<size_t>(kMaxHops)) return true;
  problems_.add(path,
                "the route from " + name(from) + " to " + name(to) + " has " + std::to_string(hops.size()) +
                    " hops; at most " + std::to_string(kMaxHops),
                1, kMaxHops, "hops", true);
  return false;
}

SimTime GraphBuilder::pathDelay(const std::vector<Link*>& hops) {
  SimTime d = 0;
  for (Link* l : hops) d += l->delay();
  return d;
}

// TED-driven RTO: the empty-path RTT (propagation plus one data and one ACK serialisation per
// hop) and how many deadlines a packet may spend queued: one per LBD queue, one for all EBD
// queues together. No TED queue on the path: no bound, the usual timer.
void GraphBuilder::deadlineBound(const std::vector<Link*>& fwd, const std::vector<Link*>& rev, TcpConfig& cfg) const {
  SimTime base = 0;
  int lbd = 0;
  bool ebd = false;
  for (Link* l : fwd) {
    base += l->delay() + txTime(packetSize_, l->rate());
    const TedScope scope = tedScope(l->queue());
    if (scope == TedScope::EndToEnd)
      ebd = true;
    else if (scope == TedScope::Local)
      ++lbd;
  }
  for (Link* l : rev) base += l->delay() + txTime(40, l->rate());
  cfg.deadlineRtoBase = base;
  if (!fwd.empty()) cfg.deadlineRtoBurst = txTime(packetSize_, fwd.front()->rate());
  cfg.deadlineRtoHops = lbd + (ebd ? 1 : 0);
}

}  // namespace bl
