// RED (Floyd and Jacobson, "Random Early Detection Gateways for Congestion Avoidance", 1993).
// The average queue length is an EWMA updated at every arrival, decayed over idle periods as
// if (idle time / mean packet time) packets had arrived to an empty queue. Between minTh and
// maxTh a packet is dropped with pa = pb / (1 - count * pb), pb = maxP (avg - minTh) /
// (maxTh - minTh), which spaces drops roughly uniformly. Above maxTh every arrival is dropped,
// unless gentle mode ramps pb from maxP to 1 between maxTh and 2 maxTh.
// `wait` (ns-2's wait_, on by default there and here) spaces drops further: with count the
// arrivals since the last drop, no early drop while count pb < 1, then pa = pb / (2 - count
// pb), so the gap between drops is uniform in [1/pb, 2/pb] (mean 1.5/pb) rather than in
// [1, 1/pb]. As ns-2's REDQueue::enque, count restarts at 1 (and that arrival is not dropped
// early) when the average climbs above minTh.
// `earlyMinQueue` (default 2, as ns-2's REDQueue::enque, which drops early or forced only
// when `qlen > 1`): no RED drop while fewer packets than that wait, however high the
// average, so a slow average left high after a burst does not empty the link; the count then
// restarts. 0 gives the 1993 paper's rule (the average alone decides).
#include "queues/red.h"

#include <cmath>

#include "core/simulation.h"

