// Sojourn-time (queueing delay) statistics of one queue: per-sample-period mean and maximum,
// and a histogram since the summary's measurement start for its mean and 95th percentile.
// The histogram is log-linear in nanoseconds (the bit position of the value, then its next
// five bits: 32 bins per doubling, so a bin is at most 1/32 of its value wide) and costs a
// few integer operations per packet, no logarithm.
#pragma once
#include <cstdint>
#include <vector>

#include "core/time.h"

namespace bl {

class DelayStats {
 public:
  static constexpr int kSub = 32;  // bins per doubling

  void add(SimTime d) {
    if (d < 0) d = 0;
    periodSum_ += d;
    ++periodN_;
    if (d > periodMax_) periodMax_ = d;
    sum_ += static_cast<double>(d);
    ++n_;
    const size_t b = static_cast<size_t>(bin(d));
    if (b >= bins_.size()) bins_.resize(b + 1, 0);
    ++bins_[b];
  }
  // The interval's mean and max in seconds (0 when no packet left the queue), then a new interval.
  void takePeriod(double& mean, double& max) {
    mean = periodN_ ? toSeconds(periodSum_) / static_cast<double>(periodN_) : 0;
    max = toSeconds(periodMax_);
    periodSum_ = 0;
    periodN_ = 0;
    periodMax_ = 0;
  }
  // Forgets the long-run numbers (the summary's measureFrom).
  void resetLongRun() {
    sum_ = 0;
    n_ = 0;
    bins_.assign(bins_.size(), 0);
  }
  uint64_t count() const { return n_; }
  double mean() const { return n_ ? sum_ / static_cast<double>(n_) / 1e9 : 0; }
  // The q-quantile in seconds: the middle of the bin holding it (within 1/64 of the value).
  double quantile(double q) const {
    if (!n_) return 0;
    const double want = q * static_cast<double>(n_);
    uint64_t seen = 0;
    for (size_t b = 0; b < bins_.size(); ++b) {
      seen += bins_[b];
      if (static_cast<double>(seen) >= want && bins_[b])
        return (lower(static_cast<int>(b)) + lower(static_cast<int>(b) + 1)) / 2e9;
    }
    return 0;
  }

  static int bin(SimTime d) {
    if (d < kSub) return static_cast<int>(d);                        // exact below 32 ns
    const int msb = 63 - __builtin_clzll(static_cast<uint64_t>(d));  // >= 5
    const int sub = static_cast<int>((static_cast<uint64_t>(d) >> (msb - 5)) & (kSub - 1));
    return (msb - 4) * kSub + sub;
  }
  // Smallest value in bin b (ns).
  static double lower(int b) {
    if (b < kSub) return b;
    const int msb = b / kSub + 4, sub = b % kSub;
    return static_cast<double>((static_cast<uint64_t>(kSub + sub)) << (msb - 5));
  }

 private:
  SimTime periodSum_ = 0, periodMax_ = 0;
  uint64_t periodN_ = 0;
  double sum_ = 0;
  uint64_t n_ = 0;
  // Grown up to the highest bin used (15 KB for all 60 doublings; a graph traces each of up
  // to 100,000 links, most of which never queue).
  std::vector<uint64_t> bins_;
};

}  // namespace bl
