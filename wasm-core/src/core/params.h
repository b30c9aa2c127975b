// Parameter specs: every tunable is declared once, with key, unit, default, range and help.
// Scenario validation, live setParam checks, bl_describe() (and so the web app's controls,
// URL keys and docs) all come from these declarations.
#pragma once
#include <string>
#include <vector>

#include "core/json.h"

namespace bl {

enum class ParamType { Number, Int, Bool, Enum, Array, Object, String };

struct ParamSpec {
  const char* key;
  const char* label;
  const char* unit;  // "s", "bit/s", "packets", "" ...
  ParamType type;
  double def;  // default (for Enum: index into options; NaN = none/null)
  double min;
  double max;
  const char* help;
  bool live = false;                      // can be changed while the simulation runs
  std::vector<const char*> options = {};  // Enum values
  bool nullable = false;                  // null allowed (e.g. stop = never)
  // Enum: each option's name for people ("newreno" -> "NewReno"), in the order of options; empty: none.
  std::vector<const char*> optionLabels = {};
};

using SpecList = std::vector<ParamSpec>;

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