namespace bl {

BL_SPEC_TABLE const RedSpecs& redSpecs() {
  static const RedSpecs s{Spec::number("minTh", "Min threshold", "packets")
                              .defaultsTo(50)
                              .range(0, 100000)
                              .help("Below this average queue, nothing is dropped early.")
                              .live(),
                          Spec::number("maxTh", "Max threshold", "packets")
                              .defaultsTo(120)
                              .range(1, 100000)
                              .help("At this average queue the drop probability reaches maxP.")
                              .live(),
                          Spec::number("maxP", "Max drop probability")
                              .defaultsTo(0.1)
                              .range(0, 1)
                              .help("Early-drop probability at maxTh.")
                              .live(),
                          Spec::number("weight", "Averaging weight")
                              .defaultsTo(0.002)
                              .range(1e-7, 1)
                              .help("EWMA weight of each arrival's queue sample in the average.")
                              .live(),
                          Spec::flag("gentle", "Gentle")
                              .defaultsTo(true)
                              .help("Ramp the drop probability from maxP to 1 between maxTh and 2 maxTh instead of "
                                    "jumping (on by default, as ns-2's gentle_).")
                              .live(),
                          Spec::flag("wait", "Wait")
                              .defaultsTo(true)
                              .help("ns-2's wait_ (on by default there too): no early drop while count x pb < 1, then "
                                    "pb / (2 - count x pb); off: the 1993 pb / (1 - count x pb).")
                              .live()};
  return s;
}

RedCore::RedCore()
    : minTh(redSpecs().minTh.def),
      maxTh(redSpecs().maxTh.def),
      maxP(redSpecs().maxP.def),
      weight(redSpecs().weight.def),
      gentle(redSpecs().gentle.def != 0),
      wait(redSpecs().wait.def != 0) {}

void RedCore::updateAverage(const QueueState& q) {
  if (q.idle) {
    const double m = static_cast<double>(q.now - q.idleSince) / static_cast<double>(meanPacketTime);
    avg *= std::pow(1.0 - weight, m > 0 ? m : 0);
  } else {
    avg = (1.0 - weight) * avg + weight * q.packets;
  }
}

double RedCore::baseProbability() const {
  if (avg < minTh) return 0;
  if (avg < maxTh) return maxP * (avg - minTh) / (maxTh - minTh);
  if (gentle && avg < 2 * maxTh) return maxP + (1 - maxP) * (avg - maxTh) / maxTh;
  return 1;
}

bool RedCore::earlyDrop(Rng& rng) {
  if (avg < minTh) {
    count = -1;
    return false;
  }
  const double pb = baseProbability();
  if (pb >= 1) {
    count = 0;
    return true;
  }
  double pa;
  if (wait) {
    if (count < 0) {
      count = 1;
      return false;
    }  // just crossed minTh
    ++count;
    const double cp = static_cast<double>(count) * pb;
    pa = cp < 1 ? 0.0 : cp < 2 ? pb / (2.0 - cp) : 1.0;
  } else {
    ++count;
    const double denom = 1.0 - static_cast<double>(count) * pb;
    pa = denom <= 0 ? 1.0 : pb / denom;
  }
  if (rng.uniform() < pa) {
    count = 0;
    return true;
  }
  return false;
}

bool RedCore::thresholdsConsistent(const char* kind, const std::string& k, double v, std::string& err) const {
  const double lo = k == "minTh" ? v : minTh, hi = k == "maxTh" ? v : maxTh;
  if (lo < hi) return true;
  err = std::string(kind) + "." + k + ": minTh (" + jsonNumber(lo) + ") must be below maxTh (" + jsonNumber(hi) + ")";
  return false;
}

bool redThresholdsValid(const ParamValues& v, std::string& err) {
  const double lo = v.num(redSpecs().minTh.key), hi = v.num(redSpecs().maxTh.key);
  if (lo < hi) return true;
  err = "minTh (" + jsonNumber(lo) + ") must be below maxTh (" + jsonNumber(hi) + ")";
  return false;
}

namespace {

class Red final : public BoundQueueDisc<Red> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Red>& params() {
    static const BoundSpecs<Red> t{
        bind<&Red::buffer_>(bufferSpec(250)),
        bind<&Red::core_, &RedCore::minTh>(redSpecs().minTh),
        bind<&Red::core_, &RedCore::maxTh>(redSpecs().maxTh),
        bind<&Red::core_, &RedCore::maxP>(redSpecs().maxP),
        bind<&Red::core_, &RedCore::weight>(redSpecs().weight),
        bind<&Red::core_, &RedCore::gentle>(redSpecs().gentle),
        bind<&Red::minQueue_>(Spec::integer("earlyMinQueue", "Early-drop min queue", "packets")
                                  .defaultsTo(2)
                                  .range(0, 100000)
                                  .help("No early (or forced) drop while fewer packets than this wait, as ns-2's RED "
                                        "(qlen > 1); 0: the average alone decides (1993).")
                                  .live()),
        bind<&Red::core_, &RedCore::wait>(redSpecs().wait),
        bind<&Red::ecn_>(
            Spec::flag("ecn", "ECN marking")
                .defaultsTo(false)
                .help(
                    "Mark ECN-capable packets CE instead of dropping them early (RFC 3168); others are still dropped.")
                .live())};
    return t;
  }
  Red(const ParamValues& v, const LinkInfo& link, Simulation& sim) : rng_(sim.stream("red." + link.name)) {
    load(v);
    core_.meanPacketTime = txTime(link.packetSize, link.rateBps);
    if (core_.meanPacketTime < 1) core_.meanPacketTime = 1;
  }
  const char* kind() const override { return "red"; }

  // Packets an overlay node marked protected (XQM's loss hiding: the paper's Assured
  // Forwarding marking) are spared early drops; a full buffer still overflows.
  DropReason onArrival(Packet& p, const QueueState& q) override {
    core_.updateAverage(q);
    if (q.packets < minQueue_) {
      core_.count = -1;  // as below minTh: the count restarts
    } else if (!(p.flags & kFlagProtected) && core_.earlyDrop(rng_) && !(ecn_ && mark(p))) {
      return DropReason::Early;
    }
    if (q.packets >= buffer_) return DropReason::Overflow;
    return DropReason::None;
  }
  double average() const override { return core_.avg; }
  uint32_t buffer() const override { return buffer_; }
  const RedCore& core() const { return core_; }

 protected:
  bool consistent(const std::string& k, double v, std::string& err) const override {
    return core_.thresholdsConsistent("red", k, v, err);
  }

 private:
  uint32_t buffer_ = 0;
  uint32_t minQueue_ = 0;
  RedCore core_;
  bool ecn_ = false;
  Rng rng_;
};

}  // namespace

QueueKind redKind() {
  return boundKind<Red>("red",
                        "Random Early Detection: drops early with a probability that grows with the average queue.",
                        redThresholdsValid);
}

}  // namespace bl
