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

class FqCodel final : public BoundQueueDisc<FqCodel> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<FqCodel>& params() {
    static const BoundSpecs<FqCodel> t{
        bind<&FqCodel::buffer_>(Spec::integer("buffer", "Limit", "packets")
                                    .defaultsTo(10240)
                                    .range(1, 100000)
                                    .help("Total packets queued; beyond it the longest queue loses its head packet.")
                                    .live()),
        bind<&FqCodel::flows_>(Spec::integer("flows", "Queues")
                                   .defaultsTo(1024)
                                   .range(1, 65536)
                                   .help("Number of hashed per-flow queues.")),
        bind<&FqCodel::quantum_>(Spec::integer("quantum", "Quantum", "bytes")
                                     .defaultsTo(1514)
                                     .range(64, 100000)
                                     .help("Bytes a queue may send per round-robin turn.")
                                     .live()),
        bindSeconds<&FqCodel::codel_, &CodelCore::target>(
            withHelp(codelSpecs().target, "CoDel target of every queue.")),
        bindSeconds<&FqCodel::codel_, &CodelCore::interval>(
            withHelp(codelSpecs().interval, "CoDel interval of every queue.")),
        bind<&FqCodel::codel_, &CodelCore::ecn>(
            Spec::flag("ecn", "ECN marking")
                .defaultsTo(true)
                .help("Mark ECN-capable packets CE instead of dropping (on in Linux).")
                .live())};
    return t;
  }
  FqCodel(const ParamValues& v, const LinkInfo& link, Simulation& sim) {
    load(v);
    queues_.resize(flows_);
    Rng rng = sim.stream("fq_codel." + link.name);
    perturb_ = static_cast<uint64_t>(rng.uniform() * 4294967296.0);
    for (FlowQueue& q : queues_) q.codel.mtu = link.packetSize;
    configureCodels();
  }
  const char* kind() const override { return "fq_codel"; }
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
  // Which queue a flow hashes to (tests).
  size_t bucket(const Packet& p) const {
    uint64_t key = p.flow >= 0 ? static_cast<uint64_t>(p.flow) : reinterpret_cast<uintptr_t>(p.route) >> 4;
    uint64_t h = (key + perturb_) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return static_cast<size_t>(h % queues_.size());
  }

 protected:
  // Every queue's CoDel follows the live target, interval and ecn.
  void onChange(const std::string&) override { configureCodels(); }

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

  void configureCodels() {
    for (FlowQueue& q : queues_) {
      q.codel.target = codel_.target;
      q.codel.interval = codel_.interval;
      q.codel.ecn = codel_.ecn;
    }
  }

  uint32_t buffer_ = 0, flows_ = 1;
  int64_t quantum_ = 0;
  std::vector<FlowQueue> queues_;
  IndexList newList_, oldList_;
  uint32_t total_ = 0;
  uint64_t perturb_ = 0;
  CodelCore codel_;  // the parameters every queue's CoDel copies (target, interval, ecn)
};

}  // namespace

QueueKind fqCodelKind() {
  return boundKind<FqCodel>(
      "fq_codel",
      "FQ-CoDel (RFC 8290): per-flow queues by hash, deficit round robin with new flows first, CoDel on each queue.");
}

}  // namespace bl
