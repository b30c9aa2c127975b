// REM, Random Exponential Marking (Athuraliya, Low, Li and Yin, "REM: Active Queue
// Management", IEEE Network 2001). Every update period the link price is moved by the queue
// mismatch and the rate mismatch, both in packets:
//   price = max(0, price + gamma (alpha (b - bTarget) + x - c))
// where b is the queue at the update, x the packets that arrived during the period (low-pass
// filtered with inputWeight) and c the packets the link can send in one period. Every arrival
// is dropped with probability 1 - phi^(-price) (no ECN here: a mark is a drop).
#include "queues/rem.h"

#include <cmath>

#include "core/simulation.h"

namespace bl {

namespace {

class Rem final : public BoundQueueDisc<Rem> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Rem>& params() {
    static const BoundSpecs<Rem> t{
        bind<&Rem::buffer_>(bufferSpec(250)),
        bind<&Rem::target_>(Spec::number("target", "Target queue", "packets")
                                .defaultsTo(20)
                                .range(0, 100000)
                                .help("Queue the price drives towards (b*); the price stops moving when the queue is "
                                      "here and input = capacity.")
                                .live()),
        bind<&Rem::gamma_>(Spec::number("gamma", "Price step")
                               .defaultsTo(0.001)
                               .range(0, 1)
                               .help("Gain of the price update per packet of mismatch (gamma).")
                               .live()),
        bind<&Rem::alpha_>(Spec::number("alpha", "Queue weight")
                               .defaultsTo(0.1)
                               .range(0, 100)
                               .help("Weight of the queue mismatch against the rate mismatch (alpha).")
                               .live()),
        bind<&Rem::phi_>(Spec::number("phi", "Probability base")
                             .defaultsTo(1.001)
                             .range(1.000001, 10)
                             .help("Drop probability is 1 - phi^(-price).")
                             .live()),
        bind<&Rem::period_>(Spec::number("period", "Update period", "s")
                                .defaultsTo(0.002)
                                .range(1e-5, 10)
                                .help("Time between price updates; the rate mismatch counts packets per period.")
                                .live()),
        bind<&Rem::inputWeight_>(
            Spec::number("inputWeight", "Input weight")
                .defaultsTo(1)
                .range(1e-6, 1)
                .help("EWMA weight of the latest period's arrivals in the input rate (1: no filtering).")
                .live())};
    return t;
  }
  Rem(const ParamValues& v, const LinkInfo& link, Simulation& sim)
      : packetsPerSecond_(link.rateBps / (8.0 * link.packetSize)), rng_(sim.stream("rem." + link.name)) {
    load(v);
  }
  const char* kind() const override { return "rem"; }

  DropReason onArrival(Packet&, const QueueState& q) override {
    ++arrivals_;
    if (q.packets >= buffer_) return DropReason::Overflow;
    if (prob_ > 0 && rng_.uniform() < prob_) return DropReason::Early;
    return DropReason::None;
  }
  SimTime updatePeriod() const override { return fromSeconds(period_); }
  void update(const QueueState& q) override {
    input_ = (1 - inputWeight_) * input_ + inputWeight_ * static_cast<double>(arrivals_);
    arrivals_ = 0;
    const double capacity = packetsPerSecond_ * period_;
    price_ = std::max(0.0, price_ + gamma_ * (alpha_ * (q.packets - target_) + input_ - capacity));
    prob_ = 1 - std::pow(phi_, -price_);
  }
  uint32_t buffer() const override { return buffer_; }

 private:
  uint32_t buffer_ = 0;
  double target_ = 0, gamma_ = 0, alpha_ = 0, phi_ = 1, period_ = 1, inputWeight_ = 1;
  double packetsPerSecond_;
  Rng rng_;
  uint64_t arrivals_ = 0;
  double input_ = 0, price_ = 0, prob_ = 0;
};

}  // namespace

QueueKind remKind() {
  return boundKind<Rem>(
      "rem", "Random Exponential Marking: a link price from queue and rate mismatch; drop probability 1 - phi^-price.");
}

}  // namespace bl
