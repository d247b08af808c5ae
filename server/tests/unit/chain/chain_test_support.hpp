#pragma once
// Helpers shared by the chain tests: fixture loading and hex shortcuts.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "chain/hex.hpp"
#include "test_paths.hpp"

namespace perch::chain::test {

inline std::filesystem::path vectors_dir() {
    return std::filesystem::path(perch::test::vectors_dir()) / "ethereum-tests";
}
inline std::filesystem::path fixtures_dir() {
    return std::filesystem::path(perch::test::fixtures_dir());
}

inline boost::json::value load_json(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    boost::json::error_code ec;
    auto value = boost::json::parse(buffer.str(), ec);
    if (ec) ADD_FAILURE() << "cannot parse " << path << ": " << ec.message();
    return value;
}

// Test-only hex decode: a malformed literal in a test is a test bug, so fail loudly.
inline Bytes hex(std::string_view text) {
    auto bytes = from_hex(text);
    if (!bytes) {
        ADD_FAILURE() << "bad hex literal in test: " << text;
        return {};
    }
    return *bytes;
}

inline std::string str(const boost::json::value& v) {
    return std::string(v.as_string());
}

}  // namespace perch::chain::test
