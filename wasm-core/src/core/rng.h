// Seeded random streams. Every component draws from its own stream, derived from the
// scenario seed and a stream name, so adding a component does not shift anyone else's draws.
#pragma once
#include <cmath>
#include <cstdint>
#include <string_view>

namespace bl {

inline uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// FNV-1a, to turn a stream name into part of its seed.
inline uint64_t hashName(std::string_view s) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001B3ull;
  }
  return h;
}

// xoshiro256** (Blackman and Vigna): fast, 256-bit state, good statistical quality.
class Rng {
 public:
  Rng() : Rng(0, "default") {}
  Rng(uint64_t seed, std::string_view stream) {
    uint64_t x = seed ^ hashName(stream);
    for (auto& w : s_) w = splitmix64(x);
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, 1) with 53 bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  bool bernoulli(double p) { return p > 0 && uniform() < p; }
  double exponential(double mean) { return -mean * std::log1p(-uniform()); }
  // Uniform integer in [0, n).
  uint64_t below(uint64_t n) { return n ? next() % n : 0; }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace bl
