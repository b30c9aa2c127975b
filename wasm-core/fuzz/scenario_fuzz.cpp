// libFuzzer harness over a whole scenario (issues 11 and 28): bl_check, bl_create, a short run in
// slices, a drain, live changes, the summary, destroy. Any input must end in a handle or an error
// message, never a crash, a sanitizer report or a hang. Built by scripts/fuzz.sh.
//
// Input: a scenario's JSON text, then optionally a NUL byte and a tail the harness decodes:
//   - tail[0] even: the text is made large first: its first "@@" becomes the fragment tail[2..]
//     (up to the next NUL, at most 64 bytes) repeated 2^(tail[1] % 19) times (the check must stay
//     linear and small on documents of megabytes, and refuse those past the size limit);
//   - then live changes, 4 bytes each (entity, key, value, time step from the tables below),
//     made on a run whose work budget is lowered to 2 million events, so that the budget's
//     re-check of a live change and the run's stop at the budget are reached.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "bl/abi.h"
#include "sim/instance.h"

namespace {

const char* const kEntities[] = {"flows",
                                 "flow.0",
                                 "flow.1",
                                 "flow.+1",
                                 "flow.01",
                                 "flow.1999",
                                 "queue.bottleneck",
                                 "link.bottleneck",
                                 "link.src.0",
                                 "link.dst.0",
                                 "queue.A-B",
                                 "link.A-B",
                                 "queue.x",
                                 "link.bottleneck.rev",
                                 "",
                                 "flow."};
const char* const kKeys[] = {"exoLoss", "weight", "deadline", "active",   "rate",   "lossRate", "maxP",  "frequency",
                             "period",  "cp",     "tUpdate",  "interval", "target", "buffer",   "minTh", "bogus"};
const double kValues[] = {0,         1,       0.5, 2,    1e3,  1e6,   1e11,  1e12, -1,       1e-9,      0.01,
                          1e6 + 0.5, 1000000, 170, 1e-5, 3600, 0.001, 1e300, NAN,  INFINITY, -INFINITY, 0.1};
const double kSteps[] = {0, 0.001, 0.01, 0.1, 0.5, 1, 10, 1e9};

template <size_t N>
size_t pick(const uint8_t b, const char* const (&)[N]) {
  return b % N;
}

void live(const std::string& json, const uint8_t* ops, size_t n) {
  std::string err;
  auto in = bl::Instance::create(json, err);
  if (!in) return;
  in->setWorkBudget(2e6);
  for (size_t i = 0; i + 4 <= n && i < 4 * 64; i += 4) {
    const double dt = kSteps[ops[i + 3] % (sizeof kSteps / sizeof *kSteps)];
    if (in->runUntil(bl::toSeconds(in->sim().now()) + dt, 20000) == BL_RUN_BUDGET) (void)in->budgetNotice();
    bl::Problem refusal;
    in->setParam(kEntities[pick(ops[i], kEntities)], kKeys[pick(ops[i + 1], kKeys)],
                 kValues[ops[i + 2] % (sizeof kValues / sizeof *kValues)], refusal);
    in->tracer().drain();
  }
  in->runUntil(INFINITY, 20000);
  (void)in->summary();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string json(reinterpret_cast<const char*>(data), size);
  const size_t nul = json.find('\0');
  const uint8_t* tail = nul == std::string::npos ? nullptr : data + nul + 1;
  size_t tailLen = nul == std::string::npos ? 0 : size - nul - 1;
  if (nul != std::string::npos) json.resize(nul);
  if (tailLen >= 2 && tail[0] % 2 == 0) {
    size_t end = 2;
    while (end < tailLen && end < 66 && tail[end] != 0) ++end;
    const std::string fragment(reinterpret_cast<const char*>(tail + 2), end - 2);
    const size_t times = size_t{1} << (tail[1] % 19);  // up to 16 MB, the document limit
    if (const size_t at = json.find("@@"); at != std::string::npos && !fragment.empty()) {
      std::string big;
      big.reserve(json.size() + fragment.size() * times);
      big.append(json, 0, at);
      for (size_t k = 0; k < times; ++k) big += fragment;
      big.append(json, at + 2, std::string::npos);
      json = std::move(big);
    }
    tail += end;
    tailLen -= end;
  }
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
  if (tailLen >= 4) live(json, tail, tailLen);
  return 0;
}
