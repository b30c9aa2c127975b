// A TCP sender with an infinite backlog (FTP), in packet-numbered sequence space: seq is the
// packet number, every data packet is cfg.packetSize bytes, and an ACK carries the cumulative
// next-expected seq plus up to three SACK blocks.
//
// The sender owns sequence numbers, loss recovery and the retransmission timer; the window
// rule (slow start, congestion avoidance, the decrease on loss) is the CongestionControl
// module's. Loss recovery is one of
//   Reno    RFC 5681: fast retransmit on the third duplicate ACK, fast recovery with window
//           inflation, exit (deflating to ssthresh) on the first ACK of new data;
//   NewReno RFC 6582: the same, but partial ACKs retransmit the next hole and recovery lasts
//           until the ACK covers `recover` (the Impatient variant: only the first partial
//           ACK restarts the timer; the Careful variant: a new recovery needs an ACK beyond
//           `recover`, as ns-2 with its default bugFix_);
//   Sack    RFC 6675: a scoreboard of SACKed packets, IsLost with DupThresh = 3, the pipe
//           estimate and NextSeg rules 1-3 (no rescue retransmission); a duplicate ACK is one
//           that SACKs new data (section 2; sackDupAck = AnyDup: RFC 5681's, as ns-2's Sack1).
// The timer follows RFC 6298 (Karn's rule, exponential back-off kept until a valid sample):
// started when data is sent and it is not running (5.1), restarted on every new ACK (5.3).
// rtoRestart = FastRetransmit (default) also restarts it when the fast retransmission, or in
// SACK recovery a retransmission of the head of the retransmission queue (snd_una), is sent,
// as ns-2's dupack_action (reset_rtx_timer) and Linux's tcp_xmit_retransmit_queue do;
// NewAck leaves the deadline at "last new ACK + RTO". The RTO value is RFC 6298's
// max(minRto, SRTT + max(G, 4 RTTVAR)) or, with rtoFormula = Linux, SRTT + max(4 RTTVAR,
// minRto) (Linux keeps its RTTVAR at least tcp_rto_min). rtoBackoffReset = OnNewAck drops the
// back-off on every new ACK instead, as ns-3.37 does. See docs/tcp.md.
// On a timeout the sender goes back to snd_una (go-back-N) with cwnd = 1; ssthresh comes from
// the module unless the same segment timed out before (RFC 5681 section 4) or the timeout
// ends a fast recovery (that window was already reduced once, and FlightSize, inflated by the
// new data clocked out by dupacks, would undo the reduction). With SACK the scoreboard is
// cleared on a timeout (sackAfterRto = Forget, RFC 2018 section 8, ns-2's ClearScoreBoard)
// and rebuilt from the SACK blocks of later ACKs, or kept (Keep: RFC 6675 section 5.1 allows
// it, Linux does it unless it suspects reneging), in which case going back skips SACKed
// packets. FlightSize, handed to the module as inFlight, is snd_nxt - snd_una (= snd_max -
// snd_una except during go-back-N).
// Limited transmit (RFC 3042, on by default as in ns-2's singledup_ and Linux): each of the
// first dupThresh - 1 duplicate ACKs outside recovery sends one packet beyond cwnd (up to
// cwnd + 2), so a small window still collects the duplicate ACKs fast retransmit needs; those
// packets are left out of the FlightSize that sets ssthresh (RFC 5681 section 3.2 step 2).
// SACK recovery sets cwnd to ssthresh (at least 2 packets) as RFC 6675 does; recoveryCwnd =
// Ns2Sack1 instead halves the window as ns-2's Sack1 (below 2 for a window below 4) and keeps
// it after the recovery (see docs/tcp.md, "Window after a fast recovery").
// Not modelled: the SYN handshake, byte-level segments.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "cc/congestion_control.h"
#include "core/flow_stats.h"
#include "core/packet.h"
#include "core/scheduler.h"
#include "core/time.h"
#include "tcp/seq_ranges.h"

