#include "core/json_file.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace perch {

boost::json::value read_json_file(const std::string& path, std::string_view what) {
    std::ifstream in(path);
    if (!in) throw ConfigError(std::string(what) + " '" + path + "' cannot be read");
    std::stringstream buf;
    buf << in.rdbuf();
    boost::system::error_code ec;
    auto value = boost::json::parse(buf.str(), ec);
    if (ec)
        throw ConfigError(std::string(what) + " '" + path + "' is not valid JSON: " + ec.message());
    return value;
}

const boost::json::value* member_of(const boost::json::value& doc, std::string_view key) {
    return doc.is_object() ? doc.as_object().if_contains(key) : nullptr;
}

}  // namespace perch
