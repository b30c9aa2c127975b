#include "tcp/tcp_sender.h"

#include <algorithm>
#include <cmath>

#include "core/simulation.h"

namespace bl {

TcpSender::TcpSender(Simulation& sim, int flow, const Route* dataRoute, const TcpConfig& cfg,
                     std::unique_ptr<CongestionControl> cc)
    : sim_(sim), flow_(flow), route_(dataRoute), cfg_(cfg), cc_(std::move(cc)), rto_(cfg.initialRto) {
  st_.cwnd = cfg_.initialCwnd;
  st_.ssthresh = cfg_.initialSsthresh;
  marks_.assign(256, 0);
  mask_ = marks_.size() - 1;
  if (cfg_.vegasRetx) sentAt_.assign(marks_.size(), 0);
  rate_ = cc_->ownsWindow();
  ect1_ = cfg_.ect == TcpConfig::Ect1 || (cfg_.ect == TcpConfig::EctAuto && cc_->accEcn());
  if (rate_) recs_.assign(marks_.size(), SendRec{});
  deadlineRto();
}

void TcpSender::start() {
  active_ = true;
  trySend();
}

void TcpSender::stop() { active_ = false; }

void TcpSender::scheduleStart(SimTime t) { sim_.sched().at(t, this, kEvStart); }
void TcpSender::scheduleStop(SimTime t) { sim_.sched().at(t, this, kEvStop); }

bool TcpSender::setParam(std::string_view key, double value) {
  if (key == "rwnd") {
    if (!(value >= 1)) return false;
    cfg_.rwnd = value;
    trySend();
    return true;
  }
  return cc_->setParam(key, value);
}

void TcpSender::onEvent(uint32_t kind, uint64_t arg) {
  switch (kind) {
    case kEvStart: start(); return;
    case kEvStop: stop(); return;
    case kEvPace:
      pacePending_ = false;
      trySend();
      return;
    case kEvRto:
      if (arg != rtoGen_) return;  // superseded by an earlier event
      rtoEventAt_ = kNever;
      if (rtoDeadline_ == kNever) return;  // stopped
      if (sim_.now() < rtoDeadline_) {     // restarted since: sleep until the new deadline
        rtoEventAt_ = rtoDeadline_;
        sim_.sched().atTimer(rtoDeadline_, this, kEvRto, rtoGen_);
        return;
      }
      onTimeout();
      return;
    default: return;
  }
}

// The timer keeps at most one live event: restarting it only moves rtoDeadline_, and the
// event re-arms itself when it fires early. A new event is needed only when the deadline
// moves before the pending one; the generation makes the older event stale.
void TcpSender::armTimer() {
  deadlineRto();
  rtoDeadline_ = sim_.now() + rto_;
  if (rtoEventAt_ > rtoDeadline_) {
    ++rtoGen_;
    rtoEventAt_ = rtoDeadline_;
    sim_.sched().atTimer(rtoDeadline_, this, kEvRto, rtoGen_);
  }
}

void TcpSender::reserveSeq(int64_t seq) {
  if (static_cast<uint64_t>(seq - sndUna_) <= mask_) return;
  size_t cap = marks_.size();
  while (static_cast<uint64_t>(seq - sndUna_) >= cap) cap *= 2;
  std::vector<uint8_t> grown(cap, 0);
  for (int64_t s = sndUna_; s < sndMax_; ++s) grown[static_cast<uint64_t>(s) & (cap - 1)] = mark(s);
  if (cfg_.vegasRetx) {
    std::vector<SimTime> at(cap, 0);
    for (int64_t s = sndUna_; s < sndMax_; ++s)
      at[static_cast<uint64_t>(s) & (cap - 1)] = sentAt_[static_cast<uint64_t>(s) & mask_];
    sentAt_.swap(at);
  }
  if (rate_) {
    std::vector<SendRec> r(cap);
    for (int64_t s = sndUna_; s < sndMax_; ++s)
      r[static_cast<uint64_t>(s) & (cap - 1)] = recs_[static_cast<uint64_t>(s) & mask_];
    recs_.swap(r);
  }
  marks_.swap(grown);
  mask_ = cap - 1;
}

void TcpSender::transmit(int64_t seq) {
  reserveSeq(seq);
  const bool retx = seq < sndMax_;
  FlowStats& fs = sim_.flow(flow_);
  ++fs.sentPackets;
  if (retx) {
    ++fs.retransmits;
    mark(seq) |= kRetx;
  } else {
    mark(seq) = 0;
    sndMax_ = seq + 1;
  }
  const SimTime now = sim_.now();
  Packet* p = sim_.pool().get();
  p->route = route_;
  p->hop = 0;
  p->kind = PacketKind::Data;
  p->flags = retx ? kFlagRetransmit : 0;
  if (cfg_.ecn && !retx) {  // RFC 3168 6.1.5: retransmissions are not ECN-capable
    p->flags |= kFlagEct;
    p->ect1 = ect1_;
    if (cwrPending_) {
      p->flags |= kFlagCwr;
      cwrPending_ = false;
    }
  }
  p->size = cfg_.packetSize;
  p->flow = flow_;
  p->seq = seq;
  p->tsVal = now;
  p->bornAt = now;
  if (cfg_.vegasRetx) sentAt_[static_cast<uint64_t>(seq) & mask_] = now;
  if (rate_) {
    if (sndMax_ - sndUna_ <= 1 && !retx) cFirstSent_ = cDeliveredTime_ = now;  // nothing else in flight
    SendRec& r = recs_[static_cast<uint64_t>(seq) & mask_];
    r.sent = now;
    r.deliveredTime = cDeliveredTime_;
    r.firstSent = cFirstSent_;
    r.delivered = cDelivered_;
    r.appLimited = st_.appLimited != 0;
  }
  if (cfg_.pacing) {
    const double rate = pacingRate();
    if (rate > 0) nextSend_ = now + txTime(cfg_.packetSize, rate);
  }
  if (rtoDeadline_ == kNever) armTimer();  // RFC 6298 (5.1)
  sim_.forward(p);
}

// Sends what the window allows: from snd_nxt while (snd_nxt - snd_una) < min(cwnd, rwnd).
// Below snd_max that is go-back-N after a timeout (SACKed packets skipped).
void TcpSender::trySend() {
  if (inRecovery_ && cfg_.recovery == TcpConfig::Sack) {
    sackSend();
    return;
  }
  const int64_t win = std::max<int64_t>(1, static_cast<int64_t>(std::min(std::floor(st_.cwnd), std::floor(cfg_.rwnd))));
  for (;;) {
    if (cfg_.recovery == TcpConfig::Sack) sndNxt_ = sacked_.nextUncovered(sndNxt_);
    if (sndNxt_ - sndUna_ >= win) break;
    if (sndNxt_ >= sndMax_ && !active_) break;
    if (paceWait()) break;
    transmit(sndNxt_++);
  }
}

// The module's pacing rate, or Linux's default: 2 (slow start) or 1.2 x cwnd per srtt.
double TcpSender::pacingRate() const {
  if (!cfg_.pacing) return 0;
  if (st_.pacingRate > 0) return st_.pacingRate;
  if (!haveRtt_ || srtt_ <= 0) return 0;
  const double ratio = st_.cwnd < st_.ssthresh / 2 ? 2.0 : 1.2;
  return ratio * st_.cwnd * cfg_.packetSize * 8 / toSeconds(srtt_);
}

bool TcpSender::paceWait() {
  if (!cfg_.pacing || sim_.now() >= nextSend_) return false;
  if (!pacePending_) {
    pacePending_ = true;
    // A timer: an ACK arriving at the same instant is seen first, whenever either was scheduled
    // (an ACK taken ahead of time is scheduled sooner than one handed on link by link, so with
    // the plain order the two ways of running a scenario differed, scenario_test.cpp).
    sim_.sched().atTimer(nextSend_, this, kEvPace);
  }
  return true;
}

// Cumulative ACK: forgets marks and SACK state below `ack`.
bool TcpSender::advanceUna(int64_t ack) {
  bool karn = false;
  for (int64_t s = sndUna_; s < ack; ++s) {
    uint8_t& m = mark(s);
    if (rate_ && !(m & kDelivered)) delivered(s);
    karn |= (m & kRetx) != 0;
    if (m & kRetxInRec) --retransOut_;
    m = 0;
  }
  sacked_.removeBelow(ack);
  sndUna_ = ack;
  if (sndNxt_ < ack) sndNxt_ = ack;
  return karn;
}

// FlightSize (RFC 5681), what the congestion control halves: snd_nxt - snd_una, which is
// snd_max - snd_una except during go-back-N after a timeout, when data above the go-back
// pointer is no longer in the network.
void TcpSender::syncState() {
  st_.now = sim_.now();
  st_.inFlight = static_cast<double>(sndNxt_ - sndUna_);
  st_.una = sndUna_;
  st_.nxt = sndMax_;
  st_.inRecovery = inRecovery_;
  st_.pipe = inRecovery_ && cfg_.recovery == TcpConfig::Sack ? static_cast<double>(pipe()) : st_.inFlight;
}

// Rate sampling (draft-cheng-iccrg-delivery-rate-estimation 3.3): each newly delivered packet
// advances C.delivered; the most recently sent of them fixes the sample's start.
void TcpSender::delivered(int64_t seq) {
  const SimTime now = sim_.now();
  const SendRec& r = recs_[static_cast<uint64_t>(seq) & mask_];
  ++cDelivered_;
  cDeliveredTime_ = now;
  if (rs_.priorDelivered < 0 || r.delivered > rs_.priorDelivered) {
    rs_.priorDelivered = r.delivered;
    rsSendElapsed_ = r.sent - r.firstSent;
    rsAckElapsed_ = now - r.deliveredTime;
    cFirstSent_ = r.sent;
    rsAppLimited_ = r.appLimited;
  }
}

void TcpSender::rateSample(uint32_t newly, int64_t priorInFlight, bool lossSeen, SimTime rtt) {
  syncState();
  RateSample rs;
  rs.newlyAcked = newly;
  rs.deliveredTotal = cDelivered_;
  rs.priorInFlight = priorInFlight;
  rs.lossSeen = lossSeen;
  rs.rtt = rtt;
  rs.losses = cLost_ - lostBefore_;
  if (st_.appLimited != 0 && cDelivered_ > st_.appLimited) st_.appLimited = 0;  // the bubble is delivered
  if (newly > 0 && rs_.priorDelivered >= 0) {
    rs.appLimited = rsAppLimited_;
    rs.priorDelivered = rs_.priorDelivered;
    rs.delivered = cDelivered_ - rs_.priorDelivered;
    rs.interval = std::max(rsSendElapsed_, rsAckElapsed_);
    if (st_.minRtt > 0 && rs.interval < st_.minRtt) rs.interval = 0;  // too short to trust (as Linux)
  }
  cc_->onRateSample(st_, rs);
  if (rateObserver_) rateObserver_(rs);
}

void TcpSender::receive(Packet* p) {
  const int64_t ack = p->seq;
  if (p->kind != PacketKind::Ack || ack < sndUna_ || ack > sndMax_) {  // stale or not an ACK
    sim_.pool().put(p);
    return;
  }
  const SimTime echoed = p->tsEcr;
  // The marks this ACK reports: AccECN's counter moved by (ACE - what we counted) mod 8 (no
  // wrap protection: an ACK here covers few packets unless ACKs are lost); else the ECE flag.
  if (cfg_.ecn && cc_->accEcn()) {
    const auto ceNew = static_cast<uint32_t>((p->ace - ceSeen_) & 7);
    ceSeen_ += ceNew;
    cePending_ += ceNew;
  }
  const bool ece = cc_->accEcn() ? cePending_ > 0 : (p->flags & kFlagEce) != 0;
  const int64_t priorInFlight = sndMax_ - sndUna_ - sacked_.total();
  const int64_t deliveredBefore = cDelivered_;
  const bool wasInRecovery = inRecovery_;
  if (rate_) {
    rs_.priorDelivered = -1;
    lastRtt_ = -1;
    lostBefore_ = cLost_;
  }
  const int64_t acked = ack - sndUna_;
  const bool karn = acked > 0 && advanceUna(ack);
  const int64_t sackedBefore = sacked_.total();
  if (cfg_.recovery == TcpConfig::Sack) {
    mergeSack(p);
    updateLossEdge();
  }
  // RFC 6675 section 2: with SACK, a duplicate ACK is one that SACKs new data (sackDupAck).
  const bool dupAck =
      cfg_.recovery != TcpConfig::Sack || cfg_.sackDupAck == TcpConfig::AnyDup || sacked_.total() > sackedBefore;
  sim_.pool().put(p);
  if (acked > 0) {
    const double cwndBefore = st_.cwnd;
    if (!karn) rttSample(sim_.now() - echoed);  // Karn: no sample if a retransmission was acked
    if (cfg_.ecn) ecnAck(acked, ece);
    onNewAck(acked, cfg_.ecn && ecnHoldsGrowth(ece));
    // The property suite's check of RFC 3168 6.1.2 (one comparison per ACK): outside loss
    // recovery an ACK carrying ECE never leaves the window larger than it found it.
    if (ece && !wasInRecovery && !inRecovery_ && !rate_ && st_.cwnd > cwndBefore) ++eceGrowths_;
  } else if (sndMax_ > sndUna_ && dupAck) {
    onDupAck();
  }
  if (rate_)
    rateSample(static_cast<uint32_t>(cDelivered_ - deliveredBefore), priorInFlight, inRecovery_ && !wasInRecovery,
               lastRtt_);
  trySend();
}

// ECN: the module sees every ACK and whether it echoed CE; an ECE outside loss recovery, for
// a packet sent after the last reduction, reduces the window once (RFC 3168 6.1.2: cwnd and
// ssthresh to the module's value, no retransmission) and sets CWR on the next new packet.
bool TcpSender::ecnAck(int64_t acked, bool ece) {
  syncState();
  uint32_t marked = ece ? static_cast<uint32_t>(acked) : 0;
  if (cc_->accEcn()) {  // the CE packets counted since the last ACK of new data (some on duplicate ACKs)
    marked = cePending_;
    cePending_ = 0;
  }
  cc_->onEcn(st_, static_cast<uint32_t>(acked), marked);
  if (!ece || inRecovery_ || sndUna_ <= ecnRecover_) return false;
  st_.ssthresh = cc_->onEcnEcho(st_);
  // The window comes down to ssthresh, never up to it: with cwnd 1 (after a timeout) a module's
  // floor of 2 would otherwise raise it on the ECE (RFC 3168 6.1.2 keeps cwnd at 1 there).
  st_.cwnd = std::min(st_.cwnd, std::max(1.0, st_.ssthresh));
  ecnRecover_ = sndMax_;
  cwrEnd_ = sndMax_;
  cwrPending_ = true;
  ++sim_.flow(flow_).ecnReductions;
  return true;
}

// RFC 3168 6.1.2: the sender SHOULD NOT increase cwnd in response to an ACK carrying ECE (as
// Linux, ns-3.37 and ns-2); with ecnGrowth Cwr (the default) nor on any ACK until one covers a
// packet sent after the reduction (Linux's CWR state ends when snd_una passes high_seq; the ACK
// that ends it may grow). Before 2026-11-28 every ACK but the one that reduced grew the window.
bool TcpSender::ecnHoldsGrowth(bool ece) const {
  return ece || (cfg_.ecnGrowth == TcpConfig::Cwr && sndUna_ <= cwrEnd_);
}

void TcpSender::onNewAck(int64_t acked, bool holdGrowth) {
  backoffs_ = 0;
  dupAcks_ = 0;
  limitedSent_ = 0;
  syncState();
  bool restartTimer = true;
  if (!inRecovery_) {
    if (!holdGrowth && !rate_) cc_->onAck(st_, static_cast<uint32_t>(acked));
  } else if (cfg_.recovery == TcpConfig::Reno || sndUna_ >= recover_) {
    inRecovery_ = false;  // Reno: first new ACK; NewReno/SACK: full ACK. Deflate.
    // ns-2's Sack1 leaves cwnd where dupack_action put it (below ssthresh: slow start).
    const bool keep = cfg_.recovery == TcpConfig::Sack && cfg_.recoveryCwnd == TcpConfig::Ns2Sack1;
    if (!rate_ && !keep) st_.cwnd = st_.ssthresh;
  } else if (cfg_.recovery == TcpConfig::NewReno) {
    // RFC 6582 3.2 step 3, partial ACK: retransmit the next hole, deflate by the amount
    // acked and add back one packet; only the first partial ACK restarts the timer.
    if (!rate_) st_.cwnd = std::max(1.0, st_.cwnd - static_cast<double>(acked) + 1.0);
    transmit(sndUna_);
    restartTimer = firstPartial_;
    firstPartial_ = false;
  }
  if (worried_ > 0) {  // Vegas: the first two new ACKs after a retransmission check snd_una too
    --worried_;
    if (sndUna_ < sndMax_ && fineExpired(sndUna_))
      transmit(sndUna_);
    else
      worried_ = 0;
  }
  if (restartTimer && cfg_.rtoBackoffReset == TcpConfig::OnNewAck) rtoFromEstimate();
  if (sndUna_ == sndMax_) {
    stopTimer();  // RFC 6298 (5.2)
  } else if (restartTimer) {
    armTimer();  // RFC 6298 (5.3)
  }
}

// TED: a delivered packet waits at most hops x deadline in TED queues, so no RTT exceeds the
// path's empty-queue RTT plus that plus the wait behind the sender's own outstanding packets
// at its first hop; the timer is set to this bound each time it starts, doubled for each
// timeout of the same segment.
void TcpSender::deadlineRto() {
  if (cfg_.deadlineRtoHops <= 0) return;
  const double d = sim_.attrs(flow_).deadline;
  if (std::isnan(d)) return;
  const int64_t queued = std::max(static_cast<int64_t>(std::ceil(st_.cwnd)), sndMax_ - sndUna_);
  const SimTime bound = cfg_.deadlineRtoBase + fromSeconds(cfg_.deadlineRtoHops * d) + queued * cfg_.deadlineRtoBurst;
  rto_ = std::min(bound << std::min<uint32_t>(backoffs_, 16), cfg_.maxRto);  // doubled per timeout, as RFC 6298
}

// RFC 6298 (2.4) with K = 4 and (2.4)'s minimum as a floor: max(minRto, SRTT + max(G, 4
// RTTVAR)); Linux: SRTT + max(4 RTTVAR, minRto) (its rttvar never drops below tcp_rto_min).
// Both capped at maxRto.
void TcpSender::computeRto() {
  if (cfg_.rtoFormula == TcpConfig::Linux) {
    rto_ = std::min(srtt_ + std::max(4 * rttvar_, cfg_.minRto), cfg_.maxRto);
  } else {
    rto_ = std::clamp(srtt_ + std::max(cfg_.clockGranularity, 4 * rttvar_), cfg_.minRto, cfg_.maxRto);
  }
}

// ns-3.37's NewAck: the RTO from the current SRTT and RTTVAR (before any sample, from its RTT
// estimator's initial state, i.e. the initial RTO), whatever the timeouts since.
void TcpSender::rtoFromEstimate() {
  if (haveRtt_)
    computeRto();
  else
    rto_ = cfg_.initialRto;
  deadlineRto();
}

// RFC 6298 (2.2)-(2.3).
void TcpSender::rttSample(SimTime r) {
  if (r < 0) r = 0;
  if (!haveRtt_) {
    srtt_ = r;
    rttvar_ = r / 2;
    haveRtt_ = true;
    st_.minRtt = r;
  } else {
    const SimTime err = srtt_ > r ? srtt_ - r : r - srtt_;
    rttvar_ = (3 * rttvar_ + err) / 4;
    srtt_ = (7 * srtt_ + r) / 8;
    st_.minRtt = std::min(st_.minRtt, r);
  }
  computeRto();
  deadlineRto();
  st_.srtt = srtt_;
  st_.lastRtt = r;
  lastRtt_ = r;
  syncState();
  cc_->onRttSample(st_, r);
}

}  // namespace bl
