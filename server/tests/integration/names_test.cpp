// Address names through the real perch binary against the devnet's own ENS on chain 1
// (devnet/scripts/lib/ens.mjs seeds it): a verified primary name is found; a reverse record whose
// name resolves to someone else, no reverse record, or a name that is not a plain lower-case one
// give no name; a chain without a registry or whose node fails is left out; bad input is a 400.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "devnet.hpp"
#include "harness.hpp"

namespace json = boost::json;
using perch::testing::PerchProcess;

namespace {

constexpr const char* kDemo =
    "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";  // user #2: perch-demo.eth
constexpr const char* kSpoofer = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";  // #3: claims it too
constexpr const char* kNoRecord = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";  // #4
constexpr const char* kCaps = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";  // #5: PerchCaps.eth

std::string profile_config(const std::string& path) {
    return "\"chain_profile\": \"" + path + "\"";
}

// The names perch answers for the address on the chains, as "chain:name" texts.
std::vector<std::string> names_of(const PerchProcess& perch, const std::string& address,
                                  const std::string& chain_ids) {
    auto res = perch.get("/api/name_api/v1/names?address=" + address + "&chain_ids=" + chain_ids);
    EXPECT_EQ(res.status, 200) << res.body;
    std::vector<std::string> out;
    if (res.status != 200) return out;
    auto doc = json::parse(res.body);
    for (const auto& n : doc.at("data").at("names").as_array())
        out.push_back(std::to_string(n.at("chain_id").as_int64()) + ":" +
                      std::string(n.at("name").as_string()));
    return out;
}

// A copy of the devnet's profile with `change` applied to its chains.
template <class Change>
std::string profile_copy(const perch::testing::Devnet& devnet, Change change) {
    std::ifstream in(devnet.state_path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto doc = json::parse(text);
    for (auto& chain : doc.at("chains").as_array()) change(chain.as_object());
    auto path = std::filesystem::temp_directory_path() /
                ("perch-names-profile-" + std::to_string(::getpid()) + ".json");
    std::ofstream(path) << json::serialize(doc);
    return path.string();
}

std::string ens_registry(const perch::testing::Devnet& devnet) {
    std::ifstream in(devnet.state_path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto doc = json::parse(text);  // kept: a range-for over a temporary's member dangles
    for (const auto& chain : doc.at("chains").as_array()) {
        if (const auto* r = chain.as_object().if_contains("ens_registry"))
            return std::string(r->as_string());
    }
    return {};
}

}  // namespace

TEST(AddressNames, AVerifiedPrimaryNameIsFoundAndChainsWithoutARegistryAreLeftOut) {
    PERCH_REQUIRE_DEVNET(devnet);
    ASSERT_FALSE(ens_registry(devnet).empty()) << "the devnet's chain 1 has no ens_registry";
    PerchProcess perch(profile_config(devnet.state_path));
    EXPECT_EQ(names_of(perch, kDemo, "1,8453,42161,56,169"),
              std::vector<std::string>{"1:perch-demo.eth"});
    // Lower-case input is the same address; asked again, the answer comes from the cache.
    EXPECT_EQ(names_of(perch, "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc", "8453,1"),
              std::vector<std::string>{"1:perch-demo.eth"});
}

TEST(AddressNames, NoNameWithoutAMatchingForwardRecordOrAPlainName) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(profile_config(devnet.state_path));
    // #3's reverse record says perch-demo.eth, which resolves to #2: a spoof.
    EXPECT_TRUE(names_of(perch, kSpoofer, "1").empty());
    EXPECT_TRUE(names_of(perch, kNoRecord, "1").empty());
    // PerchCaps.eth resolves to #5 and back, but is not a normalised name.
    EXPECT_TRUE(names_of(perch, kCaps, "1").empty());
}

TEST(AddressNames, AChainWhoseNodeFailsIsLeftOutOfTheAnswer) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto registry = ens_registry(devnet);
    auto dead_url = "http://127.0.0.1:" + std::to_string(perch::testing::free_port());
    auto path = profile_copy(devnet, [&](json::object& chain) {
        auto id = chain.at("chain_id").to_number<std::int64_t>();
        if (id == 42161) {  // a registry behind a node that does not answer
            chain["ens_registry"] = registry;
            chain["rpc_url"] = dead_url;
        }
        if (id == 8453) chain["ens_registry"] = registry;  // an address without code there
    });
    PerchProcess perch(profile_config(path));
    EXPECT_EQ(names_of(perch, kDemo, "42161,8453,1"), std::vector<std::string>{"1:perch-demo.eth"});
    std::filesystem::remove(path);
}

TEST(AddressNames, BadInputIsA400NamingTheParameter) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(profile_config(devnet.state_path));
    auto ask = [&](const std::string& query) {
        return perch.get("/api/name_api/v1/names?" + query);
    };
    auto expect_400 = [&](const std::string& query, const std::string& words) {
        auto res = ask(query);
        EXPECT_EQ(res.status, 400) << query << ": " << res.body;
        EXPECT_NE(res.body.find(words), std::string::npos) << query << ": " << res.body;
    };
    expect_400("address=alice.eth&chain_ids=1", "'address'");
    expect_400("address=0x1234&chain_ids=1", "'address'");
    expect_400(std::string("chain_ids=1"), "'address'");
    expect_400(std::string("address=") + kDemo, "'chain_ids'");
    expect_400(std::string("address=") + kDemo + "&chain_ids=1,999999999",
               "a chain this server knows");
    expect_400(std::string("address=") + kDemo + "&chain_ids=1,10,56,137,169,8453,42161,1868,324",
               "at most 8");
}
