#include "net/queue_disc.h"

namespace bl {

bool QueueDisc::setParam(const std::string& key, double v, std::string& err) {
  const ParamSpec* s = findSpec(specs(), key);
  const std::string where = std::string(kind()) + "." + key;
  if (!s) {
    std::string known;
    for (const ParamSpec& x : specs())
      if (x.live) known += (known.empty() ? "" : ", ") + std::string(x.key);
    err = where + ": unknown parameter; live parameters of " + kind() + ": " + known;
    return false;
  }
  if (!s->live) {
    err = where + ": cannot be changed while running";
    return false;
  }
  if (!checkValue(*s, v, where, err)) return false;
  if (!consistent(key, v, err)) return false;
  apply(key, v);
  return true;
}

const char* QueueDisc::option(const std::string& key) const {
  const ParamSpec* s = findSpec(specs(), key);
  const double i = param(key);
  if (!s || s->type != ParamType::Enum || !(i >= 0 && i < static_cast<double>(s->options.size()))) return "";
  return s->options[static_cast<size_t>(i)];
}

const QueueKind* findQueueKind(const std::string& name) {
  for (const QueueKind& k : queueKinds())
    if (name == k.name) return &k;
  return nullptr;
}

}  // namespace bl
