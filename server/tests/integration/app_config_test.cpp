// GET /api/bridge_api/v1/app-config through the real perch binary on the devnet's profile: the
// deployment's routes as the quote reads them, their tokens at the devnet's addresses, the
// check-in chain and contract, the Solana cluster; cached by ETag. A perch whose config_dir has
// other routes serves those; a private RPC URL with a key in the profile appears in no answer.
#include <gtest/gtest.h>

#include <set>
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "devnet.hpp"
#include "harness.hpp"
#include "test_paths.hpp"

namespace json = boost::json;
namespace fs = std::filesystem;
using perch::testing::PerchProcess;

namespace {

const std::string kAppConfig = "/api/bridge_api/v1/app-config";

json::value read_json(const fs::path& path) {
    std::ifstream in(path);
    return json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
}

std::string profile_config(const std::string& path) {
    return "\"chain_profile\": \"" + path + "\"";
}

json::object app_config(const PerchProcess& perch) {
    auto res = perch.get(kAppConfig);
    EXPECT_EQ(res.status, 200) << res.body;
    return json::parse(res.body).at("data").as_object();
}

// The same-token route of `token` in an app-config answer (or routes.json), or null.
const json::object* route_of(const json::object& doc, const std::string& token) {
    for (const auto& r : doc.at("routes").as_array())
        if (r.at("token").as_string() == token) return &r.as_object();
    return nullptr;
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A file in a fresh temp dir, named for this test process.
fs::path temp_path(const std::string& name) {
    return fs::temp_directory_path() / ("perch-app-config-" + std::to_string(::getpid()) + name);
}

}  // namespace

TEST(AppConfig, AnswersTheDeploymentsRoutesTokensCheckInAndSolana) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(profile_config(devnet.state_path));
    auto res = perch.get(kAppConfig);
    ASSERT_EQ(res.status, 200) << res.body;
    EXPECT_NE(res.headers["cache-control"].find("max-age"), std::string::npos);
    ASSERT_FALSE(res.headers["etag"].empty());
    EXPECT_EQ(perch.get(kAppConfig, {{"If-None-Match", res.headers["etag"]}}).status, 304);
    EXPECT_LT(res.body.size(), 16000U) << "small: the app loads it before its first screen";

    auto data = json::parse(res.body).at("data").as_object();
    auto file = read_json(fs::path(perch::test::root_dir()) / "config/routes.json").as_object();
    ASSERT_EQ(data.at("routes").as_array().size(), file.at("routes").as_array().size());
    ASSERT_EQ(data.at("cross_routes").as_array().size(), file.at("cross_routes").as_array().size());
    const auto* eth = route_of(data, "ETH");
    ASSERT_NE(eth, nullptr);
    EXPECT_EQ(eth->at("fee_tiers"), route_of(file, "ETH")->at("fee_tiers"));
    EXPECT_EQ(eth->at("dtc"), route_of(file, "ETH")->at("dtc"));
    EXPECT_EQ(eth->at("min").as_string(), "0.001");

    bool usdc_found = false;
    for (const auto& t : data.at("tokens").as_array())
        if (t.at("symbol").as_string() == "USDC" && t.at("chainId").as_int64() == 8453) {
            usdc_found = true;
            EXPECT_EQ(lower(std::string(t.at("address").as_string())),
                      lower(devnet.contracts.at("USDC")));
            EXPECT_EQ(t.at("decimals").as_int64(), 6);
        }
    EXPECT_TRUE(usdc_found) << "USDC on Base, at the devnet's address";

    const auto& checkin = data.at("checkin").as_object();
    EXPECT_EQ(checkin.at("chain_id").as_int64(), 1868);
    EXPECT_EQ(lower(std::string(checkin.at("contract").as_string())),
              lower(devnet.contracts.at("CheckIn")));
    const auto& solana = data.at("solana").as_object();
    EXPECT_EQ(solana.at("cluster").as_string(), "solana:mainnet");
    EXPECT_EQ(solana.at("chain_id").as_int64(), 83797601);
    EXPECT_TRUE(solana.at("rpc_url").as_string().starts_with("http://127.0.0.1:"))
        << "the devnet's own node on this machine may be given to browsers";
    EXPECT_FALSE(data.at("pool_allow_list").as_array().empty());
    EXPECT_FALSE(data.at("channels").as_array().empty());

    // The chains this server runs: the profile's and Solana; a route to any other is not payable.
    std::set<std::int64_t> run;
    for (const auto& id : data.at("run_chain_ids").as_array()) run.insert(id.as_int64());
    std::set<std::int64_t> profile{83797601};
    auto state = read_json(devnet.state_path);  // kept: the loop reads into it
    for (const auto& c : state.at("chains").as_array())
        profile.insert(c.at("chain_id").to_number<std::int64_t>());
    EXPECT_EQ(run, profile);
}

// One web build serves any deployment: a config_dir whose routes.json differs (a route removed,
// a fee changed) is what the answer says, not the repository's file.
TEST(AppConfig, ServesTheRoutesOfItsOwnConfigDir) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto dir = temp_path("-config");
    fs::remove_all(dir);
    fs::copy(fs::path(perch::test::root_dir()) / "config", dir, fs::copy_options::recursive);
    auto routes = read_json(dir / "routes.json");
    auto& list = routes.at("routes").as_array();
    list.erase(std::remove_if(list.begin(), list.end(),
                              [](const json::value& r) { return r.at("token") == "USDT"; }),
               list.end());
    for (auto& r : list)
        if (r.at("token") == "ETH") r.at("fee_tiers").as_array()[0].as_object()["bps"] = 25;
    std::ofstream(dir / "routes.json") << json::serialize(routes);

    PerchProcess perch(profile_config(devnet.state_path) + ", \"config_dir\": \"" + dir.string() +
                       "\"");
    auto data = app_config(perch);
    EXPECT_EQ(route_of(data, "USDT"), nullptr) << "the removed route is not served";
    ASSERT_NE(route_of(data, "ETH"), nullptr);
    EXPECT_EQ(route_of(data, "ETH")->at("fee_tiers").as_array()[0].at("bps").as_int64(), 25);
    fs::remove_all(dir);
}

// An operator's provider URLs carry API keys: the answer has only URLs a browser may be given.
TEST(AppConfig, NeverNamesAPrivateRpcUrl) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto profile = read_json(devnet.state_path);
    auto& doc = profile.as_object();
    for (auto& chain : doc.at("chains").as_array())
        chain.as_object()["rpc_urls"] =
            json::array{"http://127.0.0.1:1/v2/SECRETKEY",
                        devnet.rpc_urls.at(chain.at("chain_id").to_number<std::int64_t>())};
    auto& solana = doc.at("solana").as_object();
    solana["rpc_url"] =
        "http://127.0.0.1:" + std::to_string(solana.at("port").as_int64()) + "/?api-key=SECRETKEY";
    auto path = temp_path("-profile.json");
    std::ofstream(path) << json::serialize(profile);

    PerchProcess perch(profile_config(path.string()));
    auto res = perch.get(kAppConfig);
    ASSERT_EQ(res.status, 200) << res.body;
    EXPECT_EQ(res.body.find("SECRETKEY"), std::string::npos) << res.body;
    auto data = json::parse(res.body).at("data").as_object();
    EXPECT_EQ(data.at("solana").at("rpc_url").as_string(), "")
        << "a provider URL is never handed to browsers, even for Solana";
    fs::remove(path);
}
