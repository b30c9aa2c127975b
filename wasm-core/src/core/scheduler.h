// The event scheduler: a priority queue ordered by (time, insertion sequence), so that two
// events at the same time run in the order they were scheduled and every run of a scenario
// is identical. Timer expiries (atTimer) run after every other event of the same instant:
// an ACK that arrives exactly when the retransmission timer expires is seen first, whatever
// the order the two were scheduled in (which, for packets taken ahead of time, is not the
// order of the model). Cancellation is lazy: a handler that re-arms a timer bumps a generation
// counter and ignores events that carry an older one.
//
// Every key is unique (the sequence number is), so the order events run in is fixed by the
// keys alone, whatever the queue's inner layout. The queue is a 4-ary heap (half the depth of
// a binary one; the four children of a node sit side by side in memory) of 32-byte entries,
// and it saves work on the commonest pattern of the simulation, an event whose handler
// schedules another (a link handing on a packet and arming its next arrival): while a handler
// runs, the root entry it came from stays in place, marked taken, and the first event the
// handler schedules replaces it with one sift down instead of a removal plus an insertion.
// Removal sifts the hole down along the smaller children to a leaf and lifts the last entry
// from there (it almost always belongs near the bottom), so each level costs three
// comparisons, not four. The heap's helpers are forced inline: clang leaves them as calls in
// the WebAssembly build otherwise, and V8 does not inline WebAssembly calls (measured: 2-5 %
// of the WASM run time).
#pragma once
#include <cassert>
#include <cstdint>
#include <vector>

#include "core/time.h"

namespace bl {

class EventHandler {
 public:
  virtual ~EventHandler() = default;
  virtual void onEvent(uint32_t kind, uint64_t arg) = 0;
};

class Scheduler {
 public:
  // `kind` is the handler's own tag (below 65536), `arg` its payload.
  void at(SimTime t, EventHandler* h, uint32_t kind, uint64_t arg = 0) { push(t, seq_++ << kKindBits, h, kind, arg); }
  void after(SimTime dt, EventHandler* h, uint32_t kind, uint64_t arg = 0) { at(now_ + dt, h, kind, arg); }
  // A timer expiry at t: after the other events at t, in scheduling order among timers.
  void atTimer(SimTime t, EventHandler* h, uint32_t kind, uint64_t arg = 0) {
    push(t, kTimerBit | seq_++ << kKindBits, h, kind, arg);
  }

  SimTime now() const { return now_; }
  bool empty() const { return pending() == 0; }
  SimTime nextTime() const {
    if (!taken_) return heap_.empty() ? kNever : heap_[0].t;
    // Inside a handler: the earliest of the others is among the root's children.
    SimTime t = kNever;
    for (size_t c = 1; c <= kArity && c < heap_.size(); ++c)
      if (heap_[c].t < t) t = heap_[c].t;
    return t;
  }
  uint64_t processed() const { return processed_; }
  size_t pending() const { return heap_.size() - (taken_ ? 1 : 0); }

  // Runs the earliest event if its time is <= until. Returns false when none is due.
  bool runOne(SimTime until) {
    if (heap_.empty() || heap_[0].t > until) return false;
    const Entry e = heap_[0];
    taken_ = true;  // the root is free: the handler's first new event takes its place
    now_ = e.t;
    ++processed_;
    e.h->onEvent(static_cast<uint32_t>(e.order & kKindMask), e.arg);
    if (taken_) {
      taken_ = false;
      removeRoot();
    }
    return true;
  }
  // Moves the clock forward to `t` when no event is due before it.
  void advanceTo(SimTime t) {
    if (t > now_) now_ = t;
  }

 private:
  // order: timer bit, then the insertion sequence, then the handler's kind in the low bits
  // (which never decide: sequence numbers are unique).
  struct Entry {
    SimTime t;
    uint64_t order;
    EventHandler* h;
    uint64_t arg;
  };
  static constexpr unsigned kKindBits = 16;
  static constexpr uint64_t kKindMask = (uint64_t{1} << kKindBits) - 1;
  static constexpr uint64_t kTimerBit = uint64_t{1} << 63;  // sorts timers last within an instant
  static constexpr size_t kArity = 4;

  // Written with & and | rather than && and ||, and used through selects below: which of two
  // events comes first is a coin toss to the branch predictor.
  static bool before(const Entry& a, const Entry& b) { return (a.t < b.t) | ((a.t == b.t) & (a.order < b.order)); }

  [[gnu::always_inline]] void push(SimTime t, uint64_t order, EventHandler* h, uint32_t kind, uint64_t arg) {
    assert(kind <= kKindMask);
    const Entry e{t, order | kind, h, arg};
    if (taken_) {  // replace the entry of the event being run
      taken_ = false;
      siftDown(0, e);
      return;
    }
    heap_.push_back(e);
    siftUp(heap_.size() - 1, e);
  }
  // Index of the earliest of the children of `i` (which has at least one).
  [[gnu::always_inline]] size_t minChild(size_t i) const {
    const size_t first = kArity * i + 1;
    const Entry* c = &heap_[first];
    if (first + kArity <= heap_.size()) {  // all four: a tournament of three comparisons
      const size_t a = before(c[1], c[0]) ? 1 : 0;
      const size_t b = before(c[3], c[2]) ? 3 : 2;
      return first + (before(c[b], c[a]) ? b : a);
    }
    size_t m = 0;
    for (size_t k = 1; first + k < heap_.size(); ++k) m = before(c[k], c[m]) ? k : m;
    return first + m;
  }
  [[gnu::always_inline]] void siftUp(size_t i, Entry e) {
    while (i > 0) {
      const size_t p = (i - 1) / kArity;
      if (!before(e, heap_[p])) break;
      heap_[i] = heap_[p];
      i = p;
    }
    heap_[i] = e;
  }
  // Puts e at hole i or below it.
  [[gnu::always_inline]] void siftDown(size_t i, Entry e) {
    const size_t n = heap_.size();
    while (kArity * i + 1 < n) {
      const size_t c = minChild(i);
      if (!before(heap_[c], e)) break;
      heap_[i] = heap_[c];
      i = c;
    }
    heap_[i] = e;
  }
  [[gnu::always_inline]] void removeRoot() {
    const Entry last = heap_.back();
    heap_.pop_back();
    const size_t n = heap_.size();
    if (n == 0) return;
    size_t i = 0;  // the hole goes down to a leaf along the earliest children...
    while (kArity * i + 1 < n) {
      const size_t c = minChild(i);
      heap_[i] = heap_[c];
      i = c;
    }
    siftUp(i, last);  // ...and the last entry rises from there to its place
  }

  std::vector<Entry> heap_;
  bool taken_ = false;  // a handler is running and the root entry is its own, already used
  uint64_t seq_ = 0;
  uint64_t processed_ = 0;
  SimTime now_ = 0;
};

}  // namespace bl
