#include "sim/tracer.h"

#include <cmath>
#include <cstring>

#include "core/simulation.h"
#include "sim/network.h"
#include "tcp/tcp_sender.h"

namespace bl {

double jainIndex(const std::vector<double>& x) {
  double s = 0, s2 = 0;
  for (double v : x) {
    s += v;
    s2 += v * v;
  }
  if (x.empty() || s2 <= 0) return NAN;
  return s * s / (static_cast<double>(x.size()) * s2);
}

std::vector<std::string> Tracer::columnsOf(const Network& net) {
  std::vector<std::string> columns{"t"};
  static const char* kFlowCols[] = {"cwnd",     "ssthresh", "srtt", "thr",     "goodput",
                                    "lossCong", "lossExo",  "retx", "timeouts"};
  for (const FlowEntry& f : net.flows) {
    for (const char* c : kFlowCols) columns.push_back("flow." + std::to_string(f.id) + "." + c);
    if (f.sender)  // the module's own columns (BBR: state, btlBw, minRtt, pacingGain, pacingRate)
      for (const char* c : f.sender->cc().traceNames()) columns.push_back("flow." + std::to_string(f.id) + "." + c);
  }
  for (const Link* l : net.traced)
    for (const char* c :
         {"len", "avg", "drops", "dropsOverflow", "dropsEarly", "dropsDeadline", "marks", "delay", "delayMax"})
      columns.push_back("queue." + l->name() + "." + c);
  for (const Link* l : net.traced) columns.push_back("link." + l->name() + ".util");
  // A traced link with a delivery trace: its capacity in the interval (opportunities x MTU, bit/s).
  for (const Link* l : net.traced)
    if (l->trace()) columns.push_back("link." + l->name() + ".capacity");
  columns.push_back("jain");
  columns.push_back("wjain");
  return columns;
}

Tracer::Tracer(Simulation& sim, Network& net, SimTime period)
    : sim_(sim), net_(net), period_(period), columns_(columnsOf(net)) {
  for (Link* l : net_.traced) l->enableDelayStats();
  const size_t n = net_.flows.size();
  prevArrivedBytes_.assign(n, 0);
  prevGoodBytes_.assign(n, 0);
  prevArrived_.assign(n, 0);
  prevCong_.assign(n, 0);
  prevExo_.assign(n, 0);
  lastThr_.assign(n, 0);
  prevBusy_.assign(net_.traced.size(), 0);
}

void Tracer::start() { sim_.sched().at(period_, this, 0); }

void Tracer::onEvent(uint32_t, uint64_t) {
  sample();
  sim_.sched().after(period_, this, 0);
}

void Tracer::recordEvent(SimTime t, TraceEvent kind, int flow, int link, uint32_t reason) {
  if (eventsThisPeriod_ >= kMaxEventsPerPeriod) {
    ++eventsDropped_;
    return;
  }
  ++eventsThisPeriod_;
  events_.push_back(EventRec{toSeconds(t), static_cast<uint32_t>(kind), flow, link, reason});
}

void Tracer::sample() {
  const double secs = toSeconds(period_);
  rows_.push_back(toSeconds(sim_.now()));
  std::vector<double> active, weighted;
  for (size_t i = 0; i < net_.flows.size(); ++i) {
    const FlowEntry& f = net_.flows[i];
    const FlowStats& s = sim_.flowStats()[i];
    const bool on = f.probe ? f.probe->active() : false;
    rows_.push_back(f.probe ? f.probe->cwnd() : NAN);
    rows_.push_back(f.probe ? f.probe->ssthresh() : NAN);
    rows_.push_back(f.probe ? f.probe->srtt() : NAN);
    const double thr = static_cast<double>(s.arrivedBytes - prevArrivedBytes_[i]) * 8 / secs;
    rows_.push_back(thr);
    rows_.push_back(static_cast<double>(s.goodputBytes - prevGoodBytes_[i]) * 8 / secs);
    // Loss seen: of the flow's data packets that left the network in the interval (dropped
    // or delivered), the fraction dropped by congestion and exogenously. (Dividing by packets
    // sent in the interval would mix packets of different intervals and exceed 1.)
    const double cong = static_cast<double>(s.congestionLosses - prevCong_[i]);
    const double exo = static_cast<double>(s.exogenousLosses - prevExo_[i]);
    const double out = cong + exo + static_cast<double>(s.arrivedPackets - prevArrived_[i]);
    rows_.push_back(out > 0 ? cong / out : 0);
    rows_.push_back(out > 0 ? exo / out : 0);
    rows_.push_back(static_cast<double>(s.retransmits));
    rows_.push_back(static_cast<double>(s.timeouts));
    if (f.sender) {
      const CongestionControl& cc = f.sender->cc();
      for (size_t k = 0; k < cc.traceNames().size(); ++k) rows_.push_back(cc.traceValue(k));
    }
    prevArrivedBytes_[i] = s.arrivedBytes;
    prevGoodBytes_[i] = s.goodputBytes;
    prevArrived_[i] = s.arrivedPackets;
    prevCong_[i] = s.congestionLosses;
    prevExo_[i] = s.exogenousLosses;
    lastThr_[i] = thr;
    if (on) {
      active.push_back(thr);
      weighted.push_back(thr / sim_.attrs(static_cast<int>(i)).weight);
    }
  }
  for (Link* l : net_.traced) {
    const double len = l->queueLength();
    const double avg = l->queue().average();
    uint64_t drops = 0;
    for (uint64_t d : l->queue().drops) drops += d;
    rows_.push_back(len);
    rows_.push_back(std::isnan(avg) ? len : avg);
    rows_.push_back(static_cast<double>(drops));
    for (DropReason r : {DropReason::Overflow, DropReason::Early, DropReason::Deadline})
      rows_.push_back(static_cast<double>(l->queue().drops[static_cast<int>(r)]));
    rows_.push_back(static_cast<double>(l->queue().marks));
    double mean, max;
    l->delayStats()->takePeriod(mean, max);
    rows_.push_back(mean);
    rows_.push_back(max);
  }
  for (size_t j = 0; j < net_.traced.size(); ++j) {
    const SimTime busy = net_.traced[j]->busyUpTo(sim_.now());
    rows_.push_back(static_cast<double>(busy - prevBusy_[j]) / static_cast<double>(period_));
    prevBusy_[j] = busy;
  }
  for (const Link* l : net_.traced)
    if (const DeliveryTrace* tr = l->trace()) {
      const uint64_t opps = tr->countUpTo(sim_.now()) - tr->countUpTo(sim_.now() - period_);
      rows_.push_back(static_cast<double>(opps) * kTraceMtu * 8 / secs);
    }
  rows_.push_back(jainIndex(active));
  rows_.push_back(jainIndex(weighted));
  eventsThisPeriod_ = 0;
}

const std::vector<uint8_t>& Tracer::drain() {
  const uint32_t cols = static_cast<uint32_t>(columns_.size());
  const uint32_t rows = static_cast<uint32_t>(rows_.size() / cols);
  const uint32_t nev = static_cast<uint32_t>(events_.size());
  block_.resize(16 + rows_.size() * 8 + events_.size() * 24);
  uint8_t* o = block_.data();
  const uint32_t head[4] = {kMagic, rows, cols, nev};
  std::memcpy(o, head, 16);
  o += 16;
  if (!rows_.empty()) std::memcpy(o, rows_.data(), rows_.size() * 8);
  o += rows_.size() * 8;
  for (const EventRec& e : events_) {
    std::memcpy(o, &e.t, 8);
    std::memcpy(o + 8, &e.kind, 4);
    std::memcpy(o + 12, &e.flow, 4);
    std::memcpy(o + 16, &e.link, 4);
    std::memcpy(o + 20, &e.reason, 4);
    o += 24;
  }
  rows_.clear();
  events_.clear();
  return block_;
}

}  // namespace bl
