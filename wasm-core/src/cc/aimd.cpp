// Standard AIMD (RFC 5681 with alpha = 1, beta = 1/2): slow start below ssthresh with
// appropriate byte counting (RFC 3465, L = 2: cwnd += min(acked, 2) per ACK, stopping at
// ssthresh), then cwnd += alpha * acked / cwnd; on a loss ssthresh = max(FlightSize *
// (1 - beta), 2) (RFC 5681 eq. 4 for beta = 1/2). The limit L matters after a timeout, when
// one ACK for a retransmission can cover hundreds of packets the receiver had buffered:
// without it, go-back-N would send a whole ssthresh of duplicates in one burst.
// ackCounting "perAck" counts ACKs instead of packets acked, as RFC 5681 section 3.1 writes
// the rules and ns-2's opencwnd() does: each ACK of new data adds 1 below ssthresh (also the
// one that crosses it) and alpha / cwnd above, whatever it covers.
#include <algorithm>

#include "cc/congestion_control.h"

namespace bl {
namespace {

class Aimd final : public BoundCc<Aimd> {
 public:
  enum class Counting { Abc, PerAck };
  Aimd(double alpha, double beta) : alpha_(alpha), beta_(beta) {}
  BL_SPEC_TABLE static const BoundSpecs<Aimd>& params() {
    static const BoundSpecs<Aimd> t{bindChoice<&Aimd::counting_>(
        "ackCounting", "ACK counting",
        {{"abc", Counting::Abc, "Bytes acked (RFC 3465)"}, {"perAck", Counting::PerAck, "Per ACK (RFC 5681)"}}, "abc",
        "abc: RFC 3465 (packets acked, at most 2 per ACK in slow start, stopping at ssthresh); perAck: RFC 5681 3.1 "
        "and ns-2 (each ACK of new data adds 1 in slow start, 1/cwnd after, whatever it covers). See docs/tcp.md.")};
    return t;
  }
  const char* name() const override { return "aimd"; }

  void onAck(CcState& s, uint32_t acked) override {
    if (counting_ == Counting::PerAck) {
      s.cwnd += s.cwnd < s.ssthresh ? 1.0 : alpha_ / s.cwnd;
      return;
    }
    double n = acked;
    if (s.cwnd < s.ssthresh) {
      const double grow = std::min({n, kAbcLimit, s.ssthresh - s.cwnd});
      s.cwnd += grow;
      n = s.cwnd < s.ssthresh ? 0 : n - grow;  // what crosses ssthresh counts in CA
    }
    if (n > 0) s.cwnd += alpha_ * n / s.cwnd;
  }

  double onLossEvent(const CcState& s) override { return std::max(s.inFlight * (1.0 - beta_), 2.0); }

 private:
  static constexpr double kAbcLimit = 2;  // RFC 3465 L, packets per ACK in slow start
  double alpha_;
  double beta_;
  Counting counting_ = Counting::Abc;
};

}  // namespace

std::unique_ptr<CongestionControl> makeAimd(double alpha, double beta) { return std::make_unique<Aimd>(alpha, beta); }
const SpecList& aimdSpecs() { return Aimd::params().specs(); }

}  // namespace bl
