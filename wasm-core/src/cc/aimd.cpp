// Standard AIMD (RFC 5681 with alpha = 1, beta = 1/2): slow start below ssthresh with
// appropriate byte counting (RFC 3465, L = 2: cwnd += min(acked, 2) per ACK, stopping at
// ssthresh), then cwnd += alpha * acked / cwnd; on a loss ssthresh = max(FlightSize *
// (1 - beta), 2) (RFC 5681 eq. 4 for beta = 1/2). The limit L matters after a timeout, when
// one ACK for a retransmission can cover hundreds of packets the receiver had buffered:
// without it, go-back-N would send a whole ssthresh of duplicates in one burst.
#include <algorithm>

#include "cc/congestion_control.h"

namespace bl {
namespace {

class Aimd final : public CongestionControl {
 public:
  Aimd(double alpha, double beta) : alpha_(alpha), beta_(beta) {}
  const char* name() const override { return "aimd"; }

  void onAck(CcState& s, uint32_t acked) override {
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
};

}  // namespace

std::unique_ptr<CongestionControl> makeAimd(double alpha, double beta) { return std::make_unique<Aimd>(alpha, beta); }

}  // namespace bl