namespace bl {

class Simulation;

struct TcpConfig {
  enum Recovery { Reno, NewReno, Sack };
  Recovery recovery = NewReno;
  uint32_t packetSize = 1000;    // bytes per data packet
  double initialCwnd = 2;        // packets
  double initialSsthresh = 1e9;  // packets ("infinite", RFC 5681 3.1)
  double rwnd = 10000;           // receiver window, packets
  SimTime minRto = 200 * kMillisecond;
  SimTime maxRto = 60 * kSecond;
  SimTime initialRto = 1 * kSecond;
  SimTime clockGranularity = 1 * kMillisecond;  // G of RFC 6298
  uint32_t dupThresh = 3;
  bool limitedTransmit = true;  // RFC 3042
  enum RtoRestart { RestartOnFastRetransmit, RestartOnNewAckOnly };
  RtoRestart rtoRestart = RestartOnFastRetransmit;
  enum RtoFormula { Rfc6298, Linux };
  RtoFormula rtoFormula = Rfc6298;
  // When the exponential back-off ends: KeepUntilSample (RFC 6298 5.5 with section 3's Karn
  // rule, as Linux's tcp_ack_update_rtt: the doubled RTO stays until an ACK gives a valid RTT
  // sample) or OnNewAck (ns-3.37's TcpSocketBase::NewAck: every restart of the timer on a new
  // ACK takes the RTO from SRTT and RTTVAR again, so the back-off is dropped on the first new
  // ACK even when it covers a retransmission and gives no sample). A research switch.
  enum RtoBackoffReset { KeepUntilSample, OnNewAck };
  RtoBackoffReset rtoBackoffReset = KeepUntilSample;
  // SACK: which ACKs count as duplicates (fast retransmit, limited transmit): NewSack, only one
  // that SACKs data not SACKed before (RFC 6675 section 2; Linux counts SACKed segments, ns-3.37
  // isDupack = scoreboardUpdated), or AnyDup, every ACK that acknowledges nothing new (RFC 5681's
  // definition, as ns-2's Sack1; a research switch). Without SACK RFC 5681's is the only rule.
  enum SackDupAck { AnyDup, NewSack };
  SackDupAck sackDupAck = NewSack;
  bool sackForgetOnRto = true;  // RFC 2018 section 8 (ns-2); false: keep the scoreboard
  // cwnd in and after a SACK fast recovery: Ssthresh (RFC 6675 4.2, RFC 5681 3.2 step 6:
  // cwnd = ssthresh, at least 2) or Ns2Sack1 (ns-2 2.35's Sack1TcpAgent::dupack_action,
  // slowdown(CLOSE_SSTHRESH_HALF|CLOSE_CWND_HALF) with its default precisionReduce_: cwnd =
  // min(cwnd, rwnd) / 2, ssthresh = max(int(that), 2), and cwnd left there when the recovery
  // ends, so a window below 4 goes on below 2, in slow start). AIMD only.
  enum RecoveryCwnd { Ssthresh, Ns2Sack1 };
  RecoveryCwnd recoveryCwnd = Ssthresh;
  bool ecn = false;  // RFC 3168: send ECT, react to ECE once per window
  // Which ECN-capable codepoint data packets carry: Auto (ECT(1) if the module asks for AccECN,
  // i.e. is a scalable L4S one, else ECT(0)), Ect0 (classic ECN, RFC 3168) or Ect1 (the L4S
  // identifier, RFC 9331: a DualQ AQM puts it in its L4S queue).
  enum EctCodepoint { EctAuto, Ect0, Ect1 };
  EctCodepoint ect = EctAuto;
  // Window growth around an ECN reduction. Both follow RFC 3168 6.1.2 (no growth on an ACK
  // carrying ECE). Cwr (Linux's CWR state, as ns-3.37's CA_CWR): nor on any ACK until one
  // covers a packet sent after the reduction. Ns2 (ns-2 2.35's TcpAgent::recv_newack_helper
  // with old_ecn_ 0): ACKs without ECE grow the window as usual, also in that round.
  enum EcnGrowth { Cwr, Ns2Ecn };
  EcnGrowth ecnGrowth = Cwr;
  // Pacing: new packets leave at most at the pacing rate, the module's (BBR) or else
  // 2 x cwnd / srtt in slow start and 1.2 x cwnd / srtt after (Linux's defaults).
  bool pacing = false;
  // Vegas (Brakmo and Peterson): on a duplicate ACK, retransmit snd_una at once if it has been
  // out longer than the fine-grained timeout (srtt + 4 rttvar, no minRto floor); also check
  // the first two new ACKs after such a retransmission.
  bool vegasRetx = false;
  // TED-driven timeout (Baldi and Vesco): RTO = deadlineRtoBase + deadlineRtoHops x the flow's
  // deadline + max(cwnd, outstanding) x deadlineRtoBurst, the largest RTT TED lets a delivered
  // packet see (the last term: the sender's own packets queued at its first, non-TED hop),
  // doubled per timeout of the same segment; 0 hops: off.
  SimTime deadlineRtoBase = 0;
  double deadlineRtoHops = 0;
  SimTime deadlineRtoBurst = 0;
};

class TcpSender : public PacketSink, public EventHandler, public FlowProbe {
 public:
  TcpSender(Simulation& sim, int flow, const Route* dataRoute, const TcpConfig& cfg,
            std::unique_ptr<CongestionControl> cc);

