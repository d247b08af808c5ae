#include "price/quote_prices.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "chain/hex.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "chain/u256.hpp"
#include "core/clock.hpp"
#include "core/parallel.hpp"

namespace perch::price {
namespace json = boost::json;

namespace {

FirmPriceRules rules_of(const QuotePriceSettings& s) {
    return {s.min_sources, s.max_spread_bps, s.max_age_seconds};
}

// The observe call and the newest block's header, in one round trip.
std::vector<chain::rpc::Call> oracle_calls(const PriceOracle& o) {
    json::object call{{"to", o.pool.lower_hex()},
                      {"data", chain::to_hex(observe_calldata(o.twap_seconds))}};
    return {{"eth_call", json::array{call, "latest"}},
            {"eth_getBlockByNumber", json::array{"latest", false}}};
}

std::optional<std::int64_t> block_time(const json::object& block) {
    const auto* stamp = block.if_contains("timestamp");
    if (!stamp || !stamp->is_string()) return std::nullopt;
    auto seconds = chain::U256::from_hex(stamp->as_string());
    if (!seconds || !seconds->fits_u64() || seconds->low_u64() > (1ULL << 40)) return std::nullopt;
    return static_cast<std::int64_t>(seconds->low_u64());
}

// The reading, or nullopt with the reason logged: a pool younger than its window ("OLD"), a node
// that errs or answers junk. A missing reading only lowers the count of sources.
std::optional<PriceReading> reading_of(const PriceOracle& o,
                                       const std::vector<chain::rpc::Reply>& replies) {
    auto source = "twap:" + std::to_string(o.chain_id);
    if (replies.size() != 2 || replies[0].error || replies[1].error ||
        !replies[0].result.is_string() || !replies[1].result.is_object()) {
        spdlog::warn(
            "prices: {} {} not read: {}", source, o.symbol,
            replies.size() == 2 && replies[0].error ? replies[0].error->what() : "no answer");
        return std::nullopt;
    }
    auto answer = chain::from_hex(replies[0].result.as_string());
    auto tick = answer ? mean_tick(*answer, o.twap_seconds) : std::nullopt;
    auto as_of = block_time(replies[1].result.as_object());
    if (!tick || !as_of) {
        spdlog::warn("prices: {} {} answered no tick or block time", source, o.symbol);
        return std::nullopt;
    }
    return PriceReading{source, usd_at_tick(o, *tick), *as_of};
}

Task<std::optional<PriceReading>> read_oracle(chain::rpc::RpcClient* rpc, PriceOracle oracle) {
    if (!rpc) co_return std::nullopt;
    std::vector<chain::rpc::Reply> replies;
    try {
        replies = co_await rpc->batch(oracle_calls(oracle));
    } catch (const std::exception& e) {
        spdlog::warn("prices: twap:{} {} not read: {}", oracle.chain_id, oracle.symbol, e.what());
        co_return std::nullopt;
    }
    co_return reading_of(oracle, replies);
}

}  // namespace

ReadOracle read_over_rpc(std::function<chain::rpc::RpcClient*(std::int64_t chain_id)> rpc_of) {
    // Not a coroutine itself: the read must not outlive a capture of this lambda.
    return [rpc_of = std::move(rpc_of)](PriceOracle oracle) {
        auto* rpc = rpc_of(oracle.chain_id);
        return read_oracle(rpc, std::move(oracle));
    };
}

QuotePrices::QuotePrices(std::vector<PriceOracle> oracles, ReadOracle read, const PriceSource* feed,
                         const QuotePriceSettings& settings, Clock clock)
    : oracles_(std::move(oracles)),
      read_(std::move(read)),
      feed_(feed),
      rules_(rules_of(settings)),
      cache_for_(settings.cache),
      clock_(std::move(clock)) {}

std::int64_t QuotePrices::now() const {
    return clock_ ? clock_() : unix_now();
}

Task<FirmAnswer> QuotePrices::usd(std::string symbol) {
    auto asked = std::chrono::steady_clock::now();
    {
        std::lock_guard lock(mutex_);
        auto it = cache_.find(symbol);
        if (it != cache_.end() && asked - it->second.at < cache_for_) co_return it->second.answer;
    }
    auto found = co_await readings(symbol);
    auto answer = firm_price(symbol, std::move(found), now(), rules_);
    if (auto* why = std::get_if<std::string>(&answer)) spdlog::warn("prices: {}", *why);
    std::lock_guard lock(mutex_);
    cache_[symbol] = Cached{asked, answer};
    co_return answer;
}

Task<std::vector<PriceReading>> QuotePrices::readings(std::string symbol) {
    std::vector<Task<std::optional<PriceReading>>> reads;
    for (const auto& oracle : oracles_)
        if (oracle.symbol == symbol) reads.push_back(read_(oracle));
    auto answers = co_await in_parallel(std::move(reads));
    std::vector<PriceReading> out;
    for (auto& answer : answers) {
        if (!answer)  // the read threw instead of logging its failure: a reading less all the same
            spdlog::warn("prices: an oracle of {} failed to read", symbol);
        else if (*answer)
            out.push_back(std::move(**answer));
    }
    if (feed_) {
        auto table = feed_->current();
        auto usd = table->of(symbol);
        if (usd && table->source != "config") out.push_back({"feed", *usd, table->as_of});
    }
    co_return out;
}

}  // namespace perch::price
