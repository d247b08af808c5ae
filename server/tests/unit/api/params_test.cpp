#include "api/params.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "core/error.hpp"

namespace perch::api {
namespace {

namespace json = boost::json;

// The query of a request, as the router would hand it to a handler.
struct QueryRequest {
    explicit QueryRequest(http::Params query)
        : request{raw, "/api/x", std::move(query), {}, "127.0.0.1", "127.0.0.1", nullptr} {}
    http::RawRequest raw;
    http::Request request;
    Params params() const { return Params::query(request); }
};

// The client text of the 400 that `read` throws.
template <class Read>
std::string refusal(Read read) {
    try {
        read();
    } catch (const ApiError& e) {
        EXPECT_EQ(e.http_status(), 400);
        return e.client_text();
    }
    return "no error";
}

constexpr const char* kChecksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
constexpr const char* kWrongChecksum = "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

TEST(Params, QueryAndBodyReadTheSameWayAndEmptyIsAbsent) {
    QueryRequest q({{"a", "1"}, {"empty", ""}});
    EXPECT_EQ(q.params().find("a"), "1");
    EXPECT_EQ(q.params().find("empty"), std::nullopt);
    EXPECT_EQ(q.params().find("none"), std::nullopt);
    auto body =
        json::parse(R"({"a": 1, "s": "x", "empty": "", "null": null, "obj": {}})").as_object();
    auto b = Params::body(body);
    EXPECT_EQ(b.find("a"), "1");  // clients send chain ids both ways
    EXPECT_EQ(b.find("s"), "x");
    EXPECT_EQ(b.find("empty"), std::nullopt);
    EXPECT_EQ(b.find("null"), std::nullopt);
    EXPECT_EQ(refusal([&] { b.find("obj"); }), "'obj': '{}' is not text");
    EXPECT_EQ(refusal([&] { b.required("none"); }), "'none' is required");
    EXPECT_EQ(refusal([&] { q.params().required("empty"); }), "'empty' is required");
}

TEST(Params, EvmAddressChecksMixedCaseAgainstEip55) {
    QueryRequest q({{"good", kChecksummed},
                    {"lower", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"},
                    {"bad", kWrongChecksum},
                    {"short", "0x12"}});
    auto p = q.params();
    EXPECT_EQ(evm_address(p, "good").checksum_hex(), kChecksummed);
    EXPECT_EQ(evm_address(p, "lower").checksum_hex(), kChecksummed);
    EXPECT_EQ(refusal([&] { evm_address(p, "bad"); }),
              std::string("'bad': '") + kWrongChecksum + "' is not " +
                  params::describe(params::Kind::evm_address));
    EXPECT_NE(refusal([&] { evm_address(p, "short"); }).find("'short': '0x12' is not an EVM"),
              std::string::npos);
    EXPECT_EQ(refusal([&] { evm_address(p, "none"); }), "'none' is required");
    EXPECT_EQ(optional_evm_address(p, "none"), std::nullopt);
}

TEST(Params, WalletAddressIsEvmOrSolanaKeyedAsTheStoresKeyThem) {
    const std::string solana = "11111111111111111111111111111111";
    QueryRequest q({{"evm", kChecksummed}, {"sol", solana}, {"bad", "hello"}});
    auto p = q.params();
    auto evm = wallet_address(p, "evm");
    ASSERT_TRUE(evm.evm);
    EXPECT_EQ(evm.key(), "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
    auto sol = wallet_address(p, "sol");
    ASSERT_TRUE(sol.solana);
    EXPECT_EQ(sol.key(), solana);
    EXPECT_NE(refusal([&] { wallet_address(p, "bad"); }).find("'bad': 'hello' is not "),
              std::string::npos);
}

TEST(Params, ChainIdsParseOnceEachWithinTheRule) {
    QueryRequest q({{"id", "8453"}, {"word", "base"}, {"ids", "1, 8453,1"}, {"many", "1,2,3"}});
    auto p = q.params();
    ChainRule known{[](std::int64_t id) { return id == 1 || id == 8453; },
                    "a chain this server knows"};
    EXPECT_EQ(chain_id(p, "id", known), 8453);
    EXPECT_EQ(refusal([&] { chain_id(p, "word"); }), "'word': 'base' is not a chain id");
    EXPECT_EQ(chain_ids(p, "ids", 5, known), (std::vector<std::int64_t>{1, 8453}));
    EXPECT_EQ(refusal([&] { chain_ids(p, "many", 5, known); }),
              "'many': '2' is not a chain this server knows");
    EXPECT_EQ(refusal([&] { chain_ids(p, "many", 2); }),
              "'many': '1,2,3' is not a list of at most 2 chain ids");
    EXPECT_TRUE(chain_ids(p, "none", 5).empty());
}

TEST(Params, AmountsPagesAndSlippage) {
    QueryRequest q({{"amount", "1.5"},
                    {"fine", "1.0000001"},
                    {"zero", "0"},
                    {"page", "2"},
                    {"size", "500"},
                    {"slippage_bps", "0"}});
    auto p = q.params();
    EXPECT_EQ(amount(p, "amount", 6, "USDC").to_dec(), "1500000");
    EXPECT_EQ(refusal([&] { amount(p, "fine", 6, "USDC"); }),
              "'fine': '1.0000001' is not a USDC amount with at most 6 decimals");
    EXPECT_EQ(amount(p, "zero", 6, "USDC").to_dec(), "0");
    EXPECT_EQ(refusal([&] { amount(p, "zero", 6, "USDC", true); }),
              "'zero': '0' is not a positive USDC amount with at most 6 decimals");
    EXPECT_EQ(refusal([&] { page(p); }), "'size': '500' is not a whole number from 1 to 100");
    auto paged = page(p, {.size = 10, .max_size = 1000});
    EXPECT_EQ(paged.page, 2);
    EXPECT_EQ(paged.size, 500);
    EXPECT_EQ(paged.offset(), 500);
    QueryRequest defaults({});
    EXPECT_EQ(page(defaults.params()).size, 10);
    EXPECT_EQ(slippage_bps(defaults.params()), kDefaultSlippageBps);
    EXPECT_EQ(refusal([&] { slippage_bps(p); }),
              "'slippage_bps': '0' is not a whole number from 1 to 5000 (0.01 % to 50 %)");
}

TEST(Params, LongValuesAreCutShortInTheError) {
    QueryRequest q({{"id", std::string(500, '9')}});
    auto text = refusal([&] { chain_id(q.params(), "id"); });
    EXPECT_LT(text.size(), 150u);
    EXPECT_NE(text.find("...' is not a chain id"), std::string::npos);
}

}  // namespace
}  // namespace perch::api
