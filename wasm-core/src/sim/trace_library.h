// The delivery traces the core ships, by short name (docs/traces.md): real traces recorded on
// cellular networks, from Mahimahi's repository (GPL-3.0-or-later; wasm-core/traces/COPYING).
// The data is generated into trace_library.cpp by scripts/make-traces.mjs.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace bl {

struct ShippedTrace {
  const char* name;   // "lte-driving": the option of topology.trace and topology.traceUp
  const char* label;  // for people: "LTE, driving (AT&T, 120 s)"
  const char* down;   // the downlink (forward) trace, encoded (scripts/make-traces.mjs)
  const char* up;     // the uplink (reverse) trace
};

const std::vector<ShippedTrace>& shippedTraces();
// The delivery times (ms) of an encoded trace.
std::vector<int64_t> decodeTrace(const char* encoded);

}  // namespace bl
