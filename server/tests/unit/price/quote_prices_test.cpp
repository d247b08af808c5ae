// Firm quote prices read a symbol's oracles on every chain at once, so that the read costs the
// slowest chain's time, and answer as reading them one after another did: the readings in the
// oracles' order (not the order the reads end in), a failed read left out, the feed last, and an
// answer kept for the cache's time.
#include "price/quote_prices.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>
#include <map>
#include <stdexcept>

using namespace perch::price;
using perch::QuotePriceSettings;
using namespace std::chrono_literals;
namespace asio = boost::asio;

namespace {

constexpr std::int64_t kNow = 1'800'000'000;
constexpr std::int64_t kThrows = 10;  // the fake read of this chain throws

PriceOracle oracle(std::int64_t chain_id, const std::string& symbol) {
    PriceOracle o;
    o.chain_id = chain_id;
    o.symbol = symbol;
    return o;
}

// Stands for the chains' nodes: each read waits (chain 1 longest, so reads end out of order),
// counts how many reads are under way at once, and answers its chain's price (none for a chain
// without one).
struct FakeOracles {
    asio::io_context& io;
    std::map<std::int64_t, double> usd;
    int reads = 0, in_flight = 0, most_in_flight = 0;

    ReadOracle reader() {
        return [this](PriceOracle o) { return read(std::move(o)); };
    }

    perch::Task<std::optional<PriceReading>> read(PriceOracle o) {
        ++reads;
        most_in_flight = std::max(most_in_flight, ++in_flight);
        asio::steady_timer wait(io, o.chain_id == 1 ? 60ms : 20ms);
        co_await wait.async_wait(asio::use_awaitable);
        --in_flight;
        if (o.chain_id == kThrows) throw std::runtime_error("a bug in a read");
        auto it = usd.find(o.chain_id);
        if (it == usd.end()) co_return std::nullopt;
        co_return PriceReading{"twap:" + std::to_string(o.chain_id), it->second, kNow - 1};
    }
};

QuotePriceSettings settings(std::chrono::milliseconds cache = 2000ms) {
    QuotePriceSettings s;
    s.min_sources = 2;
    s.max_spread_bps = 200;
    s.max_age_seconds = 120;
    s.cache = cache;
    return s;
}

FirmAnswer ask(asio::io_context& io, QuotePrices& prices, const std::string& symbol) {
    auto answer = asio::co_spawn(io, prices.usd(symbol), asio::use_future);
    io.restart();
    io.run();
    return answer.get();
}

const FirmPrice& firm(const FirmAnswer& answer) {
    if (const auto* why = std::get_if<std::string>(&answer)) ADD_FAILURE() << *why;
    return std::get<FirmPrice>(answer);
}

// What reading the same oracles one after another gave.
FirmPrice sequential(std::vector<PriceReading> readings) {
    auto answer = firm_price("ETH", std::move(readings), kNow, {2, 200, 120});
    return std::get<FirmPrice>(answer);
}

void expect_same(const FirmPrice& got, const FirmPrice& want) {
    EXPECT_DOUBLE_EQ(got.usd, want.usd);
    EXPECT_EQ(got.sources, want.sources);
    EXPECT_EQ(got.of, want.of);
}

struct EthAnswer {
    FirmAnswer answer;
    int reads = 0, most_in_flight = 0;
};

// ETH's price from these oracles, the chains answering `usd`.
EthAnswer eth_price(std::map<std::int64_t, double> usd, std::vector<PriceOracle> oracles,
                    const PriceSource* feed = nullptr) {
    asio::io_context io;
    FakeOracles chains{io, std::move(usd)};
    QuotePrices prices(std::move(oracles), chains.reader(), feed, settings(), [] { return kNow; });
    auto answer = ask(io, prices, "ETH");
    return {std::move(answer), chains.reads, chains.most_in_flight};
}

}  // namespace

TEST(QuotePrices, ReadsASymbolsOraclesOnEveryChainAtOnce) {
    auto got =
        eth_price({{1, 3000.1}, {8453, 3010.0}, {42161, 2990.2}},
                  {oracle(1, "ETH"), oracle(1, "SOL"), oracle(8453, "ETH"), oracle(42161, "ETH")});
    EXPECT_EQ(got.reads, 3);  // the ETH oracles only
    // All three under way together (one after another, never more than one): the read takes the
    // slowest chain's 60 ms, not 60 + 20 + 20 ms (not asserted: a loaded machine may stall).
    EXPECT_EQ(got.most_in_flight, 3);
    // Chain 1 answered last, yet its reading comes first, as the oracles are listed.
    expect_same(firm(got.answer), sequential({{"twap:1", 3000.1, kNow - 1},
                                              {"twap:8453", 3010.0, kNow - 1},
                                              {"twap:42161", 2990.2, kNow - 1}}));
}

TEST(QuotePrices, AFailedReadIsLeftOutAndTheFeedComesLast) {
    FixedPrices feed(PriceTable{"https://feed.example", kNow - 5, {{"ETH", 3005.0}}});
    // Chain kThrows's read throws and chain 42161 answers nothing.
    auto got = eth_price(
        {{1, 3000.1}, {8453, 3010.0}},
        {oracle(kThrows, "ETH"), oracle(1, "ETH"), oracle(42161, "ETH"), oracle(8453, "ETH")},
        &feed);
    EXPECT_EQ(got.reads, 4);
    EXPECT_EQ(got.most_in_flight, 4);
    expect_same(firm(got.answer), sequential({{"twap:1", 3000.1, kNow - 1},
                                              {"twap:8453", 3010.0, kNow - 1},
                                              {"feed", 3005.0, kNow - 5}}));
}

TEST(QuotePrices, AnAnswerIsKeptForTheCachesTime) {
    asio::io_context io;
    FakeOracles chains{io, {{1, 3000.1}, {8453, 3010.0}}};
    std::vector<PriceOracle> oracles{oracle(1, "ETH"), oracle(8453, "ETH")};
    QuotePrices kept(oracles, chains.reader(), nullptr, settings(), [] { return kNow; });
    auto first = ask(io, kept, "ETH");
    auto second = ask(io, kept, "ETH");
    EXPECT_EQ(chains.reads, 2);  // the second answer is the first, not read again
    expect_same(firm(second), firm(first));

    QuotePrices uncached(oracles, chains.reader(), nullptr, settings(0ms), [] { return kNow; });
    ask(io, uncached, "ETH");
    ask(io, uncached, "ETH");
    EXPECT_EQ(chains.reads, 6);
}
