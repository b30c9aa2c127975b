// Helpers shared by the tests that drive whole scenarios through the C ABI.
#pragma once
#include <string>

#include "bl/abi.h"

namespace bl {

// "" when the scenario is accepted (the handle is destroyed), else the core's error message.
inline std::string createError(const std::string& json) {
  const int32_t h = bl_create(json.c_str());
  if (h) {
    bl_destroy(h);
    return "";
  }
  return bl_last_error();
}

}  // namespace bl
