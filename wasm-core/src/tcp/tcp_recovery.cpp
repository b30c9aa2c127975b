// Loss recovery of the TCP sender (tcp_sender.h): the SACK scoreboard and pipe (RFC 6675),
// duplicate ACKs, fast retransmit and recovery (RFC 5681, NewReno RFC 6582), limited transmit
// (RFC 3042) and the retransmission timeout. The sending, ACK and RTT paths are in
// tcp_sender.cpp.
#include <algorithm>
#include <cmath>

#include "core/simulation.h"
#include "tcp/tcp_sender.h"

namespace bl {

void TcpSender::retransmitInRecovery(int64_t seq) {
  uint8_t& m = mark(seq);
  if (!(m & kRetxInRec)) {
    m |= kRetxInRec;
    ++retransOut_;
  }
  highRxt_ = seq;
  transmit(seq);
  // Linux re-arms the timer when it retransmits the head of the retransmission queue.
  if (seq == sndUna_ && cfg_.rtoRestart == TcpConfig::RestartOnFastRetransmit) armTimer();
}

int64_t TcpSender::pipe() const { return (sndMax_ - sndUna_) - sacked_.total() - lostOut_ + retransOut_; }

// RFC 6675 (C): while cwnd - pipe >= 1 packet, send NextSeg().
void TcpSender::sackSend() {
  const int64_t cw = static_cast<int64_t>(std::floor(st_.cwnd));
  for (int64_t p = pipe(); p < cw; ++p) {
    const int64_t hole = sacked_.nextUncovered(std::max(highRxt_ + 1, sndUna_));
    if (hole < lossEdge_) {  // rule 1: a lost hole
      retransmitInRecovery(hole);
    } else if (active_ && static_cast<double>(sndMax_ - sndUna_) < cfg_.rwnd) {  // rule 2: new data
      if (paceWait()) break;
      transmit(sndMax_);
      sndNxt_ = sndMax_;
    } else if (!sacked_.empty() && hole < sacked_.back().end && hole < sndMax_) {  // rule 3
      retransmitInRecovery(hole);
    } else {
      break;
    }
  }
}

void TcpSender::mergeSack(const Packet* ack) {
  for (uint8_t i = 0; i < ack->nSack && i < kMaxSackBlocks; ++i) {
    const int64_t s = std::max(ack->sackStart[i], sndUna_);
    const int64_t e = std::min(ack->sackEnd[i], sndMax_);
    sacked_.add(s, e, [this](int64_t a, int64_t b) {
      for (int64_t x = a; x < b; ++x) {
        uint8_t& m = mark(x);
        if (rate_ && !(m & kDelivered)) {  // once per packet, even if a forgotten scoreboard SACKs it again
          m |= kDelivered;
          delivered(x);
        }
        if (m & kRetxInRec) {
          m &= static_cast<uint8_t>(~kRetxInRec);
          --retransOut_;
        }
      }
    });
  }
}

// IsLost(seq) holds iff DupThresh packets above seq are SACKed, i.e. iff seq lies below the
// DupThresh-th highest SACKed packet; every unSACKed packet below that edge is lost.
void TcpSender::updateLossEdge() {
  const int64_t k = cfg_.dupThresh;
  if (sacked_.total() >= k) {
    lossEdge_ = sacked_.nthHighest(k);
    lostOut_ = (lossEdge_ - sndUna_) - (sacked_.total() - k);
    if (rate_) {  // count the packets that just became lost (unSACKed, below the new edge) once
      for (int64_t x = std::max(lostCountedTo_, sndUna_); x < lossEdge_; ++x)
        if (!(mark(x) & kDelivered)) ++cLost_;
      lostCountedTo_ = std::max(lostCountedTo_, lossEdge_);
    }
  } else {
    lossEdge_ = sndUna_;
    lostOut_ = 0;
  }
}

bool TcpSender::fineExpired(int64_t seq) const {
  if (!haveRtt_) return false;
  return sim_.now() - sentAt_[static_cast<uint64_t>(seq) & mask_] >= srtt_ + 4 * rttvar_;
}

// May duplicate ACKs start a new fast recovery? Only once the cumulative ACK is past the
// point where the last recovery (or timeout) began. NewReno, RFC 6582 3.2 step 1: the ACK
// must cover more than recover, the highest sequence sent then (sndMax_ - 1 here), so an ACK
// that stops exactly at the first packet sent after it is not enough (the "Careful" variant,
// as ns-2's bugFix_); that packet's loss is left to the timer. SACK, RFC 6675 5.1: HighACK
// >= RecoveryPoint suffices.
bool TcpSender::pastRecoveryPoint() const {
  return cfg_.recovery == TcpConfig::Sack ? sndUna_ >= recover_ : sndUna_ > recover_;
}

void TcpSender::onDupAck() {
  ++dupAcks_;
  if (cfg_.vegasRetx && fineExpired(sndUna_)) {  // Vegas: the timer says it is lost; do not wait
    if (!inRecovery_ && pastRecoveryPoint()) {
      enterRecovery();
    } else {
      transmit(sndUna_);  // a lost retransmission: send it again, no second window cut
    }
    worried_ = 2;
    return;
  }
  if (inRecovery_) {
    if (cfg_.recovery != TcpConfig::Sack && !rate_) st_.cwnd += 1;  // window inflation
    return;
  }
  bool enter = false;
  switch (cfg_.recovery) {
    case TcpConfig::Reno: enter = dupAcks_ == cfg_.dupThresh; break;
    case TcpConfig::NewReno: enter = dupAcks_ == cfg_.dupThresh && pastRecoveryPoint(); break;
    case TcpConfig::Sack:
      enter = (dupAcks_ >= cfg_.dupThresh || sacked_.total() >= cfg_.dupThresh) && pastRecoveryPoint();
      break;
  }
  if (enter) {
    enterRecovery();
  } else if (cfg_.limitedTransmit && dupAcks_ < cfg_.dupThresh) {
    limitedTransmit();
  }
}

// RFC 3042: one packet per duplicate ACK while outstanding data stays within cwnd + the
// duplicate ACKs seen (at most dupThresh - 1) and the receiver window; cwnd is unchanged.
void TcpSender::limitedTransmit() {
  if (cfg_.recovery == TcpConfig::Sack) sndNxt_ = sacked_.nextUncovered(sndNxt_);
  if (sndNxt_ >= sndMax_ && !active_) return;
  const double out = static_cast<double>(sndNxt_ - sndUna_);
  if (out >= std::floor(st_.cwnd) + dupAcks_ || out >= std::floor(cfg_.rwnd)) return;
  transmit(sndNxt_++);
  ++limitedSent_;
}

// RFC 5681 3.2 step 2: "additional data sent in limited transmit MUST NOT be included" in
// the FlightSize that sets ssthresh.
void TcpSender::enterRecovery() {
  syncState();
  st_.inFlight -= static_cast<double>(limitedSent_);
  limitedSent_ = 0;
  // ns-2's halfwin with its default precisionReduce_: half of windowd() = min(cwnd, rwnd).
  const double halfWindow = std::min(st_.cwnd, cfg_.rwnd) / 2;
  st_.ssthresh = cc_->onLossEvent(st_);
  inRecovery_ = true;
  firstPartial_ = true;
  recover_ = sndMax_;
  ecnRecover_ = sndMax_;  // the window is reduced once, for a loss and a mark alike
  cwrEnd_ = -1;           // a loss recovery supersedes the ECN reduction's round (Linux: Recovery over CWR)
  FlowStats& fs = sim_.flow(flow_);
  ++fs.fastRetransmits;
  sim_.event(TraceEvent::FastRetransmit, flow_, -1);
  if (cfg_.recovery == TcpConfig::Sack) {
    if (!rate_) st_.cwnd = st_.ssthresh;                       // RFC 6675 (4.2): no inflation, pipe does the accounting
    if (!rate_ && cfg_.recoveryCwnd == TcpConfig::Ns2Sack1) {  // slowdown(CLOSE_SSTHRESH_HALF|CLOSE_CWND_HALF)
      st_.ssthresh = std::max(std::floor(halfWindow), 2.0);
      st_.cwnd = std::max(1.0, halfWindow);
    }
    retransmitInRecovery(sndUna_);
  } else {
    if (!rate_) st_.cwnd = st_.ssthresh + cfg_.dupThresh;  // RFC 5681 3.2 step 3
    transmit(sndUna_);
    // ns-2's dupack_action: reset_rtx_timer on the fast retransmission.
    if (cfg_.rtoRestart == TcpConfig::RestartOnFastRetransmit) armTimer();
  }
}

void TcpSender::onTimeout() {
  if (sndUna_ >= sndMax_) return;
  FlowStats& fs = sim_.flow(flow_);
  ++fs.timeouts;
  sim_.event(TraceEvent::Timeout, flow_, -1);
  syncState();
  // ssthresh is held when the same segment times out again or a fast recovery ends here.
  if (backoffs_ == 0 && !inRecovery_) st_.ssthresh = cc_->onTimeout(st_);
  st_.cwnd = 1;
  ++backoffs_;
  rto_ = std::min(rto_ * 2, cfg_.maxRto);  // RFC 6298 (5.5)
  inRecovery_ = false;
  dupAcks_ = 0;
  limitedSent_ = 0;
  recover_ = sndMax_;                              // RFC 6582 / RFC 6675 5.1: no fast recovery until this is acked
  if (cfg_.sackForgetOnRto && !sacked_.empty()) {  // RFC 2018 section 8: forget the SACKed bits
    sacked_.clear();
    updateLossEdge();
  }
  ecnRecover_ = sndMax_;
  cwrEnd_ = -1;  // slow start after a timeout grows as usual
  if (retransOut_ > 0) {
    for (int64_t s = sndUna_; s < sndMax_; ++s) mark(s) &= static_cast<uint8_t>(~kRetxInRec);
    retransOut_ = 0;
  }
  highRxt_ = sndUna_ - 1;
  sndNxt_ = sndUna_;  // go-back-N
  rtoDeadline_ = kNever;
  trySend();  // retransmits snd_una and restarts the timer with the backed-off RTO
}

}  // namespace bl
