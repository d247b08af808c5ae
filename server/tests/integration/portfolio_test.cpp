// Prices and the portfolio against the test devnet: perch's pool prices agree with the quote of a
// small swap; the balances API reads every profile chain, values each token at the price it
// shows and totals exactly those values, and refuses a bad address by name; HttpPrices reads a
// real local HTTP server and falls back to the fixed table once stale; the snapshot job, on an
// injected clock, takes one snapshot per watched address per day over two days and forgets an
// address not visited for longer than the expiry.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "balance/balances.hpp"
#include "catalog/catalog.hpp"
#include "chain/rpc/registry.hpp"
#include "devnet.hpp"
#include "harness.hpp"
#include "listening.hpp"
#include "portfolio/service.hpp"
#include "portfolio/snapshot_job.hpp"
#include "portfolio/watch.hpp"
#include "price/http_prices.hpp"
#include "store/portfolio_store.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace json = boost::json;
using namespace perch;
using perch::testing::run_task;

namespace {

json::object data_of(const perch::testing::HttpResult& r) {
    return json::parse(r.body).at("data").as_object();
}

std::string msg_of(const perch::testing::HttpResult& r) {
    return std::string(json::parse(r.body).at("msg").as_string());
}

// A fresh address nobody else uses, so its balances are exactly what the test sets.
chain::Address fresh_address() {
    std::random_device rd;
    chain::Address a;
    for (auto& b : a.bytes) b = static_cast<std::uint8_t>(rd());
    a.bytes[0] = 0x7e;
    return a;
}

void set_eth(const perch::testing::Devnet& devnet, std::int64_t chain_id, const chain::Address& who,
             const std::string& hex_wei) {
    chain::rpc::RpcClient rpc(std::vector{devnet.rpc_urls.at(chain_id)});
    run_task(perch::testing::rpc_call(
        rpc, "hardhat_setBalance",
        json::array{json::string(who.lower_hex()), json::string(hex_wei)}));
}

// perch with the pool prices, once they are read (the fixed table answers before).
json::object pool_priced_balances(const perch::testing::PerchProcess& perch,
                                  const std::string& address) {
    json::object data;
    try {
        perch::testing::wait_for("the pool prices", std::chrono::seconds(90), [&] {
            auto r = perch.get("/api/portfolio_api/v1/balances?address=" + address);
            if (r.status != 200)
                return perch::testing::Seen::not_yet("status " + std::to_string(r.status));
            data = data_of(r);
            auto source = std::string(data.at("prices").at("source").as_string());
            return source == "devnet-pools"
                       ? perch::testing::Seen::yes()
                       : perch::testing::Seen::not_yet("prices from " + source);
        });
    } catch (const perch::testing::WaitTimeout& e) {
        ADD_FAILURE() << e.what() << "\n" << perch.output();
        return {};
    }
    return data;
}

double number(const json::value& v) {
    return v.to_number<double>();
}

}  // namespace

