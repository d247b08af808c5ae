#pragma once
#include <string>

namespace perch {
// Console logging with spdlog; level is one of trace, debug, info, warn, error, off.
void setup_logging(const std::string& level);
}  // namespace perch
