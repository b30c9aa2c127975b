// Renders the parameter specs (bl_describe) as Markdown: docs/parameters.md is this output,
// and a test keeps it in step with the specs. It knows the describe document's shape, never a
// particular parameter: a spec added to the core appears here as it is.
#pragma once
#include <string>

#include "core/json.h"

namespace bl {
// `describe` is a bl_describe document (docs/scenario.md, "Parameter specs").
std::string parametersMarkdown(const Json& describe);
std::string parametersMarkdown();  // of this core's bl_describe
}  // namespace bl
