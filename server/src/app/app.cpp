// The perch command line: reads the command and its arguments and runs it (serve.cpp: serve,
// pause, resume; here: migrate, migrate-data, import-airdrop, help).
#include "app/app.hpp"

#include <boost/json.hpp>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/keys.hpp"
#include "app/profile_check.hpp"
#include "core/env_overrides.hpp"
#include "core/error.hpp"
#include "core/log.hpp"
#include "core/run_blocking.hpp"
#include "rewards/airdrop.hpp"
#include "store/rewards_store.hpp"
#include "store/sql/copy.hpp"
#include "store/sql/db.hpp"

namespace perch::app {
namespace {

constexpr const char* kCommands =
    "usage: perch <command> [--config FILE]\n"
    "  serve     serve the API and the web app (default config: config/perch.json)\n"
    "  migrate   apply pending database migrations and exit\n"
    "  check-profile   ask every node of the chain profile whether it is what the profile says\n"
    "            (its chain id, the contracts' code, the Depositor's maker); exit 1 on a problem\n"
    "  pause [--route SRC:DST:TOKEN] [--reason TEXT]   stop the bridge maker from signing new\n"
    "            payouts, on every route or on one (e.g. 8453:42161:ETH); a running server obeys\n"
    "  resume [--route SRC:DST:TOKEN]   let the maker pay again (everywhere, or on that route)\n"
    "  migrate-data --from URL --to URL   copy a stopped deployment's database into an empty one\n"
    "            (e.g. sqlite:data/perch.db to postgresql://...) and check every row arrived\n"
    "  import-airdrop FILE [--campaign NAME]   load airdrop allocations (CSV address,value;\n"
    "            default campaign layerzero) for the batch query tool\n"
    "  help      show this text\n";

// The commands, then every environment override from the table the config reads them with.
std::string usage() {
    std::string out = kCommands;
    out += "Environment overrides (each replaces a config key):\n";
    for (const auto& o : env_overrides()) {
        std::string name = o.name;
        out +=
            "  " + name + std::string(name.size() < 31 ? 31 - name.size() : 1, ' ') + o.sets + "\n";
    }
    return out;
}

[[noreturn]] void unknown_argument(const std::string& arg) {
    throw ConfigError("unknown argument '" + arg + "'\n" + usage());
}

// `FLAG VALUE` at args[i]: puts VALUE in `value` and steps `i` onto it.
bool take_option(const std::vector<std::string>& args, std::size_t& i, std::string_view flag,
                 std::string& value) {
    if (args[i] != flag || i + 1 >= args.size()) return false;
    value = args[++i];
    return true;
}

Config read_config(const std::vector<std::string>& args) {
    std::string path;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!take_option(args, i, "--config", path)) unknown_argument(args[i]);
    }
    if (path.empty() && std::filesystem::exists("config/perch.json")) path = "config/perch.json";
    if (path.empty()) return parse_config(boost::json::object{}, process_env());
    return load_config(path, process_env());
}

// Takes --route and --reason out of `args` (the rest is read_config's).
std::vector<std::string> route_args(const std::vector<std::string>& args, std::string& route,
                                    std::string& reason) {
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!take_option(args, i, "--route", route) && !take_option(args, i, "--reason", reason))
            rest.push_back(args[i]);
    }
    return rest;
}

// perch import-airdrop FILE [--campaign NAME] [--config FILE]
int import_airdrop(std::vector<std::string> args) {
    std::string file, campaign = "layerzero";
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (take_option(args, i, "--campaign", campaign)) continue;
        if (args[i] == "--config" && i + 1 < args.size()) {
            rest.push_back(args[i]);
            rest.push_back(args[++i]);
        } else if (file.empty() && !args[i].starts_with("--")) {
            file = args[i];
        } else {
            unknown_argument(args[i]);
        }
    }
    if (file.empty()) throw ConfigError(std::string("import-airdrop needs a FILE\n") + usage());
    if (!rewards::is_airdrop_campaign(campaign))
        throw ConfigError("--campaign '" + campaign +
                          "' is not one of layerzero, strk, taiko, blast, zk");
    auto config = read_config(rest);
    setup_logging(config.log_level);
    auto text = read_text_file(file);
    if (!text) throw ConfigError("cannot read '" + file + "'");
    auto parsed = rewards::parse_airdrop_csv(*text);
    if (!parsed.error.empty()) throw ConfigError(file + ": " + parsed.error);
    auto store = store::open_store(config.database_url);
    auto rewards_store = store::open_rewards_store(*store);
    auto count = run_blocking(rewards_store->import_airdrop(campaign, std::move(parsed.rows)));
    std::cout << count << " allocation(s) imported for " << campaign << "\n";
    return 0;
}

// perch migrate-data --from URL --to URL
int migrate_data(const std::vector<std::string>& args) {
    std::string from, to;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!take_option(args, i, "--from", from) && !take_option(args, i, "--to", to))
            unknown_argument(args[i]);
    }
    if (from.empty() || to.empty())
        throw ConfigError(std::string("migrate-data needs --from URL and --to URL\n") + usage());
    if (from == to) throw ConfigError("migrate-data: --from and --to name the same database");
    store::dialect_of(from);  // a ConfigError names a URL of neither dialect
    store::dialect_of(to);
    setup_logging("warn");
    std::int64_t total = 0;
    auto copied = store::copy_database(from, to);
    for (const auto& table : copied) {
        std::cout << table.name << ": " << table.rows << " row(s)\n";
        total += table.rows;
    }
    std::cout << total << " row(s) in " << copied.size()
              << " table(s) copied; counts and row digests match\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string command = args.empty() ? "help" : args.front();
    if (!args.empty()) args.erase(args.begin());
    try {
        if (command == "help" || command == "--help" || command == "-h") {
            std::cout << usage();
            return 0;
        }
        if (command == "import-airdrop") return import_airdrop(args);
        if (command == "migrate-data") return migrate_data(args);
        if (command != "serve" && command != "migrate" && command != "pause" &&
            command != "resume" && command != "check-profile") {
            std::cerr << "unknown command '" << command << "'\n" << usage();
            return 2;
        }
        // pause / resume: one route (--route SRC:DST:TOKEN) or all, with the operator's reason.
        std::string route, reason;
        if (command == "pause" || command == "resume") args = route_args(args, route, reason);
        auto config = read_config(args);
        setup_logging(config.log_level);
        if (command == "migrate") {
            int applied = store::migrate(config.database_url);
            std::cout << applied << " migration(s) applied\n";
            return 0;
        }
        if (command == "pause" || command == "resume")
            return set_paused(config, command == "pause", route, reason);
        if (command == "check-profile") return check_profile(config);
        return serve(config);
    } catch (const ConfigError& e) {
        std::cerr << "perch: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "perch: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace perch::app
