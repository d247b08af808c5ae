#include "app/keys.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/text.hpp"

namespace perch::app {
namespace {

void check_owner_only(const std::string& path, const std::string& key) {
    namespace fs = std::filesystem;
    std::error_code ec;
    auto perms = fs::status(path, ec).permissions();
    if (ec) return;  // unreadable: the read names the problem
    if ((perms & (fs::perms::group_all | fs::perms::others_all)) != fs::perms::none) {
        throw ConfigError(key + ": '" + path + "' is readable by group or others; run: chmod 600 " +
                          path);
    }
}

}  // namespace

std::optional<std::string> read_text_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string read_key_text(const std::string& path, const std::string& key) {
    check_owner_only(path, key);
    auto text = read_text_file(path);
    if (!text) throw ConfigError(key + ": cannot read '" + path + "'");
    return std::string(text::trim(*text));
}

chain::PrivateKey read_evm_key(const std::string& path, const std::string& key) {
    auto parsed = chain::PrivateKey::from_hex(read_key_text(path, key));
    if (!parsed) throw ConfigError(key + ": '" + path + "' does not hold a private key");
    return std::move(*parsed);
}

chain::solana::Keypair read_solana_key(const std::string& path, const std::string& key) {
    auto parsed = chain::solana::Keypair::from_seed_hex(read_key_text(path, key));
    if (!parsed) throw ConfigError(key + ": '" + path + "' does not hold a seed");
    return std::move(*parsed);
}

}  // namespace perch::app
