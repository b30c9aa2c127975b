// JSON edge of the fluid model: parameter specs, validation (errors name the field, the
// value and the allowed range) and the result documents of bl_fluid / bl_fluid_steady.
// Formats: docs/fluid-model.md.
#pragma once
#include <string>
#include <vector>

#include "core/json.h"
#include "fluid/fluid_model.h"

namespace bl {

// Reads the bl_fluid parameters (all optional; the defaults are the paper's Fig. 2 with
// DropTail). Draws D_i and alpha_i given as ranges from Rng(seed, "fluid").
bool readFluidParams(const Json& doc, FluidParams& out, std::string& err);

// The bl_fluid_steady parameters: the flows and queue as for bl_fluid, plus the p_e sweep.
struct SteadyRequest {
  double C = 2000;
  std::vector<double> D;
  FluidQueue queue;
  std::vector<double> pe;
  double backlog = 0;  // b in r = D + b / C for the quiescent fair-share loss
};
bool readSteadyParams(const Json& doc, SteadyRequest& out, std::string& err);

// The bl_fluid document {columns, rows, summary}.
std::string fluidResultText(const FluidParams& p, const FluidResult& r);
Json steadyJson(const SteadyRequest& req);

// Whole calls: JSON text in, JSON text out ({"error": "..."} on failure, with `err` set).
std::string fluidRun(const char* text, std::string& err);
std::string fluidSteady(const char* text, std::string& err);

// The specs of bl_fluid and bl_fluid_steady for bl_describe: {"bl_fluid": {"groups": {"": ...,
// "queue": {selector: "queue.kind", kinds: {droptail, red}}}}, "bl_fluid_steady": {...}}.
Json fluidDescribe();

}  // namespace bl
