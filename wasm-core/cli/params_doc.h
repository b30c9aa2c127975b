// Renders the parameter specs (bl_describe) as Markdown: docs/parameters.md is this output,
// and a test keeps it in step with the specs.
#pragma once
#include <string>

namespace bl {
std::string parametersMarkdown();
}
