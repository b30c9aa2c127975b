// The C ABI (include/bl/abi.h): handles map to Instances; errors are kept per thread and
// never abort. This file is the only boundary the browser worker, CLI and tests cross.
#include "bl/abi.h"

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "core/cold.h"
#include "fluid/fluid_json.h"
#include "sim/instance.h"
#include "sim/scenario.h"
#include "sim/schema.h"

// Every call but running and draining a run is once per run or per action of the user: built
// for size (core/cold.h).
BL_COLD_BEGIN

namespace {

struct Registry {
  std::map<int32_t, std::unique_ptr<bl::Instance>> instances;
  int32_t next = 1;
  std::string error;
  std::string liveProblem = "null";      // bl_set_param's last refusal, in bl_check's shape
  std::string text;                      // returned strings of handle-less calls
  std::map<int32_t, std::string> texts;  // returned strings per handle
};

Registry& reg() {
  thread_local Registry r;
  return r;
}

bl::Instance* get(int32_t h) {
  auto it = reg().instances.find(h);
  if (it == reg().instances.end()) {
    reg().error = "no simulation with handle " + std::to_string(h) + " (destroyed, or never created)";
    return nullptr;
  }
  return it->second.get();
}

const char* keep(int32_t h, std::string s) {
  std::string& slot = reg().texts[h];
  slot = std::move(s);
  return slot.c_str();
}

// A document past kMaxScenarioBytes is refused before it is copied or read: "" or why.
std::string tooLarge(const char* scenario_json) { return bl::scenarioSizeProblem(std::strlen(scenario_json)); }

}  // namespace

extern "C" {

int32_t bl_create(const char* scenario_json) {
  if (!scenario_json) {
    reg().error = "bl_create: scenario is null";
    return 0;
  }
  std::string err = tooLarge(scenario_json);
  if (!err.empty()) {
    reg().error = err;
    return 0;
  }
  auto in = bl::Instance::create(scenario_json, err);
  if (!in) {
    reg().error = err;
    return 0;
  }
  const int32_t h = reg().next++;
  reg().instances[h] = std::move(in);
  reg().error.clear();
  return h;
}

const char* bl_check(const char* scenario_json) {
  if (const std::string big = scenario_json ? tooLarge(scenario_json) : ""; !big.empty()) {
    bl::Json r = bl::Json::object();
    r.set("ok", bl::Json::boolean(false));
    bl::Json& list = r.set("problems", bl::Json::array());
    list.push(bl::problemJson(bl::problemAt("", big, "field"), nullptr));
    reg().text = r.dump();
    return reg().text.c_str();
  }
  reg().text = bl::checkScenario(scenario_json ? scenario_json : "null").dump();
  return reg().text.c_str();
}

BL_COLD_END

int32_t bl_run_until(int32_t handle, double until_seconds, uint32_t max_events) {
  bl::Instance* in = get(handle);
  if (!in) return BL_RUN_ERROR;
  if (!(until_seconds >= 0)) {  // NaN, -Infinity, a negative time
    const std::string v = until_seconds != until_seconds ? "NaN"
                          : std::isinf(until_seconds)    ? "-Infinity"
                                                         : bl::jsonNumber(until_seconds);
    reg().error = "bl_run_until: until " + v +
                  " is not a time; give seconds, 0 or more (Infinity or a time past the duration runs to the end)";
    return BL_RUN_ERROR;
  }
  const int32_t status = in->runUntil(until_seconds, max_events);
  if (status == BL_RUN_BUDGET) reg().error = in->budgetNotice();
  return status;
}

double bl_now(int32_t handle) {
  bl::Instance* in = get(handle);
  return in ? bl::toSeconds(in->sim().now()) : -1;
}

double bl_events(int32_t handle) {
  bl::Instance* in = get(handle);
  return in ? static_cast<double>(in->sim().sched().processed()) : -1;
}

BL_COLD_BEGIN

int32_t bl_set_param(int32_t handle, const char* entity, const char* key, double value) {
  bl::Problem refusal;
  bl::Instance* in = get(handle);
  if (!in) {
    refusal = bl::problemAt("", reg().error, "unknown");
  } else if (!entity || !key) {
    refusal = bl::problemAt("", "bl_set_param: entity and key are required", "unknown");
  } else if (in->setParam(entity, key, value, refusal)) {
    reg().liveProblem = "null";
    return 0;
  }
  reg().error = refusal.text();
  const bl::Json v = std::isfinite(value) ? bl::Json::number(value) : bl::Json();
  reg().liveProblem = bl::problemJson(refusal, &v).dump();
  return -1;
}

const char* bl_set_param_problem(void) { return reg().liveProblem.c_str(); }

const char* bl_columns(int32_t handle) {
  bl::Instance* in = get(handle);
  if (!in) return "[]";
  bl::Json a = bl::Json::array();
  for (const auto& c : in->tracer().columns()) a.push(bl::Json::string(c));
  return keep(-handle, a.dump());
}

BL_COLD_END

uint32_t bl_drain(int32_t handle) {
  bl::Instance* in = get(handle);
  if (!in) return 0;
  return static_cast<uint32_t>(in->tracer().drain().size());
}

const uint8_t* bl_drain_ptr(int32_t handle) {
  bl::Instance* in = get(handle);
  if (!in) return nullptr;
  return in->tracer().drainedBlock().data();
}

BL_COLD_BEGIN

const char* bl_summary(int32_t handle) {
  bl::Instance* in = get(handle);
  if (!in) return "{}";
  return keep(handle, in->summary().dump());
}

const char* bl_manifest(int32_t handle) {
  bl::Instance* in = get(handle);
  if (!in) return "{}";
  return keep(handle, in->manifest().dump());
}

const char* bl_describe(void) {
  reg().text = bl::describeDocument().dump();
  return reg().text.c_str();
}

const char* bl_last_error(void) { return reg().error.c_str(); }

void bl_destroy(int32_t handle) {
  reg().instances.erase(handle);
  reg().texts.erase(handle);
  reg().texts.erase(-handle);
}

const char* bl_fluid(const char* params_json) {
  std::string err;
  reg().text = bl::fluidRun(params_json, err);
  if (!err.empty()) reg().error = err;
  return reg().text.c_str();
}

const char* bl_fluid_steady(const char* params_json) {
  std::string err;
  reg().text = bl::fluidSteady(params_json, err);
  if (!err.empty()) reg().error = err;
  return reg().text.c_str();
}

}  // extern "C"
BL_COLD_END
