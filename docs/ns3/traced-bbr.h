// Bottleneck Lab: ns-3.37's TcpBbr observed, and three experiments on it, for docs/ns3/dumbbell.cc
// (docs/ns3/README.md, docs/validation-ns3.md "BBR against CUBIC"). Include it before any other
// ns-3 header of the program: it opens TcpBbr's private members (see below).
//
// TracedBbr runs TcpBbr unchanged (same behaviour, same random draws) unless an experiment is
// switched on, and after each of TcpBbr's updates reads its state, pacing gain and the pacing
// rate it set; once the pipe is filled ns-3.37's SetPacingRate sets pacing rate = pacing gain x
// btlBw (no margin), so btlBw = pacing rate / pacing gain (in Startup an upper bound), and
// InFlight(tcb, 1) is btlBw x RTprop + 3 segments (+ 2 in the 1.25 phase), which gives RTprop.
//
// The experiments (each changes one thing; none is a validation setting):
//   rateFix   TcpBbr fed its rate samples as ns-3.41's TcpRateLinux computes them (commit
//             1759450, issue #1026), rebuilt from ns-3.37's sample.
//   rawRtt    TcpBbr's RTprop filter fed the raw RTT sample of each ACK (Linux's rs->rtt_us,
//             the BBR draft's rs.rtt) instead of ns-3.37's tcb->m_lastRtt, which EstimateRtt
//             sets to the *smoothed* RTT (m_rtt->GetEstimate()). The raw sample is rebuilt from
//             the smoothed one's change (RttMeanDeviation with alpha 1/8, integer update: m =
//             8 new - 7 old, exact to 7 ns); an ACK that moved no estimate gives no sample, and
//             TcpBbr's filter then skips the update (m_lastRtt < 0), as Linux's does.
//   ackAggr   false: no ack-aggregation term in the cwnd target (m_extraAckedGain = 0, which
//             has no attribute; Linux's bbr_extra_acked_gain = 0).
//   restoreCwnd  on the first ACK after fast recovery ends (to Open or Disorder, not to Loss),
//             cwnd = max(cwnd, the window TcpBbr saved on entering it), before TcpBbr's
//             update: Linux's bbr_set_cwnd_to_recover_or_restore. ns-3.37 leaves recovery with
//             cwnd = ssthresh, which TcpBbr set to InFlight(tcb, 1) at the end of Startup.
// Besides, over [measureFrom, end] it averages TcpBbr's ack-aggregation term (packets) and its
// RTprop (seconds), per ACK.
#ifndef BOTTLENECK_LAB_TRACED_BBR_H
#define BOTTLENECK_LAB_TRACED_BBR_H

#ifdef TCPBBR_H
#error "traced-bbr.h must come before every other ns-3 header (it opens TcpBbr's private members)"
#endif
#include "ns3/core-module.h"
#include "ns3/network-module.h"
// TcpBbr's m_extraAckedGain (ackAggr), m_priorCwnd (restoreCwnd) and m_rtProp have neither
// attribute nor getter. GCC lays
// out a class the same whatever the access specifiers, so this reads the library's object as is.
#define private public
#include "ns3/tcp-bbr.h"
#undef private
#include "ns3/tcp-socket-state.h"

#include <algorithm>
#include <cstdint>

namespace bl {

/** What TracedBbr reads after each update (for --seriesFile). */
struct BbrObservation {
  double state = 0, btlBw = 0, minRtt = 0, pacingGain = 0, pacingRate = 0;  // bit/s, s
};

class TracedBbr : public ns3::TcpBbr {
 public:
  static ns3::TypeId GetTypeId() {
    static ns3::TypeId tid = ns3::TypeId("ns3::BlTracedBbr")
                                 .SetParent<ns3::TcpBbr>()
                                 .SetGroupName("Internet")
                                 .AddConstructor<TracedBbr>();
    return tid;
  }
  TracedBbr() = default;
  TracedBbr(const TracedBbr& other) = default;

  void CongControl(ns3::Ptr<ns3::TcpSocketState> tcb, const ns3::TcpRateOps::TcpRateConnection& rc,
                   const ns3::TcpRateOps::TcpRateSample& rs) override {
    using ns3::Seconds;
    using ns3::Simulator;
    if (!ackAggr) m_extraAckedGain = 0;
    // restoreCwnd: leaving fast recovery (to Open or Disorder, not to Loss), the window from
    // before recovery comes back before this ACK's update, as Linux's
    // bbr_set_cwnd_to_recover_or_restore does; ns-3.37 leaves cwnd at ssthresh there.
    const bool inRecovery = tcb->m_congState == ns3::TcpSocketState::CA_RECOVERY;
    if (restoreCwnd && wasInRecovery && !inRecovery && tcb->m_congState != ns3::TcpSocketState::CA_LOSS) {
      if (m_priorCwnd > tcb->m_cWnd) ++restores;
      tcb->m_cWnd = std::max(tcb->m_cWnd.Get(), m_priorCwnd);
    }
    wasInRecovery = inRecovery;
    ns3::Time smoothed{};
    if (rawRtt) {
      smoothed = tcb->m_lastRtt;
      const bool fresh = pendingAt == Simulator::Now() && pendingRaw >= Seconds(0);
      if (fresh) ++rawFed;
      feeding = true;
      tcb->m_lastRtt = fresh ? pendingRaw : Seconds(-1);
    }
    if (rateFix)
      TcpBbr::CongControl(tcb, rc, Fixed(tcb, rs));
    else
      TcpBbr::CongControl(tcb, rc, rs);
    if (rawRtt) {
      tcb->m_lastRtt = smoothed;
      feeding = false;
      pendingRaw = Seconds(-1);
    }
    if (Simulator::Now().GetSeconds() >= measureFrom) {
      aggrSum += static_cast<double>(AckAggregationCwnd()) / tcb->m_segmentSize;
      ++acks;
      if (m_rtProp != ns3::Time::Max()) {
        rtPropSum += m_rtProp.GetSeconds();
        ++rtPropAcks;
      }
    }
    if (!obs) return;
    BbrObservation& f = *obs;
    f.state = GetBbrState();
    f.pacingGain = GetPacingGain();
    f.pacingRate = static_cast<double>(tcb->m_pacingRate.Get().GetBitRate());
    f.btlBw = f.pacingGain > 0 ? f.pacingRate / f.pacingGain : 0;
    const double quanta = (3 + (f.state == BBR_PROBE_BW && f.pacingGain > 1 ? 2 : 0)) * tcb->m_segmentSize;
    const double bdpBytes = static_cast<double>(InFlight(tcb, 1)) - quanta;
    f.minRtt = f.btlBw > 0 ? bdpBytes * 8 / f.btlBw : 0;
  }
  ns3::Ptr<ns3::TcpCongestionOps> Fork() override { return ns3::CopyObject<TracedBbr>(this); }