  void start();  // begin sending (infinite backlog)
  void stop();   // send no new data; what is outstanding is still recovered
  void scheduleStart(SimTime t);
  void scheduleStop(SimTime t);

  void receive(Packet* ack) override;                  // ACKs; frees them to the pool
  void onEvent(uint32_t kind, uint64_t arg) override;  // timer, start, stop

  // FlowProbe
  double cwnd() const override { return st_.cwnd; }
  double ssthresh() const override { return st_.ssthresh; }
  double srtt() const override { return toSeconds(srtt_); }
  bool active() const override { return active_; }

  double cwndPackets() const { return st_.cwnd; }
  // ACKs carrying ECE, outside loss recovery, after which cwnd was larger than before (RFC 3168
  // 6.1.2 says none; tests/property_test.cpp checks it stays 0). Not in the summary.
  uint64_t eceGrowths() const { return eceGrowths_; }
  // Called with each ACK's rate sample after the module has seen it (modules that own the
  // window; tests/property_test.cpp compares BBR's estimate with the samples). Not in the summary.
  void observeRateSamples(std::function<void(const RateSample&)> f) { rateObserver_ = std::move(f); }
  int64_t highestAcked() const { return sndUna_; }  // snd_una: every seq below it is acked
  int64_t nextSeq() const { return sndNxt_; }       // next seq to (re)send in order
  int64_t maxSeq() const { return sndMax_; }        // one past the highest seq ever sent
  int64_t inFlight() const { return sndMax_ - sndUna_; }
  SimTime rto() const { return rto_; }
  SimTime srttTime() const { return srtt_; }
  SimTime rttvar() const { return rttvar_; }
  bool inRecovery() const { return inRecovery_; }
  int64_t sackedPackets() const { return sacked_.total(); }
  int64_t pipe() const;  // RFC 6675 pipe (meaningful with Sack)
  const CcState& ccState() const { return st_; }
  CongestionControl& cc() { return *cc_; }
  const CongestionControl& cc() const { return *cc_; }
  const TcpConfig& config() const { return cfg_; }
  // Live parameters: "rwnd" here, anything else forwarded to the congestion control.
  bool setParam(std::string_view key, double value);

  enum EventKind : uint32_t { kEvRto = 0, kEvStart = 1, kEvStop = 2, kEvPace = 3 };
  double pacingRate() const;  // bit/s, 0 when not pacing (yet)

 private:
  // Per-packet marks in a ring indexed by seq & mask_, valid for [sndUna_, sndMax_).
  static constexpr uint8_t kRetx = 1;       // retransmitted at least once (Karn)
  static constexpr uint8_t kRetxInRec = 2;  // retransmitted in this SACK recovery, unSACKed
  static constexpr uint8_t kDelivered = 4;  // rate sampling: already counted as delivered (SACKed)
  uint8_t& mark(int64_t seq) { return marks_[static_cast<uint64_t>(seq) & mask_]; }
  void reserveSeq(int64_t seq);

