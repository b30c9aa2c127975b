// The shape of a scenario document: which spec list applies at which path. One table, read by
// the structured check (bl_check: every problem, each with its path, in one pass) and by
// bl_describe (its groups are these paths). A spec list added to a module appears in both.
#pragma once
#include <string>
#include <vector>

#include "core/json.h"
#include "core/params.h"
#include "sim/problems.h"

namespace bl {

constexpr int kDescribeVersion = 4;  // bumped when the bl_describe document changes shape

// One kind of a kind-selected group ("red" of "queue").
struct SchemaKind {
  const char* name;
  const char* help;
  const SpecList* specs;
  const char* label = nullptr;  // the name people read (describe's kinds.FAMILY.NAME.label)
};

// A place in the scenario document. `path` names it with "[]" for every element of an array:
// "", "queue", "flows.ccParams", "topology.links[]", "topology.rates[]".
struct SchemaGroup {
  std::string path;
  const SpecList* specs = nullptr;    // the fields of the object there (no kind), or
  std::vector<SchemaKind> kinds;      // one spec list per kind, chosen by the selector,
  std::string kindSet;                //   the kinds' family ("queue", "loss", "cc", "topology"):
  std::string selectorKey;            //   the selecting field's key ("kind", "cc"),
  bool selectorInParent = false;      //   in the parent object (flows.cc for flows.ccParams) or in the object itself,
  std::vector<std::string> fallback;  //   and where to look, in order, when it is absent ("flows.cc"; "[flow]"
                                      //   is the element this entry's `flow` names), else the default kind
  std::string defaultKind;
  const ParamSpec* items = nullptr;  // an array of plain values: the spec of each element
  std::string whenKey, whenValue;    // only when this field (a scenario path) has this value
};

// Every group, parents before children.
const std::vector<SchemaGroup>& scenarioSchema();
const SchemaGroup* findGroup(const std::string& path);

// The selector as a scenario path ("queue.kind", "flows.cc", "flowOverrides[].cc").
std::string selectorPath(const SchemaGroup& g);

// bl_check: {"ok": bool, "problems": [{path, message, value, range: {min, max, unit} | null,
// options: [...] | null, default}]}. Every field-level problem (unknown key, wrong type, out of
// range, unknown kind) is listed; when there is none, the cross-field rules (measureFrom below
// duration, graph routes, ...) are checked by building the network without running it, and
// every one that fails is listed (sim/problems.h), with its range where it has one.
Json checkScenario(const std::string& json);

// One problem in bl_check's shape: {path, code, message, value, range: {min, max, unit,
// integer?} | null, options | null, default}. The range, options and default are the spec's
// when the problem has one, else the rule's range (or `range` when given). bl_set_param's
// refusals take the same shape (bl_set_param_problem).
Json problemJson(const Problem& p, const Json* value, const Json* range = nullptr);

// bl_describe's document (docs/scenario.md, "Parameter specs").
Json describeDocument();

}  // namespace bl