TEST(Portfolio, PoolPricesMatchASmallSwapAndTheTotalIsTheSumOfTheShownValues) {
    PERCH_REQUIRE_DEVNET(devnet);
    perch::testing::PerchProcess perch("\"chain_profile\": \"" + devnet.state_path +
                                       R"(", "prices": {"source": "pools", "refresh_ms": 500})");
    auto who = fresh_address();
    set_eth(devnet, 1, who, "0x1bc16d674ec80000");    // 2 ETH
    set_eth(devnet, 8453, who, "0x6f05b59d3b20000");  // 0.5 ETH
    auto data = pool_priced_balances(perch, who.lower_hex());
    ASSERT_FALSE(data.empty());

    // The ETH price against a swap of 0.001 ETH for USDC on chain 1 (the first swap chain, whose
    // pools price ETH): the quote pays fees (0.05 to 0.3 % per hop) and a little impact, so it is a
    // little below the mid price, never above.
    auto quote = perch.get(
        "/api/swap_api/v1/"
        "quote?chain_id=1&token_in=0x0000000000000000000000000000000000000000&token_out=" +
        devnet.contracts.at("USDC") + "&amount=0.001");
    ASSERT_EQ(quote.status, 200) << quote.body;
    double quoted =
        std::stod(std::string(data_of(quote).at("amount_out_wei").as_string())) / 1e6 / 0.001;
    double eth_price = 0;
    for (const auto& chain : data.at("chains").as_array())
        for (const auto& t : chain.at("tokens").as_array())
            if (t.at("symbol").as_string() == "ETH") eth_price = number(t.at("price_usd"));
    ASSERT_GT(eth_price, 0);
    EXPECT_LE(quoted, eth_price * 1.0001);
    // The API's quote also prices gas, so for $3 it may take a pool with a higher fee than the
    // path the prices use (which ignores gas): 2 % covers the fee tiers and that impact.
    EXPECT_GE(quoted, eth_price * 0.98);

    // Every profile chain, each token valued at its shown price; the total is their exact sum.
    const auto& chains = data.at("chains").as_array();
    ASSERT_EQ(chains.size(), 4U);
    double sum = 0;
    for (const auto& chain : chains) {
        EXPECT_EQ(chain.at("status").as_string(), "ok") << json::serialize(chain);
        for (const auto& t : chain.at("tokens").as_array()) {
            double value = number(t.at("value_usd"));
            sum += value;
            if (t.at("balance").is_null() || t.at("price_usd").is_null()) {
                EXPECT_EQ(value, 0);
                continue;
            }
            double whole = std::stod(std::string(t.at("balance").as_string())) /
                           std::pow(10.0, t.at("decimals").to_number<double>());
            EXPECT_NEAR(value, std::round(whole * number(t.at("price_usd")) * 100) / 100, 0.005);
        }
    }
    EXPECT_NEAR(number(data.at("total_usd")), sum, 1e-6);
    EXPECT_NEAR(number(data.at("total_usd")), std::round(2.5 * eth_price * 100) / 100, 0.011);
    ASSERT_EQ(data.at("by_token").as_array().size(), 1U);
    EXPECT_EQ(data.at("by_token").as_array()[0].at("symbol").as_string(), "ETH");
    ASSERT_EQ(data.at("by_chain").as_array().size(), 2U);
    EXPECT_EQ(data.at("by_chain").as_array()[0].at("chain_id").to_number<int>(), 1);
    EXPECT_TRUE(data.at("watched").as_bool());
    EXPECT_GT(data.at("prices").at("as_of").to_number<std::int64_t>(), 1700000000);

    // Bad input: a 400 naming the field, and nothing is watched.
    for (const std::string q : {"", "?address=", "?address=0x1234", "?address=hello"}) {
        auto r = perch.get("/api/portfolio_api/v1/balances" + q);
        EXPECT_EQ(r.status, 400) << q << ": " << r.body;
        EXPECT_NE(msg_of(r).find("'address'"), std::string::npos) << r.body;
        auto h = perch.get("/api/portfolio_api/v1/history" + q);
        EXPECT_EQ(h.status, 400) << q << ": " << h.body;
    }
    auto unknown_chain =
        perch.get("/api/portfolio_api/v1/balances?address=" + who.lower_hex() + "&chain_ids=1,5");
    EXPECT_EQ(unknown_chain.status, 400) << unknown_chain.body;
    EXPECT_NE(msg_of(unknown_chain).find("'chain_ids'"), std::string::npos);
    auto one =
        perch.get("/api/portfolio_api/v1/balances?address=" + who.lower_hex() + "&chain_ids=8453");
    ASSERT_EQ(one.status, 200) << one.body;
    ASSERT_EQ(data_of(one).at("chains").as_array().size(), 1U);
    EXPECT_EQ(data_of(one).at("chains").as_array()[0].at("chain_id").to_number<int>(), 8453);
    auto history = perch.get("/api/portfolio_api/v1/history?address=" + who.lower_hex());
    ASSERT_EQ(history.status, 200);
    EXPECT_TRUE(json::parse(history.body).at("data").is_array());
}

namespace {

// A real HTTP server (python3 -m http.server) serving one directory, on a free port.
class FileServer {
  public:
    explicit FileServer(const std::filesystem::path& dir) : port_(perch::testing::free_port()) {
        pid_ = fork();
        if (pid_ == 0) {
            std::filesystem::current_path(dir);
            auto port = std::to_string(port_);
            execlp("python3", "python3", "-m", "http.server", port.c_str(), "--bind", "127.0.0.1",
                   static_cast<char*>(nullptr));
            _exit(127);
        }
        perch::testing::wait_until_listening(port_, "/", 100);
    }
    ~FileServer() { stop(); }
    void stop() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGTERM);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
    int port() const { return port_; }

  private:
    int port_;
    pid_t pid_ = -1;
};

}  // namespace

