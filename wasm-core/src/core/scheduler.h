// The event scheduler: a binary heap ordered by (time, insertion sequence), so that two
// events at the same time run in the order they were scheduled and every run of a scenario
// is identical. Timer expiries (atTimer) run after every other event of the same instant:
// an ACK that arrives exactly when the retransmission timer expires is seen first, whatever
// the order the two were scheduled in (which, for packets taken ahead of time, is not the
// order of the model). Cancellation is lazy: a handler that re-arms a timer bumps a generation
// counter and ignores events that carry an older one.
#pragma once
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
  void at(SimTime t, EventHandler* h, uint32_t kind, uint64_t arg = 0) {
    heap_.push_back(Entry{t, seq_++, h, arg, kind});
    siftUp(heap_.size() - 1);
  }
  void after(SimTime dt, EventHandler* h, uint32_t kind, uint64_t arg = 0) { at(now_ + dt, h, kind, arg); }
  // A timer expiry at t: after the other events at t, in scheduling order among timers.
  void atTimer(SimTime t, EventHandler* h, uint32_t kind, uint64_t arg = 0) {
    heap_.push_back(Entry{t, kTimerSeq | seq_++, h, arg, kind});
    siftUp(heap_.size() - 1);
  }

  SimTime now() const { return now_; }
  bool empty() const { return heap_.empty(); }
  SimTime nextTime() const { return heap_.empty() ? kNever : heap_.front().t; }
  uint64_t processed() const { return processed_; }
  size_t pending() const { return heap_.size(); }

  // Runs the earliest event if its time is <= until. Returns false when none is due.
  bool runOne(SimTime until) {
    if (heap_.empty() || heap_.front().t > until) return false;
    Entry e = heap_.front();
    heap_.front() = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) siftDown(0);
    now_ = e.t;
    ++processed_;
    e.h->onEvent(e.kind, e.arg);
    return true;
  }
  // Moves the clock forward to `t` when no event is due before it.
  void advanceTo(SimTime t) {
    if (t > now_) now_ = t;
  }

 private:
  struct Entry {
    SimTime t;
    uint64_t seq;
    EventHandler* h;
    uint64_t arg;
    uint32_t kind;
  };
  static bool before(const Entry& a, const Entry& b) { return a.t < b.t || (a.t == b.t && a.seq < b.seq); }
  void siftUp(size_t i) {
    Entry e = heap_[i];
    while (i > 0) {
      size_t p = (i - 1) / 2;
      if (!before(e, heap_[p])) break;
      heap_[i] = heap_[p];
      i = p;
    }
    heap_[i] = e;
  }
  void siftDown(size_t i) {
    const size_t n = heap_.size();
    Entry e = heap_[i];
    for (;;) {
      size_t c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && before(heap_[c + 1], heap_[c])) ++c;
      if (!before(heap_[c], e)) break;
      heap_[i] = heap_[c];
      i = c;
    }
    heap_[i] = e;
  }

  static constexpr uint64_t kTimerSeq = uint64_t{1} << 63;  // sorts timers last within an instant

  std::vector<Entry> heap_;
  uint64_t seq_ = 0;
  uint64_t processed_ = 0;
  SimTime now_ = 0;
};

}  // namespace bl
