// libFuzzer harness over a whole scenario through the C ABI (issue 11): bl_check, bl_create, a short run
// in slices, a drain, a live change, the summary, destroy. Any input must end in a handle or an
// error message, never a crash, a sanitizer report or a hang. Built by scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string>

#include "bl/abi.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string json(reinterpret_cast<const char*>(data), size);  // NUL-terminated copy
  (void)bl_check(json.c_str());  // walks any document; builds (not runs) when every field is fine
  const int32_t h = bl_create(json.c_str());
  if (h <= 0) {
    (void)bl_last_error();
    return 0;
  }
  (void)bl_columns(h);
  // A short run in two slices, bounded in events so a scenario that asks for much work still
  // returns quickly; the summary is taken mid-run (before measureFrom, possibly).
  bl_run_until(h, 0.2, 20000);
  (void)bl_summary(h);
  bl_drain(h);
  (void)bl_drain_ptr(h);
  bl_set_param(h, "flows", "exoLoss", 0.01);
  bl_set_param(h, "flow.0", "weight", 2);
  bl_run_until(h, 0.5, 20000);
  bl_drain(h);
  (void)bl_summary(h);
  bl_destroy(h);
  return 0;
}
