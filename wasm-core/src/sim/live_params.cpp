// The live parameters of a running instance (instance.h): one table row per key, with its
// spec (what describe, check and the manifest show) and how it is read and set on a flow or a
// link. Instance::setParam (instance.cpp) looks keys up here; nothing else names them.
#include <cmath>

#include "net/loss_model.h"
#include "sim/instance.h"
#include "sim/topologies.h"
#include "tcp/tcp_sender.h"

namespace bl {

// A live loss rate replaces the link's model by a Bernoulli one acting where the old one did.
void Instance::replaceLoss(Link& l, double rate) {
  auto m = makeBernoulli(rate, sim_->stream("live." + l.name() + "." + std::to_string(liveChanges_)));
  m->beforeQueue = l.loss() && l.loss()->beforeQueue;
  m->kind = "bernoulli";
  m->params = Json::object();
  m->params.set("rate", Json::number(rate));
  m->params.set("position", Json::string(m->beforeQueue ? "beforeQueue" : "afterLink"));
  m->source = "live";
  l.setLoss(std::move(m));
}

double linkLossRate(const Link* l, SimTime now) {
  const LossModel* m = l ? l->loss() : nullptr;
  return m ? m->rate(now) : 0;
}

const std::vector<LiveFlowParam>& Instance::liveFlowParams() {
  static const std::vector<LiveFlowParam> t{
      {Spec::number("exoLoss", "Exogenous loss")
           .defaultsTo(0)
           .range(0, 1)
           .help("Bernoulli loss rate on the flow's receiver access link (replaces its loss model).")
           .live(),
       [](const Instance& in, size_t i, SimTime now) {
         const Link* l = in.net_->flows[i].exoLink;
         return l ? Json::number(linkLossRate(l, now)) : Json();
       },
       [](Instance& in, size_t i, double v, Problem& refusal) {
         Link* l = in.net_->flows[i].exoLink;
         if (!l) {
           refusal = problemAt("flow." + std::to_string(i) + ".exoLoss",
                               "this flow has no loss link of its own; use link.NAME lossRate");
           return false;
         }
         in.replaceLoss(*l, v);
         return true;
       }},
      {Spec::number("weight", "Weight").defaultsTo(1).range(0.01, 1000).help("The flow's weight.").live(),
       [](const Instance& in, size_t i, SimTime) { return Json::number(in.sim_->attrs(static_cast<int>(i)).weight); },
       [](Instance& in, size_t i, double v, Problem&) {
         in.sim_->flowAttrs()[i].weight = v;
         if (TcpSender* s = in.net_->flows[i].sender) s->setParam("weight", v);
         return true;
       }},
      {Spec::number("deadline", "Deadline", "s").range(0.0001, 10).help("The flow's deadline.").live(),
       [](const Instance& in, size_t i, SimTime) {
         const double d = in.sim_->attrs(static_cast<int>(i)).deadline;
         return std::isfinite(d) ? Json::number(d) : Json();
       },
       [](Instance& in, size_t i, double v, Problem&) {
         in.sim_->flowAttrs()[i].deadline = v;
         return true;
       }},
      {Spec::flag("active", "Active")
           .defaultsTo(true)
           .help("Ticked, the flow sends; unticked, it stops (ticked again, it goes on).")
           .live(),
       [](const Instance& in, size_t i, SimTime) {
         const TcpSender* s = in.net_->flows[i].sender;
         return Json::boolean(s && s->active());
       },
       [](Instance& in, size_t i, double v, Problem&) {
         TcpSender* s = in.net_->flows[i].sender;
         const bool wasOn = s && s->active();
         if (s) {
           if (v != 0)
             s->start();
           else
             s->stop();
         }
         if (Demand* d = in.demandOf(i)) in.activeFromNow(*d, v != 0, wasOn);
         return true;
       },
       true},
  };
  return t;
}

const std::vector<LiveLinkParam>& Instance::liveLinkParams() {
  static const std::vector<LiveLinkParam> t{
      {Spec::number("rate", "Rate", "bit/s")
           .defaultsTo(1e6)
           .range(1e3, 1e11)
           .help("Link capacity (applies to packets admitted from now).")
           .live(),
       [](const Link& l, SimTime) { return Json::number(l.rate()); },
       [](Instance& in, Link& l, double v, const std::string& where, Problem& refusal) {
         if (l.trace()) {
           refusal = problemAt(where, "link " + l.name() + " follows the delivery trace \"" + l.trace()->name() +
                                          "\": its rate is the trace's, not set by hand");
           return false;
         }
         const double old = l.rate();
         l.setRate(v);
         if (v > old && !in.budgetAllows(where, refusal)) {  // a faster link carries more packets
           l.setRate(old);
           return false;
         }
         return true;
       }},
      {Spec::number("lossRate", "Loss rate")
           .defaultsTo(0)
           .range(0, 1)
           .help("Bernoulli loss rate on this link (replaces its loss model).")
           .live(),
       [](const Link& l, SimTime now) { return Json::number(linkLossRate(&l, now)); },
       [](Instance& in, Link& l, double v, const std::string&, Problem&) {
         in.replaceLoss(l, v);
         return true;
       }},
  };
  return t;
}

namespace {

template <class P>
SpecList specsOf(const std::vector<P>& table) {
  SpecList s;
  for (const P& p : table) s.push_back(p.spec);
  return s;
}

}  // namespace

BL_SPEC_TABLE const SpecList& liveFlowSpecs() {
  static const SpecList s = specsOf(Instance::liveFlowParams());
  return s;
}

BL_SPEC_TABLE const SpecList& liveLinkSpecs() {
  static const SpecList s = specsOf(Instance::liveLinkParams());
  return s;
}

}  // namespace bl
