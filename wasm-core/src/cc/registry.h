// The congestion control modules the core knows, by name. A new module is one file plus one
// line in cc/registry.cpp.
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

struct CcKind {
  const char* name;
  const char* help;
  const SpecList* specs;  // the module's own parameters (set on the flow in later issues)
  std::function<std::unique_ptr<CongestionControl>()> make;
  const char* label = nullptr;  // the name people read ("CUBIC", "Reno (AIMD)")
};

const std::vector<CcKind>& ccKinds();
const CcKind* findCcKind(const std::string& name);
std::vector<const char*> ccNames();

}  // namespace bl
