// Bottleneck Lab: the one C ABI over the simulation.
//
// The browser worker, the native CLI, the Node runner and the tests all drive the
// simulator through these functions and nothing else. Strings are UTF-8 JSON; numbers at
// this edge are seconds and bits per second (doubles); inside the core, time is integer ns.
//
// Ownership: every `const char*` / `const uint8_t*` returned here is owned by the core and
// stays valid until the next call on the same handle (or, for handle-less calls, the next
// handle-less call). Copy it out at once (in JS: slice the HEAPU8 view).
//
// Errors never abort: a failing call returns 0 / a negative status and bl_last_error()
// says what went wrong, naming the field, the value and the allowed range.
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Create a simulation from a scenario JSON document (docs/scenario.md).
// Returns a handle > 0, or 0 on error (see bl_last_error()).
int32_t bl_create(const char* scenario_json);

// Checks a scenario without creating a simulation and lists every problem at once:
// {"ok": true|false, "problems": [{"path": "queue.maxP", "code": "field", "message": "7 is out of
// range; allowed [0, 1]", "value": 7, "range": {"min": 0, "max": 1, "unit": ""} | null,
// "options": [...] | null, "default": 0.1}]}. `path` is the field's place in the document
// ("flowOverrides[2].weight"; "" for the document itself), `range` is given for numbers,
// `options` for choices (kinds too), `default` is what the field is when left out. `code` says
// what kind of problem: "field" (a field on its own), "rule" (between fields), "budget" (the work
// budget), "unchecked" (a check that the problems before it left without a meaning, such as the
// work budget of a network some of whose flows could not be built: nothing to mend at its path).
// Every field-level problem is listed; when there is none, the rules between fields (measureFrom
// below duration, routes of a graph, ..., the work budget) are checked and every one that fails
// is listed. The text stays valid until the next handle-less call. Never fails (a null argument
// is reported as a problem).
const char* bl_check(const char* scenario_json);

// Status codes returned by bl_run_until.
enum {
  BL_RUN_REACHED = 0,      // simulated time reached `until`
  BL_RUN_EVENT_LIMIT = 1,  // stopped early (max_events events, or a full block of rows); drain, call again
  BL_RUN_FINISHED = 2,     // scenario duration reached; nothing more will happen
  BL_RUN_BUDGET = 3,       // the run has outgrown the work budget: stopped for good; bl_last_error() says why
  BL_RUN_ERROR = -1        // bad handle or argument; see bl_last_error()
};

// Advance the simulation until simulated time `until_seconds` or until `max_events` events were
// processed (0 = no limit), whichever first. `until_seconds` is a time in seconds, 0 or more: a
// time at or past the duration (Infinity included) runs to the end; NaN, -Infinity and negative
// times are refused (BL_RUN_ERROR). One call also returns early (BL_RUN_EVENT_LIMIT) once it has
// recorded maxBlockBytes of rows and events (bl_describe's limits), so no call makes a block larger
// than that. A run that has processed as many events as the work budget stops (BL_RUN_BUDGET).
int32_t bl_run_until(int32_t handle, double until_seconds, uint32_t max_events);

// Current simulated time in seconds.
double bl_now(int32_t handle);

// Total events processed so far.
double bl_events(int32_t handle);

// Change a parameter while the simulation runs. entity/key as in docs/scenario.md
// ("flow.3"/"exoLoss", "flows"/"weight", "queue.bottleneck"/"maxP", ...).
// Returns 0 on success, -1 on error (unknown entity/key, value out of range).
int32_t bl_set_param(int32_t handle, const char* entity, const char* key, double value);

// bl_set_param's last refusal as one problem in bl_check's shape, or "null" when the last call
// applied its change: {"path": "flow.3.exoLoss", "code": "field", "message": "1.5 is out of
// range; allowed [0, 1]", "value": 1.5, "range": {"min": 0, "max": 1, "unit": ""}, ...}. `path`
// is entity.key; `code` is "field" (the value against the parameter's spec, whose range is
// given, in SI units as the spec has them), "rule" (a rule between parameters, such as RED's
// minTh below maxTh) or "unknown" (no such entity or key, or not changeable while running).
// A page words it in the control's own units from the range, as for bl_check's problems.
// Per thread; the text stays valid until the next bl_set_param call.
const char* bl_set_param_problem(void);

// Columns of the sample rows, as a JSON array of strings, e.g.
// ["t","flow.0.cwnd",...,"queue.bottleneck.len",...,"jain","wjain"]. Fixed per handle.
const char* bl_columns(int32_t handle);

// Take everything recorded since the previous drain as one binary block (layout in
// docs/scenario.md, "Metric blocks"). Returns the block's length in bytes; the bytes are
// at bl_drain_ptr(handle) until the next call on this handle.
uint32_t bl_drain(int32_t handle);
const uint8_t* bl_drain_ptr(int32_t handle);

// Whole-run summary so far as JSON (the CLI prints this).
const char* bl_summary(int32_t handle);

// The manifest: one account of the run as built and as it stands now, read from the built
// network (docs/scenario.md, "The manifest"): its flows (window rule and its parameters, loss
// recovery, ECN, pacing, weight, deadline, start, stop, path), links (ends, rate, delay, buffer,
// queue kind and parameters, loss model with the rate in force now), the bottleneck and the
// traced hops, nodes, the current value of every live parameter (a loss schedule's current step
// included; "nextChange" is the time a schedule next moves one), and every live change so far.
// "{}" for a bad handle (bl_last_error() says why). Valid until the next call on the handle.
const char* bl_manifest(int32_t handle);

// The parameter specs of every tunable as JSON (version 2, docs/scenario.md "Parameter specs"):
// groups named by their path in the scenario document, each with its specs (key, label, unit,
// type, default, min, max, options, help, live) or the field that selects its kind; the kinds
// of each family once; live parameters per entity; the guard rails; the fluid model's specs.
// Controls, URL keys, validation and docs come from this.
const char* bl_describe(void);

// The last error message ("" if none). Per thread; set by any failing call.
const char* bl_last_error(void);

void bl_destroy(int32_t handle);

// Fluid model of the XQM paper, Section 3 (docs/fluid-model.md). Handle-less: the returned
// text stays valid until the next handle-less call.
// bl_fluid solves Eqs. 1-10 for the parameters given (all optional; defaults are Fig. 2
// with DropTail) and returns {"columns":[...], "rows":[[...], ...], "summary":{...}}.
// bl_fluid_steady returns the steady state of Eqs. 11-12 for a sweep of exogenous loss
// rates. On bad input both return {"error": "..."} naming the field and the allowed range
// (bl_last_error() says the same).
const char* bl_fluid(const char* params_json);
const char* bl_fluid_steady(const char* params_json);

#ifdef __cplusplus
}
#endif