  void trySend();
  void sackSend();
  void transmit(int64_t seq);
  void retransmitInRecovery(int64_t seq);
  bool advanceUna(int64_t ack);  // returns true if a retransmitted packet was acked
  void mergeSack(const Packet* ack);
  void updateLossEdge();
  void onNewAck(int64_t acked, bool holdGrowth = false);  // holdGrowth: ECN says no growth on this ACK
  void onDupAck();
  void enterRecovery();
  void onTimeout();
  void rttSample(SimTime r);
  void armTimer();
  void computeRto();
  void rtoFromEstimate();  // rtoBackoffReset = OnNewAck: the RTO without its back-off
  void stopTimer() { rtoDeadline_ = kNever; }
  void syncState();
  void limitedTransmit();
  bool pastRecoveryPoint() const;
  bool fineExpired(int64_t seq) const;   // vegasRetx: seq out longer than srtt + 4 rttvar
  void deadlineRto();                    // deadlineRtoHops > 0: RTO from the deadline bound
  bool ecnAck(int64_t acked, bool ece);  // true if this ACK reduced the window
  bool ecnHoldsGrowth(bool ece) const;   // RFC 3168 6.1.2 and ecnGrowth: no growth on this ACK
  bool paceWait();                       // true if pacing holds the next packet (timer armed)
  void delivered(int64_t seq);           // rate sampling: seq was newly delivered
  void rateSample(uint32_t newly, int64_t priorInFlight, bool lossSeen, SimTime rtt);

  Simulation& sim_;
  int flow_;
  const Route* route_;
  TcpConfig cfg_;
  std::unique_ptr<CongestionControl> cc_;
  CcState st_;

  int64_t sndUna_ = 0, sndNxt_ = 0, sndMax_ = 0;
  bool active_ = false;
  bool inRecovery_ = false;
  bool firstPartial_ = false;
  int64_t recover_ = -1;  // NewReno "recover" / SACK RecoveryPoint, as one past the last seq
  uint32_t dupAcks_ = 0;
  int64_t limitedSent_ = 0;  // packets sent by limited transmit since the last new ACK

  SimTime srtt_ = 0, rttvar_ = 0, rto_;
  bool haveRtt_ = false;
  uint32_t backoffs_ = 0;  // timeouts since snd_una last advanced
  SimTime rtoDeadline_ = kNever, rtoEventAt_ = kNever;
  uint64_t rtoGen_ = 0;

  SeqRanges sacked_;
  int64_t highRxt_ = -1;
  int64_t lossEdge_ = 0;  // every unSACKed seq below it is lost (IsLost)
  int64_t lostOut_ = 0;
  // Rate sampling: packets ever marked lost (each once, below lostCountedTo_), and the count
  // before the current ACK.
  int64_t cLost_ = 0, lostCountedTo_ = 0, lostBefore_ = 0;
  int64_t retransOut_ = 0;

  std::vector<uint8_t> marks_;
  uint64_t mask_ = 0;
  std::vector<SimTime> sentAt_;  // vegasRetx: last send time per seq, same ring as marks_
  uint32_t worried_ = 0;         // vegasRetx: new ACKs still to check after a retransmission
  int64_t ecnRecover_ = -1;      // ECE is ignored until snd_una passes this (once per window)
  int64_t cwrEnd_ = -1;          // ecnGrowth Cwr: no growth until snd_una passes this
  uint64_t eceGrowths_ = 0;      // see eceGrowths()
  SimTime nextSend_ = 0;         // pacing: earliest time for the next packet
  bool pacePending_ = false;
  // Delivery-rate sampling (modules that own the window): per packet, in the marks_ ring.
  struct SendRec {
    SimTime sent = 0, deliveredTime = 0, firstSent = 0;
    int64_t delivered = 0;
    bool appLimited = false;
  };
  bool rate_ = false;
  std::vector<SendRec> recs_;
  int64_t cDelivered_ = 0;
  SimTime cDeliveredTime_ = 0, cFirstSent_ = 0;
  RateSample rs_;
  std::function<void(const RateSample&)> rateObserver_;  // see observeRateSamples
  SimTime rsSendElapsed_ = 0, rsAckElapsed_ = 0;
  bool rsAppLimited_ = false;  // the sample's packet was sent app-limited
  SimTime lastRtt_ = -1;
  bool cwrPending_ = false;  // set CWR on the next new data packet
  bool ect1_ = false;        // ECN-capable packets carry ECT(1) (TcpConfig::ect)
  uint32_t ceSeen_ = 0;      // AccECN: CE packets the receiver's counter has reported (s.cep)
  uint32_t cePending_ = 0;   // ... not yet passed to the module with an ACK of new data
};

}  // namespace bl
