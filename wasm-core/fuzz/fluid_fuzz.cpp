// libFuzzer harness over the fluid model's parameter parser and solvers (bl_fluid and
// bl_fluid_steady, docs/fluid-model.md): any input must give a result or {"error": ...}.
// Built by scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string>

#include "bl/abi.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  // The first byte picks the call, the rest is the parameter document.
  const std::string json(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1)
    (void)bl_fluid_steady(json.c_str());
  else
    (void)bl_fluid(json.c_str());
  return 0;
}
