#include "net/trace.h"

#include <algorithm>

#include "core/limits.h"

namespace bl {

DeliveryTrace::DeliveryTrace(std::string name, std::vector<int64_t> ms)
    : name_(std::move(name)), ms_(std::move(ms)), period_(ms_.empty() ? 1 : ms_.back()) {}

double DeliveryTrace::meanRate() const {
  return static_cast<double>(ms_.size()) * kTraceMtu * 8.0 / (static_cast<double>(period_) / 1000.0);
}

SimTime DeliveryTrace::timeOf(uint64_t j) const {
  const uint64_t n = ms_.size();
  return (ms_[j % n] + static_cast<int64_t>(j / n) * period_) * kMillisecond;
}

uint64_t DeliveryTrace::firstAtOrAfter(SimTime t) const {
  if (t <= 0) return 0;
  // In whole ms, rounded up: an opportunity at ms m is at or after t when m * 1e6 >= t. Repeat k
  // covers (k * P, (k + 1) * P], so a time at a multiple of P is the end of the repeat before (its
  // last line, at P), not the start of the next: r in (0, P], and some ms[i] >= r (ms.back() == P).
  const int64_t m = (t + kMillisecond - 1) / kMillisecond;
  const int64_t loops = (m - 1) / period_, r = m - loops * period_;
  const size_t i = static_cast<size_t>(std::lower_bound(ms_.begin(), ms_.end(), r) - ms_.begin());
  return static_cast<uint64_t>(loops) * ms_.size() + i;
}

uint64_t DeliveryTrace::countUpTo(SimTime t) const {
  if (t < 0) return 0;
  const int64_t m = t / kMillisecond;  // opportunities at ms <= m
  const int64_t loops = m / period_, r = m - loops * period_;
  const size_t i = static_cast<size_t>(std::upper_bound(ms_.begin(), ms_.end(), r) - ms_.begin());
  return static_cast<uint64_t>(loops) * ms_.size() + i;
}

std::string checkTrace(const std::vector<int64_t>& ms) {
  if (ms.empty()) return "is empty: give at least one delivery time in ms";
  if (ms.size() > static_cast<size_t>(kMaxTraceLines))
    return "has " + std::to_string(ms.size()) + " delivery times; at most " +
           std::to_string(static_cast<long long>(kMaxTraceLines)) + " are allowed";
  for (size_t i = 0; i < ms.size(); ++i) {
    if (ms[i] < 0) return "time " + std::to_string(ms[i]) + " ms (line " + std::to_string(i + 1) + ") is negative";
    if (ms[i] > static_cast<int64_t>(kMaxTraceMs))
      return "time " + std::to_string(ms[i]) + " ms (line " + std::to_string(i + 1) + ") is past the limit of " +
             std::to_string(static_cast<long long>(kMaxTraceMs)) + " ms";
    if (i > 0 && ms[i] < ms[i - 1])
      return "time " + std::to_string(ms[i]) + " ms (line " + std::to_string(i + 1) + ") comes before " +
             std::to_string(ms[i - 1]) + " ms: times must not decrease";
  }
  if (ms.back() == 0) return "ends at 0 ms: the last time is the trace's period and must be at least 1 ms";
  return "";
}

}  // namespace bl
