#include "devnet.hpp"

#include <boost/json.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace perch::testing {

std::optional<Devnet> test_devnet() {
    const char* path = std::getenv("PERCH_TEST_DEVNET_STATE");  // NOLINT(concurrency-mt-unsafe)
    if (!path) return std::nullopt;
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::stringstream buf;
    buf << in.rdbuf();
    auto doc = boost::json::parse(buf.str()).as_object();
    Devnet d;
    d.state_path = path;
    for (const auto& c : doc.at("chains").as_array()) {
        d.rpc_urls[c.at("chain_id").to_number<std::int64_t>()] =
            std::string(c.at("rpc_url").as_string());
    }
    for (const auto& [name, address] : doc.at("contracts").as_object()) {
        d.contracts[std::string(name)] = std::string(address.as_string());
    }
    return d;
}

}  // namespace perch::testing
