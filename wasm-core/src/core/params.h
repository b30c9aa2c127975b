// Parameter specs: every tunable is declared once, with key, unit, default, range and help.
// Scenario validation, live setParam checks, bl_describe() (and so the web app's controls,
// URL keys and docs) all come from these declarations.
#pragma once
#include <cmath>
#include <string>
#include <vector>

#include "core/cold.h"
#include "core/json.h"

namespace bl {

enum class ParamType { Number, Int, Bool, Enum, Array, Object, String };

// A parameter's declaration. Made only by naming each part (Spec below): there is no positional
// constructor in which two numbers could be swapped.
struct ParamSpec {
  const char* key;
  const char* label;
  const char* unit;  // "s", "bit/s", "packets", "" ...
  ParamType type;
  double def = NAN;  // default (for Enum: index into options; NaN = none/null)
  double min = 0;
  double max = 0;
  const char* help = "";
  bool live = false;                      // can be changed while the simulation runs
  std::vector<const char*> options = {};  // Enum values
  bool nullable = false;                  // null allowed (e.g. stop = never)
  // Enum: each option's name for people ("newreno" -> "NewReno"), in the order of options; empty: none.
  std::vector<const char*> optionLabels = {};

 private:
  friend class Spec;
  ParamSpec(const char* k, const char* l, const char* u, ParamType t) : key(k), label(l), unit(u), type(t) {}
};

// A spec is built by naming each of its parts, as ns-3's AddAttribute names a default, an
// accessor and a checker, so that no number can be swapped with its neighbour unnoticed:
//
//   Spec::number("minTh", "Min threshold", "packets").defaultsTo(50).range(0, 100000).help("...").live()
//   Spec::flag("gentle", "Gentle").defaultsTo(true).help("...").live()
//   Spec::choice("kind", "Kind", {"cbr", "onoff"}).defaultOption("cbr").help("...")
//
// A number without defaultsTo has none (NaN: null, or a value the owner computes); a flag's range
// is [0, 1]; an array, object or string has no range. A Spec converts to the ParamSpec it built,
// the only way to make one (ParamSpec has no positional constructor).
class Spec {
 public:
  static Spec number(const char* key, const char* label, const char* unit = "") {
    return Spec(key, label, unit, ParamType::Number);
  }
  static Spec integer(const char* key, const char* label, const char* unit = "") {
    return Spec(key, label, unit, ParamType::Int);
  }
  static Spec flag(const char* key, const char* label) { return Spec(key, label, "", ParamType::Bool).range(0, 1); }
  // An Enum: its options in order (the value is an option's index).
  static Spec choice(const char* key, const char* label, std::vector<const char*> options) {
    Spec s(key, label, "", ParamType::Enum);
    s.s_.options = std::move(options);
    return s;
  }
  static Spec array(const char* key, const char* label, const char* unit = "") {
    return Spec(key, label, unit, ParamType::Array);
  }
  static Spec object(const char* key, const char* label) { return Spec(key, label, "", ParamType::Object); }
  static Spec string(const char* key, const char* label) { return Spec(key, label, "", ParamType::String); }