TEST(Portfolio, HttpPricesReadALocalFeedAndFallBackWhenStale) {
    auto dir = std::filesystem::temp_directory_path() / ("perch-feed-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    auto write = [&](const std::string& body) { std::ofstream(dir / "prices.json") << body; };
    write(R"({"ETH": 3100.5, "USDC": 1})");
    FileServer server(dir);
    std::int64_t now = 1764028800;
    auto fallback = std::make_shared<const price::FixedPrices>(
        price::PriceTable{"config", 1, {{"ETH", 3000.0}}});
    auto url = "http://127.0.0.1:" + std::to_string(server.port()) + "/prices.json";
    price::HttpPrices feed({url, std::chrono::milliseconds(1000), 300,
                            std::chrono::milliseconds(3000), [&now] { return now; }},
                           fallback);
    EXPECT_EQ(feed.current()->source, "config");  // before the first read
    run_task(feed.refresh());
    EXPECT_EQ(feed.current()->source, url);
    EXPECT_EQ(feed.current()->as_of, now);
    EXPECT_EQ(feed.current()->of("ETH"), 3100.5);

    write(R"({"ETH": "not a number"})");  // refused whole: the last good table stays
    EXPECT_THROW(run_task(feed.refresh()), std::runtime_error);
    EXPECT_EQ(feed.current()->of("ETH"), 3100.5);

    server.stop();
    now += 301;  // stale, and the feed is gone: the fixed table answers
    EXPECT_ANY_THROW(run_task(feed.refresh()));
    EXPECT_EQ(feed.current()->source, "config");
    EXPECT_EQ(feed.current()->of("ETH"), 3000.0);
    std::filesystem::remove_all(dir);
}

TEST(Portfolio, TheSnapshotJobTakesOnePerAddressPerDayOnAnInjectedClock) {
    PERCH_REQUIRE_DEVNET(devnet);
    perch::testing::TestDatabase db;
    store::SqlStore sql(db.url());
    auto portfolio_store = store::open_portfolio_store(sql);
    auto catalog =
        catalog::Catalog::load(std::string(perch::test::root_dir()) + "/config", devnet.state_path);
    std::vector<chain::rpc::ChainEndpoints> endpoints;
    std::vector<portfolio::PortfolioChain> chains;
    for (const auto& c : catalog.profile_chains()) {
        endpoints.push_back({c.chain_id, {c.rpc_url}, {}});
        chains.push_back({c.chain_id, c.name});
    }
    chain::rpc::ChainRegistry registry(endpoints, {});
    balance::BalanceService balances(catalog, registry);
    price::FixedPrices prices(price::PriceTable{"config", 1, {{"ETH", 2000.0}, {"USDC", 1.0}}});
    portfolio::PortfolioService service(balances, prices, *portfolio_store, chains,
                                        {.max_watched = 10, .expire_days = 30});
    std::int64_t now = 1764028800 + 3600;  // 2025-11-25 01:00 UTC
    portfolio::SnapshotJob job(service, std::chrono::seconds(60), [&now] { return now; });

    auto who = fresh_address();
    set_eth(devnet, 1, who, "0xde0b6b3a7640000");  // 1 ETH: $2,000
    ASSERT_TRUE(run_task(service.visit(who, now)));
    auto round = run_task(job.run_once());
    EXPECT_EQ(round.due, 1);
    EXPECT_EQ(round.taken, 1);
    EXPECT_EQ(run_task(job.run_once()).due, 0);  // the same day: done

    set_eth(devnet, 1, who, "0x29a2241af62c0000");  // 3 ETH
    now += 86400;                                   // the next day
    EXPECT_EQ(run_task(job.run_once()).taken, 1);
    auto history = run_task(service.history(who));
    ASSERT_EQ(history.size(), 2U);
    EXPECT_EQ(history[0].day, "2025-11-25");
    EXPECT_EQ(history[0].total_usd_cents, 200000);
    EXPECT_EQ(history[1].day, "2025-11-26");
    EXPECT_EQ(history[1].total_usd_cents, 600000);

    now += 31 * 86400;  // not visited for 31 days: unwatched, no snapshot; the history stays
    round = run_task(job.run_once());
    EXPECT_EQ(round.unwatched, 1);
    EXPECT_EQ(round.taken, 0);
    EXPECT_EQ(run_task(service.history(who)).size(), 2U);
}
