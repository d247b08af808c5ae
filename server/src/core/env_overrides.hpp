#pragma once
// The environment variables that override the config file: one table, which parse_config applies
// (in this order, after the file) and `perch help` lists.
#include <string>
#include <vector>

#include "core/config.hpp"

namespace perch {

struct EnvOverride {
    const char* name;  // PERCH_...
    const char* sets;  // the config key it replaces, for the usage text
    void (*apply)(Config& c, const std::string& value);
};
const std::vector<EnvOverride>& env_overrides();

}  // namespace perch
