#include "cc/registry.h"

#include "cc/bbr.h"
#include "cc/cubic.h"
#include "cc/dctcp.h"
#include "cc/multcp.h"
#include "cc/prague.h"
#include "cc/tcp_lasd.h"
#include "cc/tcp_sd.h"
#include "cc/vegas.h"

namespace bl {

const std::vector<CcKind>& ccKinds() {
  static const std::vector<CcKind> kinds = {
      {"aimd", "Standard TCP window rule: slow start, then +1 packet per RTT, halve on loss.", &aimdSpecs(),
       [] { return makeAimd(1.0, 0.5); }, "Reno (AIMD)"},
      {"sd", "Weighted AIMD (TCP-SD): +f_inc(w) per RTT, x(1 - 0.5/f_dec(w)) on loss; w is the flow's weight.",
       &sdSpecs(), makeSd, "TCP-SD"},
      {"lasd", "Loss-adaptive weighted AIMD (TCP-LASD): TCP-SD with increase f_inc(w) min(1, zeta/p).", &lasdSpecs(),
       makeLasd, "TCP-LASD"},
      {"multcp", "mulTCP: one flow acting as N (alpha/beta = N^2).", &mulTcpSpecs(), makeMulTcp, "mulTCP"},
      {"vegas",
       "TCP Vegas: once per RTT, grow, hold or shrink by one packet as the queued estimate is below alpha, between, or "
       "above beta.",
       &vegasSpecs(), [] { return makeVegas(); }, "Vegas"},
      {"cubic",
       "CUBIC (RFC 9438): after each reduction to beta times the window, it follows C (t - K)^3 + W_max, never "
       "slower than Reno.",
       &cubicSpecs(), [] { return makeCubic(); }, "CUBIC"},
      {"dctcp",
       "DCTCP (RFC 8257): with ECN on, cuts the window by alpha/2 per marked window, alpha the running fraction of "
       "marked packets.",
       &dctcpSpecs(), makeDctcp, "DCTCP"},
      {"bbr",
       "BBR v1: paces at the measured bottleneck bandwidth and caps data in flight at twice its product with the "
       "minimum RTT; probes with gain cycling and ProbeRTT.",
       &bbrSpecs(), makeBbr, "BBR"},
      {"prague",
       "TCP Prague (L4S): sends ECT(1) with AccECN feedback, cuts the window by alpha/2 per marked round as DCTCP, "
       "below its reference RTT grows as a Reno flow with that RTT would, and halves on loss.",
       &pragueSpecs(), makePrague, "TCP Prague"},
  };
  return kinds;
}

const CcKind* findCcKind(const std::string& name) {
  for (const CcKind& k : ccKinds())
    if (name == k.name) return &k;
  return nullptr;
}

std::vector<const char*> ccNames() {
  std::vector<const char*> n;
  for (const CcKind& k : ccKinds()) n.push_back(k.name);
  return n;
}

}  // namespace bl
