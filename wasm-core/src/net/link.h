// A one-way link: a queue discipline in front of a serialiser of `rate` bit/s, then
// `delay` of propagation, with an optional exogenous loss model on the wire.
//
// Fast path (every discipline so far is FIFO and decides at arrival): a packet's departure
// is computed when it is admitted, so it costs one event per hop (its arrival at the far
// end) and an idle link costs nothing. A link whose every packet comes from one upstream
// FIFO link (a flow's own access link) sees its arrivals in the order that link admits
// them, so it takes each packet right then, stamped with its true arrival time, and saves
// the event: same queue, same drops, same draws, one event fewer per packet.
// Arrivals at the far end leave in the order they were admitted, so the link keeps them in
// its own FIFO and only the earliest is in the scheduler: the heap holds one entry per busy
// link, not one per packet in flight. The queue length at any time is the number of admitted
// packets whose transmission has not started yet, kept as a ring of start times; utilisation
// is exact from the running busy time.
#pragma once
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/delay_stats.h"
#include "core/packet.h"
#include "core/scheduler.h"
#include "net/loss_model.h"
#include "net/queue_disc.h"
#include "net/trace.h"

namespace bl {

class Simulation;

class Link : public PacketSink, public EventHandler, private QueueOutput {
 public:
  Link(Simulation& sim, int index, std::string name, double rateBps, SimTime delay, std::unique_ptr<QueueDisc> q);
  ~Link() override;

  void receive(Packet* p) override;
  // A packet arriving at time `at` >= now (ahead of time only for links marked early-ok).
  void arrive(Packet* p, SimTime at);
  void onEvent(uint32_t kind, uint64_t arg) override;

  const std::string& name() const { return name_; }
  int index() const { return index_; }
  double rate() const { return rate_; }
  SimTime delay() const { return delay_; }
  QueueDisc& queue() { return *queue_; }
  const QueueDisc& queue() const { return *queue_; }
  LossModel* loss() { return loss_.get(); }
  const LossModel* loss() const { return loss_.get(); }
  void setLoss(std::unique_ptr<LossModel> m) { loss_ = std::move(m); }
  void setRate(double bps) { rate_ = bps; }

  // A delivery trace (net/trace.h): the link then delivers only at the trace's opportunities,
  // each carrying up to kTraceMtu bytes of the queue's packets in order (a packet's bytes may
  // span opportunities; it leaves at the one that carries its last byte), and an opportunity
  // with nothing queued is lost. Its rate() becomes the trace's mean rate (for utilisation and
  // the queue disciplines that read a rate). Set before the first packet.
  void setTrace(std::shared_ptr<const DeliveryTrace> t);
  const DeliveryTrace* trace() const { return trace_.get(); }

  // Packets waiting at `now` (drops stale entries; call with the current time).
  uint32_t queueLength();
  // Total time the serialiser was busy in [0, t], t <= now + in-flight work. A traced link counts
  // the bytes delivered by t at the trace's mean rate (t must not decrease from call to call).
  SimTime busyUpTo(SimTime t) const {
    return trace_ ? traceBusyUpTo(t) : cumBusy_ - (busyUntil_ > t ? busyUntil_ - t : 0);
  }
  // Integral of the queue length over time, in packet-nanoseconds (FIFO: attributed at
  // admission; scheduled: accumulated as the length changes).
  double waitIntegral() const;
  uint64_t admitted() const { return admitted_; }
  // Sojourn times of admitted packets (time from admission to the start of transmission),
  // kept only for links that ask (the traced ones): FIFO at admission, scheduled at dequeue.
  void enableDelayStats() {
    if (!sojourn_) sojourn_ = std::make_unique<DelayStats>();
  }
  DelayStats* delayStats() { return sojourn_.get(); }
  const DelayStats* delayStats() const { return sojourn_.get(); }

 private:
  // Where an admitted packet goes next when that is an early-ok link: the link and the time it
  // arrives there (next is null when the packet went on this link's wire or was dropped).
  struct Handoff {
    Link* next;
    SimTime at;
  };
  // One link's part of arrive(): admission, then transmit().
  Handoff admit(Packet* p, SimTime now);
  void popStarted(SimTime now);
  QueueState state(SimTime now);
  // Puts an admitted packet on the wire at `start` (>= now): busy time, loss, far end.
  Handoff transmit(Packet* p, SimTime start, SimTime now);
  // Scheduled disciplines: admission, the next departure, and length accounting.
  Handoff admitScheduled(Packet* p, SimTime now);
  void sendNextScheduled();
  void accumulate(SimTime now);
  void discard(Packet* p, DropReason why) override;
  void scheduleUpdate();

  Simulation& sim_;
  int index_;
  std::string name_;
  double rate_;
  SimTime delay_;
  std::unique_ptr<QueueDisc> queue_;
  std::unique_ptr<LossModel> loss_;

  // Start times of admitted packets not yet on the wire: a ring buffer (nondecreasing).
  struct Waiting {
    SimTime start;
    int32_t flow;
  };
  std::vector<Waiting> ring_;
  size_t head_ = 0, count_ = 0;
  bool tracksDepartures_ = false;
  bool scheduled_ = false;
  bool txPending_ = false;  // a departure event is in the scheduler (scheduled mode)
  SimTime lastChange_ = 0;  // scheduled mode: when the length last changed
  // Packets on their way to the far end, in arrival order (times nondecreasing).
  struct InFlight {
    SimTime at;
    Packet* p;
  };
  std::vector<InFlight> wire_;
  size_t wireHead_ = 0, wireCount_ = 0;
  void pushWire(SimTime at, Packet* p);
  void dropAt(Packet* p, DropReason why, SimTime at);
  // Serialisation time of the last packet size seen (most packets share one size).
  uint32_t lastSize_ = 0;
  SimTime lastTx_ = 0;
  double lastRate_ = 0;
  SimTime busyUntil_ = 0;
  SimTime cumBusy_ = 0;
  double waitIntegral_ = 0;
  uint64_t admitted_ = 0;
  std::unique_ptr<DelayStats> sojourn_;
  // Trace-driven service: the opportunity the next byte goes in and the bytes left in it.
  std::shared_ptr<const DeliveryTrace> trace_;
  uint64_t traceNext_ = 0;
  uint32_t traceLeft_ = kTraceMtu;
  SimTime traceDepart_ = 0;  // when the packet being served leaves (its last byte's opportunity)
  // The opportunity a packet arriving at `now` starts in, and its time.
  SimTime traceStart(SimTime now);
  // Serves `size` bytes from the current opportunity on; sets traceDepart_.
  void traceServe(uint32_t size);
  // Packets served but not yet delivered (departure, bytes), and the busy time of those delivered.
  mutable std::deque<std::pair<SimTime, uint32_t>> traceOut_;
  mutable SimTime traceBusy_ = 0;
  SimTime traceBusyUpTo(SimTime t) const;
};

}  // namespace bl