  // Each part is set on the Spec being built and handed on (Spec&&): a chain of them makes one
  // ParamSpec, not a copy per step (a copy of the two option lists per step, inlined at each of
  // some 200 specs, was about 130 kB of the WASM core). A named Spec (an lvalue) gets a copy.
  // The default value (a flag's: true or false; a choice's: the option's index, or defaultOption).
  Spec&& defaultsTo(double v) && {
    s_.def = v;
    return std::move(*this);
  }
  Spec defaultsTo(double v) const& { return Spec(*this).defaultsTo(v); }
  // A choice's default, named by its option; an option not listed is a table error.
  Spec&& defaultOption(const char* name) && {
    s_.def = optionIndex(name);
    return std::move(*this);
  }
  Spec defaultOption(const char* name) const& { return Spec(*this).defaultOption(name); }
  // A choice's options' names for people, in the order of the options ("newreno" -> "NewReno").
  Spec&& optionLabels(std::vector<const char*> labels) && {
    s_.optionLabels = std::move(labels);
    return std::move(*this);
  }
  Spec optionLabels(std::vector<const char*> labels) const& { return Spec(*this).optionLabels(std::move(labels)); }
  // The allowed values of a number or an integer, in the spec's unit: [lowest, highest].
  Spec&& range(double lowest, double highest) && {
    s_.min = lowest;
    s_.max = highest;
    return std::move(*this);
  }
  Spec range(double lowest, double highest) const& { return Spec(*this).range(lowest, highest); }
  Spec&& help(const char* text) && {
    s_.help = text;
    return std::move(*this);
  }
  Spec help(const char* text) const& { return Spec(*this).help(text); }
  // Can be changed while the simulation runs.
  Spec&& live(bool yes = true) && {
    s_.live = yes;
    return std::move(*this);
  }
  Spec live(bool yes = true) const& { return Spec(*this).live(yes); }
  // null is allowed (stop = never, deadline = none).
  Spec&& nullable() && {
    s_.nullable = true;
    return std::move(*this);
  }
  Spec nullable() const& { return Spec(*this).nullable(); }
  // A Spec being built gives up its ParamSpec; a named one is copied.
  operator ParamSpec() && { return std::move(s_); }  // NOLINT: a Spec stands for its ParamSpec
  operator const ParamSpec&() const& { return s_; }  // NOLINT: a Spec stands for its ParamSpec

 private:
  Spec(const char* key, const char* label, const char* unit, ParamType type) : s_(key, label, unit, type) {}
  // The index of a choice's option; aborts (a table error) when it is not one of them.
  double optionIndex(const char* name) const;
  ParamSpec s_;
};

using SpecList = std::vector<ParamSpec>;

// A shared spec (a core's fragment: RED's minTh, CoDel's target) worded for the discipline that
// binds it: the same key, label, unit, default and range, another help.
inline ParamSpec withHelp(ParamSpec s, const char* help) {
  s.help = help;
  return s;
}

// Validated values of one object (a queue, a topology...), by key; defaults filled in.
class ParamValues {
 public:
  double num(const char* key) const;
  bool flag(const char* key) const { return num(key) != 0; }
  const char* option(const char* key) const;  // Enum value as text
  bool isNull(const char* key) const;
  // Array / Object / String params, or nullptr: the value in the document read, which must outlive
  // these values (a copy per read made a schedule of 2,000,000 steps cost gigabytes).
  const Json* raw(const char* key) const;
  std::string text(const char* key, const std::string& def = "") const;
  void setNum(const std::string& key, double v);
  void setRaw(const std::string& key, const Json& v);  // keeps &v
  void setRaw(const std::string& key, Json&& v) = delete;
  const SpecList* specs = nullptr;

 private:
  friend bool readParams(const Json*, const SpecList&, const std::string&, ParamValues&, std::string&,
                         const std::vector<std::string>&);
  std::vector<std::pair<std::string, double>> nums_;
  std::vector<std::pair<std::string, const Json*>> raws_;
};

// Reads `obj` (may be null: all defaults) against `specs`. Unknown keys (other than those in
// `extraKeys`), wrong types and out-of-range values fail with an error naming
// `path.key`, the value and the allowed range.
bool readParams(const Json* obj, const SpecList& specs, const std::string& path, ParamValues& out, std::string& err,
                const std::vector<std::string>& extraKeys = {});

// Checks one live value against its spec; on failure sets err naming `where`.
bool checkValue(const ParamSpec& s, double v, const std::string& where, std::string& err);
const ParamSpec* findSpec(const SpecList& specs, const std::string& key);

// A number as its spec has it, for the manifest: an Enum's option name, a Bool as true/false,
// NaN as null.
Json specValueJson(const ParamSpec& s, double v);
// Validated values as a JSON object of every spec (defaults filled in), in the specs' order.
Json valuesToJson(const ParamValues& v, const SpecList& specs);

// The spec list as JSON for bl_describe().
Json specsToJson(const SpecList& specs);
std::string describeRange(const ParamSpec& s);
// The keys of a spec list, "a, b, c" (for messages that list what is allowed).
std::string specKeys(const SpecList& specs);

}  // namespace bl
