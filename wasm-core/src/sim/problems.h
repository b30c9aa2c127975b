// The rules between fields that a scenario breaks (measureFrom below duration, a route between
// two nodes, one share per member flow...), gathered while the network is built. The build
// goes on past a problem wherever it can, so bl_check lists every one in one pass; bl_create
// refuses with the first.
#pragma once
#include <cmath>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace bl {

struct ParamSpec;

struct Problem {
  std::string path;  // scenario path of the field the rule names ("" for the document)
  std::string message;
  double min = NAN, max = NAN;  // the allowed range, when the rule gives one
  std::string unit;
  bool integer = false;
  // What kind of problem (bl_check's "code"): "field" (a field on its own: unknown key, type,
  // range, kind), "rule" (between fields), "budget" (the work budget), "unchecked" (a check the
  // problems before it left without a meaning: nothing to mend at its path), "unknown" (a live
  // change's entity or key that does not exist).
  std::string code = "rule";
  const ParamSpec* spec = nullptr;  // the field's spec, when the problem is its value against it
  std::string text() const { return path.empty() ? message : path + ": " + message; }
};

// A problem at `path` with its code, the other fields left as they are by default.
inline Problem problemAt(std::string path, std::string message, std::string code = "rule") {
  Problem p;
  p.path = std::move(path);
  p.message = std::move(message);
  p.code = std::move(code);
  return p;
}

class Problems {
 public:
  // A rule broken again (by every flow of the same defaults) is listed once.
  void add(std::string path, std::string message, double min = NAN, double max = NAN, std::string unit = "",
           bool integer = false) {
    ++reported_;
    if (!seen_.insert(path + '\n' + message).second) return;  // hashed: n problems cost O(n)
    Problem p = problemAt(std::move(path), std::move(message));
    p.min = min;
    p.max = max;
    p.unit = std::move(unit);
    p.integer = integer;
    list_.push_back(std::move(p));
  }
  // A problem already shaped (its code, its spec).
  void add(Problem p) {
    ++reported_;
    if (!seen_.insert(p.path + '\n' + p.message).second) return;
    list_.push_back(std::move(p));
  }
  // An error as the modules word it, "path: message" (a path has no spaces).
  void add(const std::string& text) {
    const size_t colon = text.find(": ");
    const std::string head = colon == std::string::npos ? "" : text.substr(0, colon);
    if (!head.empty() && head.find(' ') == std::string::npos)
      add(head, text.substr(colon + 2));
    else
      add("", text);
  }
  bool empty() const { return list_.empty(); }
  // How many times a problem was reported, a repeat included: a part of the build compares it
  // before and after to know whether it met one.
  size_t reported() const { return reported_; }
  const std::vector<Problem>& list() const { return list_; }

 private:
  std::vector<Problem> list_;
  std::unordered_set<std::string> seen_;
  size_t reported_ = 0;
};

}  // namespace bl
