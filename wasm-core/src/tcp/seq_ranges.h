// A sorted set of disjoint, non-adjacent packet-number ranges [start, end). The receiver keeps
// its out-of-order data in one; the SACK sender keeps its scoreboard in one. Holes are few,
// so a small vector (reserved once) beats a tree: no allocation in the steady state.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace bl {

struct SeqRange {
  int64_t start;
  int64_t end;
  int64_t len() const { return end - start; }
};

class SeqRanges {
 public:
  SeqRanges() { r_.reserve(16); }

  bool empty() const { return r_.empty(); }
  size_t size() const { return r_.size(); }
  int64_t total() const { return total_; }  // packets covered
  const SeqRange& operator[](size_t i) const { return r_[i]; }
  const SeqRange& front() const { return r_.front(); }
  const SeqRange& back() const { return r_.back(); }
  void clear() {
    r_.clear();
    total_ = 0;
  }

  // Covers [s, e). Calls onNew(a, b) for every sub-range [a, b) that was not covered before,
  // in increasing order, and returns how many packets became covered.
  template <class F>
  int64_t add(int64_t s, int64_t e, F&& onNew) {
    if (s >= e) return 0;
    const size_t i = firstEndingAtOrAfter(s);  // the first range that touches or follows s
    size_t j = i;
    int64_t cur = s, lo = s, hi = e, added = 0;
    while (j < r_.size() && r_[j].start <= e) {  // overlapping or adjacent: merge
      if (r_[j].start > cur) {
        onNew(cur, r_[j].start);
        added += r_[j].start - cur;
      }
      cur = std::max(cur, r_[j].end);
      lo = std::min(lo, r_[j].start);
      hi = std::max(hi, r_[j].end);
      ++j;
    }
    if (cur < e) {
      onNew(cur, e);
      added += e - cur;
    }
    if (j == i) {
      r_.insert(r_.begin() + static_cast<std::ptrdiff_t>(i), SeqRange{lo, hi});
    } else {
      r_[i] = SeqRange{lo, hi};
      r_.erase(r_.begin() + static_cast<std::ptrdiff_t>(i + 1), r_.begin() + static_cast<std::ptrdiff_t>(j));
    }
    total_ += added;
    return added;
  }
  int64_t add(int64_t s, int64_t e) {
    return add(s, e, [](int64_t, int64_t) {});
  }

  // Forgets everything below a; returns how many covered packets were forgotten.
  int64_t removeBelow(int64_t a) {
    size_t k = 0;
    int64_t removed = 0;
    while (k < r_.size() && r_[k].end <= a) removed += r_[k++].len();
    r_.erase(r_.begin(), r_.begin() + static_cast<std::ptrdiff_t>(k));
    if (!r_.empty() && r_.front().start < a) {
      removed += a - r_.front().start;
      r_.front().start = a;
    }
    total_ -= removed;
    return removed;
  }

  // The range that contains s, or nullptr.
  const SeqRange* find(int64_t s) const {
    const size_t i = firstEndingAtOrAfter(s + 1);
    return (i < r_.size() && r_[i].start <= s) ? &r_[i] : nullptr;
  }
  // The smallest packet number >= s that is not covered.
  int64_t nextUncovered(int64_t s) const {
    const SeqRange* r = find(s);
    return r ? r->end : s;
  }
  // The n-th highest covered packet number (n >= 1); requires total() >= n.
  int64_t nthHighest(int64_t n) const {
    for (size_t i = r_.size(); i-- > 0;) {
      if (r_[i].len() >= n) return r_[i].end - n;
      n -= r_[i].len();
    }
    return r_.empty() ? 0 : r_.front().start;
  }

 private:
  size_t firstEndingAtOrAfter(int64_t s) const {
    return static_cast<size_t>(
        std::lower_bound(r_.begin(), r_.end(), s, [](const SeqRange& x, int64_t v) { return x.end < v; }) - r_.begin());
  }
  std::vector<SeqRange> r_;
  int64_t total_ = 0;
};

}  // namespace bl
