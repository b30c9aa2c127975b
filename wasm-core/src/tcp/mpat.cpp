#include "tcp/mpat.h"

#include <algorithm>
#include <cmath>

#include "core/simulation.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"

namespace bl {

BL_SPEC_TABLE const SpecList& mpatAggregateSpecs() {
  static const SpecList s = {
      Spec::array("flows", "Member flows").help("Indices of the flows that pool their windows, e.g. [0, 1, 2]."),
      Spec::array("shares", "Shares")
          .help("One weight per member flow (default: the flows' weights); flow i may have x_i = w_i / sum w of the "
                "pooled window outstanding."),
  };
  return s;
}

const ParamSpec& mpatShareSpec() {
  static const ParamSpec s = Spec::number("shares", "Share")
                                 .defaultsTo(1)
                                 .range(0.01, 1000)
                                 .help("Weight of one member flow in its aggregate.");
  return s;
}

namespace {

constexpr int64_t kKeepLabels = 1 << 16;  // labels kept below the cumulative ACK (late duplicates)

// The three places an aggregate hooks into a member's paths.
class MpatTap : public PacketSink {
 public:
  using Where = MpatHook;
  MpatTap(std::shared_ptr<MpatAggregate> agg, size_t win, Where where, Simulation& sim, PacketSink* next)
      : agg_(std::move(agg)), win_(win), where_(where), sim_(sim), next_(next) {}
  void receive(Packet* p) override {
    switch (where_) {
      case Where::Data:
        agg_->onData(win_, p);
        sim_.forward(p);
        return;
      case Where::Ack:
        agg_->onAck(win_, p);
        next_->receive(p);
        return;
      case Where::Arrival: agg_->onArrival(win_, p); return;
    }
  }

