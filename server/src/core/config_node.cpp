#include "core/config_node.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "core/error.hpp"

namespace perch {
namespace json = boost::json;

ConfigNode ConfigNode::root(const json::value& doc, std::string lead) {
    return ConfigNode(&doc, "", std::move(lead));
}

ConfigNode ConfigNode::operator[](std::string_view key) const {
    auto path = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
    const json::value* child = nullptr;
    if (value_) {
        require_object();
        child = value_->as_object().if_contains(key);
    }
    return ConfigNode(child, std::move(path), lead_);
}

ConfigNode ConfigNode::operator[](std::size_t index) const {
    const json::value* child = nullptr;
    if (value_ && value_->is_array() && index < value_->as_array().size())
        child = &value_->as_array()[index];
    return ConfigNode(child, path_ + "[" + std::to_string(index) + "]", lead_);
}

const json::value& ConfigNode::value() const {
    if (!value_) fail("is required");
    return *value_;
}

void ConfigNode::require_object() const {
    if (value_ && !value_->is_object()) fail("must be an object");
}

std::vector<std::pair<std::string, ConfigNode>> ConfigNode::items() const {
    std::vector<std::pair<std::string, ConfigNode>> out;
    if (!value_) return out;
    require_object();
    for (const auto& [key, v] : value_->as_object()) out.emplace_back(key, (*this)[key]);
    return out;
}

std::vector<ConfigNode> ConfigNode::elements() const {
    std::vector<ConfigNode> out;
    if (!value_) return out;
    if (!value_->is_array()) fail("must be an array");
    for (std::size_t i = 0; i < value_->as_array().size(); ++i) out.push_back((*this)[i]);
    return out;
}

void ConfigNode::reject_unknown(std::initializer_list<std::string_view> known) const {
    for (const auto& [key, child] : items()) {
        if (std::find(known.begin(), known.end(), std::string_view(key)) == known.end())
            child.fail("unknown key");
    }
}

std::string ConfigNode::as_string(std::string fallback) const {
    if (!value_) return fallback;
    if (!value_->is_string()) fail("must be a string");
    return std::string(value_->as_string());
}

bool ConfigNode::as_bool(bool fallback) const {
    if (!value_) return fallback;
    if (!value_->is_bool()) fail("must be true or false");
    return value_->as_bool();
}

std::int64_t ConfigNode::as_int(std::int64_t fallback, std::int64_t min, std::int64_t max) const {
    if (!value_) return fallback;
    if (!value_->is_int64() && !value_->is_uint64()) fail("must be an integer");
    auto n =
        value_->is_int64() ? value_->as_int64() : static_cast<std::int64_t>(value_->as_uint64());
    if (value_->is_uint64() && value_->as_uint64() > static_cast<std::uint64_t>(max)) n = max + 1;
    if (n < min || n > max)
        fail("must be between " + std::to_string(min) + " and " + std::to_string(max));
    return n;
}

std::chrono::milliseconds ConfigNode::as_ms(std::chrono::milliseconds fallback, std::int64_t min,
                                            std::int64_t max) const {
    return std::chrono::milliseconds(as_int(fallback.count(), min, max));
}

std::vector<std::string> ConfigNode::as_strings() const {
    std::vector<std::string> out;
    if (!value_) return out;
    if (!value_->is_array()) fail("must be an array of strings");
    for (const auto& item : value_->as_array()) {
        if (!item.is_string()) fail("must be an array of strings");
        out.emplace_back(item.as_string());
    }
    return out;
}

double ConfigNode::as_number(double min) const {
    if (!value().is_number() || value_->to_number<double>() < min)
        fail("must be a number >= " + std::to_string(static_cast<std::int64_t>(min)));
    return value_->to_number<double>();
}

void ConfigNode::fail(const std::string& why) const {
    throw ConfigError(lead_ + " '" + path_ + "': " + why);
}

}  // namespace perch
