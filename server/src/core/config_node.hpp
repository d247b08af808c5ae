#pragma once
// One place in a JSON configuration document that knows its full key path ("solana.maker_key_file",
// "rate_limits.auth.paths[0]"), so every error it raises names the key the operator must fix.
// A missing key is still a node (not present()), and reading it gives the fallback.
#include <boost/json/fwd.hpp>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perch {

class ConfigNode {
  public:
    // The document's root; `lead` opens every error ("config key" → "config key 'a.b': ...").
    static ConfigNode root(const boost::json::value& doc, std::string lead = "config key");

    ConfigNode operator[](std::string_view key) const;  // a member of an object
    ConfigNode operator[](std::size_t index) const;     // an element of an array

    bool present() const { return value_ != nullptr; }
    const std::string& path() const { return path_; }
    const boost::json::value& value() const;  // present() only

    // The members of an object (each with its path), in file order; none when absent.
    std::vector<std::pair<std::string, ConfigNode>> items() const;
    // The elements of an array; none when absent.
    std::vector<ConfigNode> elements() const;
    // Fails unless an object (when present); then fails on the first member not in `known`.
    void reject_unknown(std::initializer_list<std::string_view> known) const;
    void require_object() const;

    std::string as_string(std::string fallback) const;
    bool as_bool(bool fallback) const;
    std::int64_t as_int(std::int64_t fallback, std::int64_t min, std::int64_t max) const;
    std::chrono::milliseconds as_ms(std::chrono::milliseconds fallback, std::int64_t min,
                                    std::int64_t max) const;
    std::vector<std::string> as_strings() const;  // an array of strings; empty when absent
    double as_number(double min) const;           // present() only

    [[noreturn]] void fail(const std::string& why) const;

  private:
    ConfigNode(const boost::json::value* value, std::string path, std::string lead)
        : value_(value), path_(std::move(path)), lead_(std::move(lead)) {}

    const boost::json::value* value_;
    std::string path_;
    std::string lead_;
};

}  // namespace perch
