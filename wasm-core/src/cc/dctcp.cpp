// DCTCP, Data Center TCP (RFC 8257; Alizadeh et al., SIGCOMM 2010). The receiver echoes each
// packet's CE mark exactly (TcpReceiver::Accurate); the sender counts, over each window of
// data (until snd_una passes the snd_nxt of the window's start), the packets acknowledged and
// those acknowledged with ECE, and updates
//   alpha = (1 - g) alpha + g F,   F = marked / acked,   g = 1/16,   alpha starting at 1,
// an estimate of the fraction of packets marked, i.e. of how far the queue sits above K. On an
// ECE (at most once per window, as RFC 3168) the window is cut in proportion:
//   cwnd = ssthresh = cwnd (1 - alpha / 2),
// so light marking costs little and full marking halves it, as Reno. Growth and the response
// to loss are Reno's (the aimd module).
#include "cc/dctcp.h"

#include <algorithm>

namespace bl {

DctcpCc::DctcpCc() : reno_(makeAimd(1.0, 0.5)) {}

void DctcpCc::onEcn(CcState& s, uint32_t acked, uint32_t marked) {
  if (!est_.count(s, acked, marked)) return;  // the window's data all acknowledged: update
  est_.update(g_);
  ++windows_;
}

double DctcpCc::onEcnEcho(const CcState& s) { return std::max(s.cwnd * (1 - est_.alpha / 2), 2.0); }

std::unique_ptr<CongestionControl> makeDctcp() { return std::make_unique<DctcpCc>(); }

BL_SPEC_TABLE const BoundSpecs<DctcpCc>& DctcpCc::params() {
  static const BoundSpecs<DctcpCc> t{
      bind<&DctcpCc::g_>(Spec::number("g", "DCTCP g")
                             .defaultsTo(1.0 / 16)
                             .range(0.001, 1)
                             .help("Weight of each window's marked fraction in alpha (RFC 8257: 1/16).")),
      bind<&DctcpCc::alphaInit_>(Spec::number("alphaInit", "Initial alpha")
                                     .defaultsTo(1)
                                     .range(0, 1)
                                     .help("alpha before the first window (1: the first mark halves, as Linux)."))};
  return t;
}

const SpecList& dctcpSpecs() { return DctcpCc::params().specs(); }

}  // namespace bl