  /**
   * The socket's "RTT" trace (tcb->m_lastRtt, the smoothed RTT): each change is one new sample
   * m, rebuilt as 8 new - 7 old (the first sample sets the estimate to m).
   */
  void OnSmoothedRtt(ns3::Time before, ns3::Time now) {
    if (feeding) return;  // our own substitution, undone after TcpBbr's update
    ++rawSeen;
    pendingRaw = before.IsZero() ? now : ns3::Time::From(8 * now.GetInteger() - 7 * before.GetInteger());
    pendingAt = ns3::Simulator::Now();
  }

  // --bbrRateFix: the rate sample as ns-3.41's TcpRateLinux computes it (commit 1759450, issue
  // #1026), rebuilt from ns-3.37's. 3.37's SkbDelivered takes a sample's ACK interval from the
  // previous sample's send-time stamp (from time 0 after an invalidated sample); 3.41 takes it
  // from the stamp of the packet that fixes the sample, which 3.37 leaves in m_priorTime. With
  // that interval the end of GenerateSample is redone (too short: invalid, carrying the last
  // rate on, as TcpRateLinux does; app-limited samples kept only if not lower). Exact except
  // where the two intervals put a sample on different sides of the min RTT, after which 3.37's
  // and 3.41's states differ for one ACK.
  ns3::TcpRateOps::TcpRateSample Fixed(ns3::Ptr<ns3::TcpSocketState> tcb, const ns3::TcpRateOps::TcpRateSample& rs) {
    using ns3::Seconds;
    ns3::TcpRateOps::TcpRateSample f = rs;
    if (rs.m_priorTime != Seconds(0) && (rs.m_priorTime != seenPriorTime || rs.m_priorDelivered != seenPriorDelivered)) {
      ackElapsed = ns3::Simulator::Now() - rs.m_priorTime;  // SkbDelivered took a new packet on this ACK
      seenPriorTime = rs.m_priorTime;
      seenPriorDelivered = rs.m_priorDelivered;
    }
    f.m_deliveryRate = lastRate;
    if (rs.m_delivered < 0 || rs.m_priorTime == Seconds(0)) {  // invalid in both
      f.m_interval = Seconds(0);
      return f;
    }
    const ns3::Time interval = std::max(rs.m_sendElapsed, ackElapsed);
    if (interval < tcb->m_minRtt) {
      f.m_interval = Seconds(0);
      return f;
    }
    const double delivered = rs.m_delivered;
    if (!rs.m_isAppLimited || delivered * rateInterval >= rateDelivered * interval.GetSeconds()) {
      rateDelivered = delivered;
      rateInterval = interval.GetSeconds();
      lastRate = ns3::DataRate(delivered * 8.0 / interval.GetSeconds());
    }
    f.m_interval = interval;
    f.m_deliveryRate = lastRate;
    return f;
  }

  BbrObservation* obs = nullptr;  // --seriesFile: where to write what it reads
  bool rateFix = false, rawRtt = false, ackAggr = true, restoreCwnd = false;
  bool wasInRecovery = false;
  uint64_t restores = 0;  // restoreCwnd: exits from recovery that raised cwnd
  double measureFrom = 0;
  // Over [measureFrom, end], per ACK: the ack-aggregation term (packets), RTprop (s).
  double aggrSum = 0, rtPropSum = 0;
  uint64_t acks = 0, rtPropAcks = 0;
  uint64_t rawSeen = 0, rawFed = 0;  // rawRtt: samples rebuilt, and handed to TcpBbr

 private:
  ns3::Time ackElapsed{ns3::Seconds(0)}, seenPriorTime{ns3::Seconds(0)};
  uint32_t seenPriorDelivered = 0;
  double rateDelivered = 0, rateInterval = 0;
  ns3::DataRate lastRate{0};
  ns3::Time pendingRaw{ns3::Seconds(-1)}, pendingAt{ns3::Seconds(-1)};
  bool feeding = false;
};

}  // namespace bl

#endif
