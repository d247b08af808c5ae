#pragma once
// Reads a JSON file at start; a missing or malformed file is a ConfigError naming what it is
// ("config file", "reference data", ...) and the path.
#include <boost/json/value.hpp>
#include <string>
#include <string_view>

namespace perch {

boost::json::value read_json_file(const std::string& path, std::string_view what);

}  // namespace perch
