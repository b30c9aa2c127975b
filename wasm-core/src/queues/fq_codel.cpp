// FQ-CoDel (RFC 8290; Hoeiland-Joergensen et al.). Arrivals are hashed by flow into one of
// `flows` queues (1024), each with its own CoDel (target 5 ms, interval 100 ms). Queues are
// served by deficit round robin with a quantum of bytes: a queue that becomes active joins
// the tail of the new-flows list with one quantum of credit; the scheduler serves the head of
// the new list first, else the old list; a queue whose credit is used up gets another quantum
// and moves to the tail of the old list; an empty queue found at the head moves from the new
// list to the old (so a flow cannot stay "new" by emptying its queue each turn) or leaves the
// old list. Sparse flows (below their fair share) are thus served ahead of bulk ones, and
// bulk flows share the link in equal bytes. When the total reaches the limit, the arriving
// packet is admitted and a packet is dropped from the head of the longest queue in bytes.
// The hash: the flow index (other traffic: its route) mixed with a per-link random
// perturbation from the scenario seed, so collisions are reproducible.
#include "queues/fq_codel.h"

#include <vector>

#include "core/simulation.h"
#include "queues/codel.h"

namespace bl {

namespace {

const SpecList kSpecs = {
    {"buffer", "Limit", "packets", ParamType::Int, 10240, 1, 100000,
     "Total packets queued; beyond it the longest queue loses its head packet.", true},
    {"flows", "Queues", "", ParamType::Int, 1024, 1, 65536, "Number of hashed per-flow queues."},
    {"quantum", "Quantum", "bytes", ParamType::Int, 1514, 64, 100000, "Bytes a queue may send per round-robin turn.",
     true},
    {"target", "Target", "s", ParamType::Number, 0.005, 0.0001, 1, "CoDel target of every queue.", true},
    {"interval", "Interval", "s", ParamType::Number, 0.1, 0.001, 10, "CoDel interval of every queue.", true},
    {"ecn", "ECN marking", "", ParamType::Bool, 1, 0, 1,
     "Mark ECN-capable packets CE instead of dropping (on in Linux).", true},
};

struct FlowQueue {
  PacketFifo fifo;
  CodelCore codel;
  int64_t deficit = 0;
  int list = 0;  // 0 none, 1 new, 2 old
  int32_t nextInList = -1;
};

// A singly linked list of queue indices.
struct IndexList {
  int32_t head = -1, tail = -1;
  bool empty() const { return head < 0; }
};

class FqCodel final : public QueueDisc {
 public:
  FqCodel(const ParamValues& v, const LinkInfo& link, Simulation& sim)
      : buffer_(static_cast<uint32_t>(v.num("buffer"))),
        quantum_(static_cast<int64_t>(v.num("quantum"))),
        queues_(static_cast<size_t>(v.num("flows"))) {
    Rng rng = sim.stream("fq_codel." + link.name);
    perturb_ = static_cast<uint64_t>(rng.uniform() * 4294967296.0);
    for (FlowQueue& q : queues_) {
      q.codel.target = fromSeconds(v.num("target"));
      q.codel.interval = fromSeconds(v.num("interval"));
      q.codel.ecn = v.flag("ecn");
      q.codel.mtu = link.packetSize;
    }
    ecn_ = v.flag("ecn");
    target_ = v.num("target");
    interval_ = v.num("interval");
  }
  const char* kind() const override { return "fq_codel"; }
  const SpecList& specs() const override { return kSpecs; }
  DropReason onArrival(Packet&, const QueueState&) override { return DropReason::None; }
  bool scheduled() const override { return true; }

  void enqueue(Packet* p, SimTime now) override {
    push(p);
    (void)now;
  }
  void enqueue(Packet* p, SimTime, QueueOutput& out) override {
    push(p);
    if (total_ > buffer_) {  // drop from the head of the fattest queue
      size_t fat = 0;
      for (size_t i = 1; i < queues_.size(); ++i)
        if (queues_[i].fifo.bytes > queues_[fat].fifo.bytes) fat = i;
      Packet* d = queues_[fat].fifo.pop();
      --total_;
      out.discard(d, DropReason::Overflow);  // the link counts it
    }
  }

