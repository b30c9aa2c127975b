#include "cc/registry.h"

namespace bl {

namespace {
const SpecList kNoSpecs = {};
}

const std::vector<CcKind>& ccKinds() {
  static const std::vector<CcKind> kinds = {
      {"aimd", "Standard TCP window rule: slow start, then +1 packet per RTT, halve on loss.", &kNoSpecs,
       [] { return makeAimd(1.0, 0.5); }},
  };
  return kinds;
}

const CcKind* findCcKind(const std::string& name) {
  for (const CcKind& k : ccKinds()) if (name == k.name) return &k;
  return nullptr;
}

std::vector<const char*> ccNames() {
  std::vector<const char*> n;
  for (const CcKind& k : ccKinds()) n.push_back(k.name);
  return n;
}

}  // namespace bl
