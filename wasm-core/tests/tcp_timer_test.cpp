// TCP retransmission timer: timeouts, when the timer restarts, the RTO formulas, the SACK
// scoreboard over a timeout, exponential backoff and Karn's rule. Harness and shared scenario: tcp_fixture.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "tcp_fixture.h"

namespace bl {
namespace tcp_timer_test {

using namespace tcptest;

// A lost fast retransmission (seq 20 dropped twice). Recovery clocks out 14 new packets per
// RTT on dupacks (Reno/NewReno through inflation, SACK through pipe) until the RTO armed by
// the last new ACK (t=120) fires at t=320. ssthresh is kept at 15: that window was already
// reduced. The retransmission of 20 then makes the ACK jump to 92 at t=380 and slow start
// (cwnd 1 + 2) sends 92..94. In between, the dupacks for 78..91 arrive (t=360):
//  - NewReno ignores them, they cover less than recover = 92 (RFC 6582);
//  - Reno takes them for a new loss: a second fast retransmit with ssthresh =
//    max(FlightSize 1 / 2, 2) = 2 and cwnd 5 inflated to 16, which resends 21..35 (go-back-N
//    from snd_nxt = 21), 18 retransmissions in all; the ACK 92 leaves cwnd = 2 (sending 92, 93);
//  - SACK told to keep its scoreboard over the timeout (sackAfterRto keep) skips the 57
//    SACKed packets when going back (SackForgetsScoreboardOnTimeout covers the default).
TEST(TcpTimer, TimeoutAfterLostRetransmission) {
  struct Case {
    TcpConfig::Recovery mode;
    int64_t nextAfterRto, sackedAfterRto;
    double cwnd, ssthresh;
    int64_t max;
    uint64_t fastRetransmits, retransmits;
  };
  for (const Case& c : {Case{TcpConfig::Reno, 21, 0, 2, 2, 94, 2, 18}, Case{TcpConfig::NewReno, 21, 0, 3, 15, 95, 1, 2},
                        Case{TcpConfig::Sack, 78, 57, 3, 15, 95, 1, 2}}) {
    SCOPED_TRACE(testing::Message() << "mode " << c.mode);
    TcpConfig cfg = config(c.mode, 10);
    cfg.sackForgetOnRto = false;
    Harness h(cfg, kRtt / 2);
    h.fwd.drops = {{20, 2}};
    h.snd.start();
    h.runUntil(330 * ms);
    EXPECT_EQ(h.fs().timeouts, 1u);
    EXPECT_EQ(h.snd.ssthresh(), 15);
    EXPECT_EQ(h.snd.maxSeq(), 92);
    EXPECT_EQ(h.snd.nextSeq(), c.nextAfterRto);
    EXPECT_EQ(h.snd.sackedPackets(), c.sackedAfterRto);
    h.runUntil(390 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 92);
    EXPECT_EQ(h.snd.maxSeq(), c.max);
    EXPECT_EQ(h.snd.cwndPackets(), c.cwnd);
    EXPECT_EQ(h.snd.ssthresh(), c.ssthresh);
    EXPECT_EQ(h.fs().fastRetransmits, c.fastRetransmits);
    EXPECT_EQ(h.fs().retransmits, c.retransmits);
    EXPECT_EQ(h.fs().timeouts, 1u);
  }
}

// When the timer restarts. Scenario (a) with seq 29, the last packet of the t=60 burst, lost
// twice. At t=120 its predecessors' ACKs 11..29 are all new (the timer restarts, RFC 6298 5.3)
// and release 30..67; no duplicate ACK comes until those arrive at t=180, when the third
// triggers the fast retransmission of 29, lost again. Nothing new is acked after that: the
// later dupacks clock out new data (inflation or pipe) but never advance snd_una. Every RTT
// sample is 60 ms, so RTO = max(200, 60 + 4 x 30 at most) = 200 ms.
//  - newAck (RFC 6298 alone): the deadline stays at the last new ACK + RTO = 120 + 200 = 320 ms;
//  - fastRetransmit (ns-2's reset_rtx_timer in dupack_action; Linux re-arms on retransmitting
//    the head, which is what SACK's first retransmission is): 180 + 200 = 380 ms.
// (What Reno does with the dupacks after the timeout is TimeoutAfterLostRetransmission's.)
TEST(TcpTimer, RestartOnFastRetransmission) {
  for (auto mode : {TcpConfig::Reno, TcpConfig::NewReno, TcpConfig::Sack}) {
    for (auto rule : {TcpConfig::RestartOnFastRetransmit, TcpConfig::RestartOnNewAckOnly}) {
      SCOPED_TRACE(testing::Message() << "mode " << mode << " rule " << rule);
      TcpConfig cfg = config(mode, 10);
      cfg.rtoRestart = rule;
      Harness h(cfg, kRtt / 2);
      h.fwd.drops = {{29, 2}};
      h.snd.start();
      h.runUntil(150 * ms);
      EXPECT_EQ(h.snd.highestAcked(), 29);
      EXPECT_EQ(h.snd.maxSeq(), 68);
      EXPECT_EQ(h.snd.rto(), 200 * ms);
      EXPECT_EQ(h.fs().fastRetransmits, 0u);
      SimTime firstTimeout = -1;
      uint64_t fastRetransmitsBefore = 0;
      while (firstTimeout < 0 && h.sim.sched().runOne(2 * kSecond))
        if (h.fs().timeouts > 0) firstTimeout = h.sim.now();
      fastRetransmitsBefore = h.fs().fastRetransmits;
      EXPECT_EQ(fastRetransmitsBefore, 1u);
      EXPECT_EQ(firstTimeout, rule == TcpConfig::RestartOnFastRetransmit ? 380 * ms : 320 * ms);
      EXPECT_EQ(h.snd.highestAcked(), 29);
    }
  }
}

// RTO formulas, rwnd 1 so one 100 ms sample per RTT arrives at t = 100 k ms. RTTVAR starts at
// 50 ms and each equal sample multiplies it by 3/4: 50, 37.5, 28.125, 21.09375 ms.
//   RFC 6298, max(200, SRTT + 4 RTTVAR):   300, 250, 212.5, then 200 (184.375 < 200).
//   Linux, SRTT + max(4 RTTVAR, 200):      300, 300, 300, 300 (4 RTTVAR <= 200 from the 1st).
TEST(TcpTimer, RtoFormulaRfc6298AndLinux) {
  const SimTime us = kMicrosecond;
  const SimTime rfc[] = {300 * ms, 250 * ms, 212500 * us, 200 * ms};
  for (auto f : {TcpConfig::Rfc6298, TcpConfig::Linux}) {
    SCOPED_TRACE(testing::Message() << "formula " << f);
    TcpConfig cfg = config(TcpConfig::NewReno, 1, 1);
    cfg.rtoFormula = f;
    Harness h(cfg);
    h.snd.start();
    for (int k = 1; k <= 4; ++k) {
      h.runUntil(k * 100 * ms + 10 * ms);
      EXPECT_EQ(h.snd.highestAcked(), k);
      EXPECT_EQ(h.snd.srttTime(), 100 * ms);
      EXPECT_EQ(h.snd.rto(), f == TcpConfig::Rfc6298 ? rfc[k - 1] : 300 * ms) << "sample " << k;
    }
  }
}

// sackAfterRto, the lost-retransmission scenario of TimeoutAfterLostRetransmission under SACK:
// at the timeout (t=320) 57 packets (21..77) are SACKed. forget (RFC 2018 section 8, ns-2's
// ClearScoreBoard) empties the scoreboard, so go-back-N resends 20 and next in order is 21;
// keep skips to the first unSACKed packet, 78. The dupacks for 78..91 at t=360 rebuild the
// scoreboard (their first SACK block covers 21..91) and the ACK 92 of the retransmission at
// t=380 clears it again; both then continue from 92 with one timeout and 2 retransmissions.
TEST(TcpTimer, SackForgetsScoreboardOnTimeout) {
  for (bool forget : {true, false}) {
    SCOPED_TRACE(testing::Message() << "forget " << forget);
    TcpConfig cfg = config(TcpConfig::Sack, 10);
    cfg.sackForgetOnRto = forget;
    Harness h(cfg, kRtt / 2);
    h.fwd.drops = {{20, 2}};
    h.snd.start();
    h.runUntil(310 * ms);
    EXPECT_EQ(h.snd.sackedPackets(), 57);
    h.runUntil(330 * ms);
    EXPECT_EQ(h.fs().timeouts, 1u);
    EXPECT_EQ(h.snd.sackedPackets(), forget ? 0 : 57);
    EXPECT_EQ(h.snd.nextSeq(), forget ? 21 : 78);
    h.runUntil(370 * ms);
    EXPECT_EQ(h.snd.sackedPackets(), 71);
    h.runUntil(390 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 92);
    EXPECT_EQ(h.snd.sackedPackets(), 0);
    EXPECT_EQ(h.fs().retransmits, 2u);
    EXPECT_EQ(h.fs().timeouts, 1u);
  }
}

// (d) Everything from seq 10 on is lost. Ten RTT samples of exactly 100 ms leave RTO at the
// 200 ms floor, armed by the last new ACK at t=300. Timeouts then come 200, 400, 800 ... ms
// apart, doubling up to maxRto = 60 s. ssthresh = 12/2 = 6 at the first timeout and is held
// for the later ones (RFC 5681 section 4, same segment timing out again).
TEST(TcpTimer, RtoBacksOffExponentiallyUpToMax) {
  Harness h(config(TcpConfig::NewReno, 2));
  h.fwd.dropFrom = 10;
  h.snd.start();
  h.runUntil(310 * ms);
  EXPECT_EQ(h.snd.rto(), 200 * ms);
  EXPECT_EQ(h.snd.maxSeq(), 22);
  std::vector<SimTime> at;
  uint64_t seen = 0;
  while (h.sim.sched().runOne(230 * kSecond)) {
    if (h.fs().timeouts != seen) {
      seen = h.fs().timeouts;
      at.push_back(h.sim.now());
      EXPECT_EQ(h.snd.cwndPackets(), 1);
      EXPECT_EQ(h.snd.ssthresh(), 6);
    }
  }
  std::vector<SimTime> expected;
  SimTime t = 300 * ms, rto = 200 * ms;
  while (t + rto <= 230 * kSecond) {
    t += rto;
    expected.push_back(t);
    rto = std::min(2 * rto, 60 * kSecond);
  }
  EXPECT_EQ(at, expected);
  ASSERT_EQ(expected.size(), 11u);
  EXPECT_EQ(h.snd.rto(), 60 * kSecond);
  EXPECT_EQ(h.fs().retransmits, 11u);
  EXPECT_EQ(h.snd.highestAcked(), 10);
}

// (e) Karn: rwnd 1. Seq 0 gives srtt 100 ms, rttvar 50, RTO 300 ms. Seq 1 (sent at 100) is
// lost; the forward delay then grows to 150 ms. The timeout at 400 retransmits it (RTO backs
// off to 600); its ACK at 600 would be a 200 ms sample but is ignored, so srtt and the
// backed-off RTO stay. Seq 2 (sent 600, acked 800) is a valid 200 ms sample: rttvar =
// 3/4*50 + 1/4*100 = 62.5, srtt = 7/8*100 + 1/8*200 = 112.5, RTO = 112.5 + 4*62.5 = 362.5 ms.
TEST(TcpTimer, KarnIgnoresSamplesFromRetransmissions) {
  Harness h(config(TcpConfig::NewReno, 1, 1));
  h.fwd.drops = {{1, 1}};
  h.snd.start();
  h.runUntil(150 * ms);
  EXPECT_EQ(h.snd.srttTime(), 100 * ms);
  EXPECT_EQ(h.snd.rto(), 300 * ms);
  h.runUntil(350 * ms);
  h.fwd.delay = 150 * ms;
  h.runUntil(650 * ms);
  EXPECT_EQ(h.fs().timeouts, 1u);
  EXPECT_EQ(h.snd.highestAcked(), 2);
  EXPECT_EQ(h.snd.srttTime(), 100 * ms);
  EXPECT_EQ(h.snd.rto(), 600 * ms);
  h.runUntil(850 * ms);
  EXPECT_EQ(h.snd.highestAcked(), 3);
  EXPECT_EQ(h.snd.srttTime(), 112500 * kMicrosecond);
  EXPECT_EQ(h.snd.rttvar(), 62500 * kMicrosecond);
  EXPECT_EQ(h.snd.rto(), 362500 * kMicrosecond);
  EXPECT_DOUBLE_EQ(h.snd.srtt(), 0.1125);
}

// rtoBackoffReset, the spurious-timeout loop of docs/validation-ns3.md. rwnd 1, both one-way
// delays 50 ms: seq 0's ACK at 100 gives srtt 100, rttvar 50, RTO 300 ms. From t = 60 the
// forward delay is 350 ms (a deep queue has formed), so the RTT is 400 ms. Seq 1 (sent 100,
// ACK at 500) times out at 400 (RTO backs off to 600) and is retransmitted; the ACK of the
// original at 500 covers a retransmission, so Karn's rule gives no sample, and seq 2 goes out.
//  - karn (RFC 6298): the RTO stays 600 (deadline 1100); seq 2's ACK at 900 is a valid 400 ms
//    sample: rttvar = 3/4 x 50 + 1/4 x 300 = 112.5, srtt = 7/8 x 100 + 1/8 x 400 = 137.5,
//    RTO = 137.5 + 4 x 112.5 = 587.5 ms. Each later sample keeps SRTT + 4 RTTVAR above 400 ms:
//    one timeout in all.
//  - newAck (ns-3.37): the ACK at 500 takes the RTO back to 300 (deadline 800). Seq 2 times
//    out at 800 and is retransmitted; its original's ACK at 900 again gives no sample and
//    again sets 300 ms; and so on: a timeout every RTT (400 ms) from 400 on, every one
//    spurious (each retransmission's duplicate ACK arrives with the next timeout, and changes
//    nothing), SRTT frozen at 100 ms. By 4.85 s: 12 timeouts and 12 retransmissions against 1, and
// in both the originals' ACKs reach 12 (at 4.5 s): rwnd 1 hides the cost, not the duplicates.
TEST(TcpTimer, RtoBackoffResetKarnOrNewAck) {
  for (auto rule : {TcpConfig::KeepUntilSample, TcpConfig::OnNewAck}) {
    SCOPED_TRACE(testing::Message() << "rtoBackoffReset " << rule);
    const bool karn = rule == TcpConfig::KeepUntilSample;
    TcpConfig cfg = config(TcpConfig::NewReno, 1, 1);
    cfg.rtoBackoffReset = rule;
    Harness h(cfg);
    h.snd.start();
    h.runUntil(60 * ms);
    h.fwd.delay = 350 * ms;
    h.runUntil(450 * ms);
    EXPECT_EQ(h.fs().timeouts, 1u);
    EXPECT_EQ(h.snd.rto(), 600 * ms);
    h.runUntil(550 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 2);
    EXPECT_EQ(h.snd.srttTime(), 100 * ms);
    EXPECT_EQ(h.snd.rto(), karn ? 600 * ms : 300 * ms);
    h.runUntil(950 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 3);
    EXPECT_EQ(h.fs().timeouts, karn ? 1u : 2u);
    EXPECT_EQ(h.snd.srttTime(), karn ? 137500 * kMicrosecond : 100 * ms);
    EXPECT_EQ(h.snd.rto(), karn ? 587500 * kMicrosecond : 300 * ms);
    h.runUntil(4850 * ms);
    EXPECT_EQ(h.fs().timeouts, karn ? 1u : 12u);
    EXPECT_EQ(h.fs().retransmits, karn ? 1u : 12u);
    EXPECT_EQ(h.snd.highestAcked(), 12);
  }
}

}  // namespace tcp_timer_test
}  // namespace bl
