// FRED, Flow Random Early Drop (Lin and Morris, "Dynamics of Random Early Detection",
// SIGCOMM'97). RED's average and drop probability (RedCore) plus per-active-flow buffer
// accounting: qlen_i packets of flow i waiting, strike_i times it overran its share. The
// average is taken at arrivals and departures. For an arrival of flow i:
//   maxq = minTh (2 when avg >= maxTh); avgcq = max(1, avg / nactive)
//   non-adaptive: qlen_i >= maxq, or avg >= maxTh and qlen_i > 2 avgcq, or qlen_i >= avgcq
//     with strike_i > 1: strike_i++ and drop
//   minTh <= avg < maxTh: count++; only a robust flow (qlen_i >= max(minq, avgcq)) is
//     dropped, with RED's pa = pb / (1 - count pb); fragile flows pass
//   avg >= maxTh: drop (count = 0); avg < minTh: accept (count = -1)
// A flow's state (and its strikes) is forgotten when its last packet leaves the queue.
#include "queues/fred.h"

#include <algorithm>

#include "core/simulation.h"
#include "queues/red.h"

namespace bl {

namespace {

class Fred final : public BoundQueueDisc<Fred> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Fred>& params() {
    static const BoundSpecs<Fred> t{
        bind<&Fred::buffer_>(bufferSpec(250)),
        bind<&Fred::core_, &RedCore::minTh>(
            withHelp(redSpecs().minTh,
                     "Below this average queue, nothing is dropped early; also each flow's buffer cap (maxq).")),
        bind<&Fred::core_, &RedCore::maxTh>(withHelp(
            redSpecs().maxTh,
            "At this average queue the drop probability reaches maxP; above it every flow may hold 2 packets.")),
        bind<&Fred::core_, &RedCore::maxP>(redSpecs().maxP),
        bind<&Fred::core_, &RedCore::weight>(withHelp(
            redSpecs().weight, "EWMA weight of each queue sample (taken at arrivals and departures) in the average.")),
        bind<&Fred::core_, &RedCore::gentle>(redSpecs().gentle),
        bind<&Fred::core_, &RedCore::wait>(redSpecs().wait),
        bind<&Fred::minq_>(
            Spec::number("minq", "Min per-flow queue", "packets")
                .defaultsTo(4)
                .range(1, 100000)
                .help("A flow with fewer packets waiting than max(minq, average per-flow queue) is fragile and never "
                      "dropped at random (Lin and Morris: 2 for small buffers, 4 otherwise).")
                .live())};
    return t;
  }
  Fred(const ParamValues& v, const LinkInfo& link, Simulation& sim) : rng_(sim.stream("fred." + link.name)) {
    load(v);
    core_.meanPacketTime = std::max<SimTime>(1, txTime(link.packetSize, link.rateBps));
  }
  const char* kind() const override { return "fred"; }

  DropReason onArrival(Packet& p, const QueueState& q) override {
    Flow& f = flow(p.flow);
    if (q.idle) core_.updateAverage(q);
    const double avg = core_.avg;
    const double maxq = avg >= core_.maxTh ? 2 : core_.minTh;
    const double avgcq = perFlowAverage();
    if (f.qlen >= maxq || (avg >= core_.maxTh && f.qlen > 2 * avgcq) || (f.qlen >= avgcq && f.strikes > 1)) {
      ++f.strikes;
      return DropReason::Early;
    }
    if (avg >= core_.minTh && avg < core_.maxTh) {
      if (f.qlen >= std::max(minq_, avgcq)) {
        if (core_.earlyDrop(rng_)) return DropReason::Early;
      } else {
        ++core_.count;
      }
    } else if (avg < core_.minTh) {
      core_.count = -1;
    } else {
      core_.count = 0;
      return DropReason::Early;
    }
    if (q.packets >= buffer_) return DropReason::Overflow;
    if (f.qlen == 0) ++nactive_;
    ++f.qlen;
    ++total_;
    core_.updateAverage(q);
    return DropReason::None;
  }

  bool tracksDepartures() const override { return true; }
  void onDeparture(int32_t id, SimTime at) override {
    Flow& f = flow(id);
    if (f.qlen == 0) return;  // not admitted here (cannot happen on a FIFO link)
    --total_;
    QueueState q;
    q.packets = total_;
    q.now = at;
    core_.updateAverage(q);
    if (--f.qlen == 0) {
      --nactive_;
      f.strikes = 0;  // the flow's state is deleted
    }
  }

  double average() const override { return core_.avg; }
  uint32_t buffer() const override { return buffer_; }

 protected:
  bool consistent(const std::string& k, double v, std::string& err) const override {
    return core_.thresholdsConsistent("fred", k, v, err);
  }

 private:
  struct Flow {
    uint32_t qlen = 0;
    uint32_t strikes = 0;
  };
  // Slot 0 holds non-flow traffic (flow -1); flow i is slot i + 1.
  Flow& flow(int32_t id) {
    const size_t i = static_cast<size_t>(id < 0 ? 0 : id + 1);
    if (i >= flows_.size()) flows_.resize(i + 1);
    return flows_[i];
  }
  double perFlowAverage() const { return std::max(1.0, nactive_ ? core_.avg / nactive_ : core_.avg); }

  uint32_t buffer_ = 0;
  double minq_ = 1;
  RedCore core_;
  Rng rng_;
  std::vector<Flow> flows_;
  uint32_t nactive_ = 0, total_ = 0;
};

}  // namespace

QueueKind fredKind() {
  return boundKind<Fred>("fred", "Flow RED: RED's average plus per-flow buffer accounting that protects fragile flows.",
                         redThresholdsValid);
}

}  // namespace bl
