// Simulated time: integer nanoseconds inside the core; seconds (double) only at the edges.
#pragma once
#include <cmath>
#include <cstdint>

namespace bl {

using SimTime = int64_t;  // nanoseconds

constexpr SimTime kNanosecond = 1;
constexpr SimTime kMicrosecond = 1000;
constexpr SimTime kMillisecond = 1000 * kMicrosecond;
constexpr SimTime kSecond = 1000 * kMillisecond;
constexpr SimTime kNever = INT64_MAX;

inline SimTime fromSeconds(double s) { return static_cast<SimTime>(std::llround(s * 1e9)); }
inline double toSeconds(SimTime t) { return static_cast<double>(t) / 1e9; }

// Time to serialise `bytes` on a link of `bitsPerSecond`, rounded to the nearest ns.
inline SimTime txTime(uint32_t bytes, double bitsPerSecond) {
  return static_cast<SimTime>(std::llround(bytes * 8.0 * 1e9 / bitsPerSecond));
}

}  // namespace bl
