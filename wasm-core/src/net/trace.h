// A delivery trace in Mahimahi's format: a list of times in whole milliseconds since the start,
// nondecreasing, each one opportunity for the link to deliver one MTU (kTraceMtu bytes); a time
// listed k times is k opportunities in that millisecond. The trace repeats: its period is its
// last time P, and opportunity j (counting from 0 over every repeat) comes at
// ms[j mod n] + floor(j / n) * P. (So a trace "0 ... P" has two opportunities at P, the last
// line's and the next repeat's first, as Mahimahi's looping gives.)
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/time.h"

namespace bl {

constexpr uint32_t kTraceMtu = 1500;  // bytes one opportunity carries (the traces' README: one 1500-byte packet)

class DeliveryTrace {
 public:
  // `ms` must be valid (checkTrace below); `name` is what the manifest and messages call it.
  DeliveryTrace(std::string name, std::vector<int64_t> ms);

  const std::string& name() const { return name_; }
  size_t size() const { return ms_.size(); }
  int64_t periodMs() const { return period_; }
  // The mean capacity over one period, in bit/s: n opportunities of kTraceMtu bytes per P ms.
  double meanRate() const;
  // The time of opportunity j.
  SimTime timeOf(uint64_t j) const;
  // The first opportunity at or after t.
  uint64_t firstAtOrAfter(SimTime t) const;
  // Opportunities at times <= t (t >= 0).
  uint64_t countUpTo(SimTime t) const;

 private:
  std::string name_;
  std::vector<int64_t> ms_;
  int64_t period_;
};

// Why `ms` is not a usable trace ("" when it is): empty, a negative or decreasing time, a last
// time of 0 (no period), more than kMaxTraceLines opportunities or a time past kMaxTraceMs.
std::string checkTrace(const std::vector<int64_t>& ms);

}  // namespace bl