  Packet* dequeue(SimTime now, QueueOutput& out) override {
    for (;;) {
      IndexList* list = !newList_.empty() ? &newList_ : !oldList_.empty() ? &oldList_ : nullptr;
      if (!list) return nullptr;
      const int32_t i = list->head;
      FlowQueue& q = queues_[static_cast<size_t>(i)];
      if (q.deficit <= 0) {
        q.deficit += quantum_;
        popHead(*list);
        pushTail(oldList_, i, 2);
        continue;
      }
      const uint32_t before = q.fifo.packets;
      const uint64_t marked = q.codel.marks;
      Packet* p = q.codel.dequeue(q.fifo, now, out);
      total_ -= before - q.fifo.packets;
      marks += q.codel.marks - marked;
      if (!p) {
        popHead(*list);
        if (list == &newList_ && !oldList_.empty())
          pushTail(oldList_, i, 2);
        else
          q.list = 0;
        continue;
      }
      q.deficit -= p->size;
      return p;
    }
  }
  uint32_t length() const override { return total_; }
  uint32_t buffer() const override { return buffer_; }
  double param(const std::string& k) const override {
    if (k == "buffer") return buffer_;
    if (k == "flows") return static_cast<double>(queues_.size());
    if (k == "quantum") return static_cast<double>(quantum_);
    if (k == "target") return target_;
    if (k == "interval") return interval_;
    if (k == "ecn") return ecn_;
    return NAN;
  }
  // Which queue a flow hashes to (tests).
  size_t bucket(const Packet& p) const {
    uint64_t key = p.flow >= 0 ? static_cast<uint64_t>(p.flow) : reinterpret_cast<uintptr_t>(p.route) >> 4;
    uint64_t h = (key + perturb_) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return static_cast<size_t>(h % queues_.size());
  }

 protected:
  void apply(const std::string& k, double v) override {
    if (k == "buffer")
      buffer_ = static_cast<uint32_t>(v);
    else if (k == "quantum")
      quantum_ = static_cast<int64_t>(v);
    else if (k == "target") {
      target_ = v;
      for (FlowQueue& q : queues_) q.codel.target = fromSeconds(v);
    } else if (k == "interval") {
      interval_ = v;
      for (FlowQueue& q : queues_) q.codel.interval = fromSeconds(v);
    } else if (k == "ecn") {
      ecn_ = v != 0;
      for (FlowQueue& q : queues_) q.codel.ecn = ecn_;
    }
  }

 private:
  void push(Packet* p) {
    const size_t b = bucket(*p);
    FlowQueue& q = queues_[b];
    q.fifo.push(p);
    ++total_;
    if (q.list == 0) {
      q.deficit = quantum_;
      pushTail(newList_, static_cast<int32_t>(b), 1);
    }
  }
  void pushTail(IndexList& l, int32_t i, int which) {
    FlowQueue& q = queues_[static_cast<size_t>(i)];
    q.list = which;
    q.nextInList = -1;
    if (l.tail >= 0)
      queues_[static_cast<size_t>(l.tail)].nextInList = i;
    else
      l.head = i;
    l.tail = i;
  }
  void popHead(IndexList& l) {
    FlowQueue& q = queues_[static_cast<size_t>(l.head)];
    l.head = q.nextInList;
    if (l.head < 0) l.tail = -1;
    q.nextInList = -1;
  }

  uint32_t buffer_;
  int64_t quantum_;
  std::vector<FlowQueue> queues_;
  IndexList newList_, oldList_;
  uint32_t total_ = 0;
  uint64_t perturb_ = 0;
  bool ecn_ = true;
  double target_ = 0.005, interval_ = 0.1;
};

}  // namespace

QueueKind fqCodelKind() {
  return {
      "fq_codel",
      "FQ-CoDel (RFC 8290): per-flow queues by hash, deficit round robin with new flows first, CoDel on each queue.",
      &kSpecs, [](const ParamValues& v, const LinkInfo& l, Simulation& s, std::string&) -> std::unique_ptr<QueueDisc> {
        return std::make_unique<FqCodel>(v, l, s);
      }};
}

}  // namespace bl