 private:
  std::shared_ptr<MpatAggregate> agg_;
  size_t win_;
  Where where_;
  Simulation& sim_;
  PacketSink* next_;
};

}  // namespace

std::unique_ptr<PacketSink> makeMpatTap(std::shared_ptr<MpatAggregate> agg, size_t win, MpatHook where, Simulation& sim,
                                        PacketSink* next) {
  return std::make_unique<MpatTap>(std::move(agg), win, where, sim, next);
}

MpatAggregate::MpatAggregate(Simulation& sim, std::vector<int> members, std::vector<TcpSender*> senders,
                             std::vector<TcpReceiver*> receivers)
    : sim_(sim), members_(std::move(members)), senders_(std::move(senders)), receivers_(std::move(receivers)) {
  win_.resize(members_.size());
  out_.assign(members_.size(), 0);
  wrr_.assign(members_.size(), 0);
}

double MpatAggregate::aggregateWindow() const {
  double c = 0;
  for (const TcpSender* s : senders_)
    if (s->active()) c += s->cwndPackets();
  return c;
}

double MpatAggregate::share(size_t k) const {
  if (!senders_[k]->active()) return 0;
  double sum = 0;
  for (size_t j = 0; j < members_.size(); ++j)
    if (senders_[j]->active()) sum += sim_.attrs(members_[j]).weight;
  return sum > 0 ? sim_.attrs(members_[k]).weight / sum : 0;
}

size_t MpatAggregate::choose() {
  const double c = aggregateWindow();
  std::vector<size_t> open;
  for (size_t k = 0; k < members_.size(); ++k)
    if (senders_[k]->active() && static_cast<double>(out_[k]) < share(k) * c) open.push_back(k);
  if (open.empty()) {  // work-conserving: the member furthest below its allowance
    size_t best = members_.size();
    double room = -1e300;
    for (size_t k = 0; k < members_.size(); ++k) {
      if (!senders_[k]->active()) continue;
      const double r = share(k) * c - static_cast<double>(out_[k]);
      if (r > room) {
        room = r;
        best = k;
      }
    }
    return best;  // == size() only if no member is active
  }
  double total = 0;
  size_t best = open.front();
  for (size_t k : open) {
    const double x = share(k);
    wrr_[k] += x;
    total += x;
    if (wrr_[k] > wrr_[best]) best = k;
  }
  wrr_[best] -= total;
  return best;
}

int MpatAggregate::label(size_t win, int64_t seq) const {
  const Window& w = win_[win];
  if (seq < w.base || seq >= w.base + static_cast<int64_t>(w.label.size())) return -1;
  return w.label[static_cast<size_t>(seq - w.base)];
}

void MpatAggregate::onData(size_t win, Packet* p) {
  Window& w = win_[win];
  const int64_t end = w.base + static_cast<int64_t>(w.label.size());
  int k = label(win, p->seq);
  if (k < 0 && p->seq == end) {  // a new packet: it is sent for the chosen flow
    const size_t c = choose();
    k = static_cast<int>(c < members_.size() ? c : win);
    w.label.push_back(static_cast<int16_t>(k));
    w.done.push_back(0);
    credit(static_cast<size_t>(k), 1);
  }
  if (k < 0) k = static_cast<int>(win);
  const int from = members_[win], to = members_[static_cast<size_t>(k)];
  p->flow = to;
  if (from != to) {  // the sender counted it on its own row
    --sim_.flow(from).sentPackets;
    ++sim_.flow(to).sentPackets;
    if (p->flags & kFlagRetransmit) {
      --sim_.flow(from).retransmits;
      ++sim_.flow(to).retransmits;
    }
  }
}

void MpatAggregate::ackRange(Window& w, int64_t from, int64_t to) {
  from = std::max(from, w.base);
  to = std::min(to, w.base + static_cast<int64_t>(w.label.size()));
  for (int64_t s = from; s < to; ++s) {
    const size_t i = static_cast<size_t>(s - w.base);
    if (w.done[i]) continue;
    w.done[i] = 1;
    credit(static_cast<size_t>(w.label[i]), -1);
  }
}

void MpatAggregate::onAck(size_t win, const Packet* ack) {
  if (ack->kind != PacketKind::Ack) return;
  Window& w = win_[win];
  if (ack->seq > w.cum) {
    ackRange(w, w.cum, ack->seq);
    w.cum = ack->seq;
  }
  for (uint8_t b = 0; b < ack->nSack && b < kMaxSackBlocks; ++b)
    ackRange(w, std::max(ack->sackStart[b], w.cum), ack->sackEnd[b]);
  while (!w.label.empty() && w.base < ack->seq - kKeepLabels) {
    w.label.pop_front();
    w.done.pop_front();
    ++w.base;
  }
}

void MpatAggregate::onArrival(size_t win, Packet* p) {
  TcpReceiver* r = receivers_[win];
  const int own = members_[win];
  const int k = p->kind == PacketKind::Data ? label(win, p->seq) : -1;
  const uint32_t size = p->size;
  const int64_t before = r->nextExpected();
  const FlowStats s0 = sim_.flow(own);
  r->receive(p);  // counts everything on the window's row; moved below
  if (k < 0) return;
  FlowStats& o = sim_.flow(own);
  const int to = members_[static_cast<size_t>(k)];
  if (to != own) {
    const uint64_t n = o.arrivedPackets - s0.arrivedPackets, bytes = o.arrivedBytes - s0.arrivedBytes;
    o.arrivedPackets -= n;
    o.arrivedBytes -= bytes;
    sim_.flow(to).arrivedPackets += n;
    sim_.flow(to).arrivedBytes += bytes;
  }
  for (int64_t s = before; s < r->nextExpected(); ++s) {  // delivered in order: each to its flow
    const int l = label(win, s);
    const int f = l < 0 ? own : members_[static_cast<size_t>(l)];
    if (f == own) continue;
    --o.goodputPackets;
    o.goodputBytes -= size;
    ++sim_.flow(f).goodputPackets;
    sim_.flow(f).goodputBytes += size;
  }
}

}  // namespace bl
