#pragma once
// Reads a JSON file at start; a missing or malformed file is a ConfigError naming what it is
// ("config file", "reference data", ...) and the path.
#include <boost/json/value.hpp>
#include <string>
#include <string_view>

namespace perch {

boost::json::value read_json_file(const std::string& path, std::string_view what);

// The member `key` of a document's top level, or null when the document is not an object or has
// no such member (the caller words what the file must hold).
const boost::json::value* member_of(const boost::json::value& doc, std::string_view key);

}  // namespace perch
