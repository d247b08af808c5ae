#include "activity/tracker.hpp"

#include "chain/u256.hpp"

namespace perch::activity {

namespace {
constexpr int kHeatmapDays = 366;
}

double usd_of(const std::string& amount, unsigned decimals, const UsdPrices& prices,
              const std::string& symbol) {
    auto price = prices.find(symbol);
    if (price == prices.end()) return 0;
    auto value = chain::U256::from_dec(amount);
    if (!value) return 0;
    return std::stod(value->format_units(decimals)) * price->second;
}

double volume_usd(const std::vector<TokenFigures>& tokens, const UsdPrices& prices) {
    double total = 0;
    // What the address moved itself: what others sent it (airdrops, faucets, payouts) is not its
    // volume, or an address with no transaction of its own would show thousands.
    for (const auto& t : tokens) total += usd_of(t.sent, t.token.decimals, prices, t.token.symbol);
    return total;
}

BridgeFigures bridge_figures(const std::vector<store::BridgeLeg>& legs, const UsdPrices& prices) {
    BridgeFigures f;
    for (const auto& leg : legs) {
        (leg.deposit ? f.deposits : f.payouts) += 1;
        f.volume_usd += usd_of(leg.amount, static_cast<unsigned>(leg.decimals), prices, leg.token);
    }
    return f;
}

TrackerService::TrackerService(store::ActivityStore& store, store::OrderStore& orders,
                               std::vector<IndexedChain> chains, std::vector<Program> programs,
                               IndexerOptions options)
    : store_(store), orders_(orders), programs_(std::move(programs)) {
    for (auto& c : chains) {
        auto id = c.setup.chain_id;
        indexers_.add(
            id, std::make_unique<ActivityIndexer>(std::move(c.setup), *c.rpc, store_, options));
    }
}

TrackerService::~TrackerService() = default;

std::vector<ChainStatus> TrackerService::status() const {
    std::vector<ChainStatus> out;
    for (const auto& [id, indexer] : indexers_) {
        auto indexed = indexer->indexed_block();
        auto head = indexer->head_block();
        out.push_back({id, indexer->chain().name, indexed, head,
                       head >= 0 ? std::max<std::int64_t>(0, head - indexed) : 0});
    }
    return out;
}

const Program* TrackerService::program(const std::string& id) const {
    for (const auto& p : programs_)
        if (p.id == id) return &p;
    return nullptr;
}

Task<ChainActivity> TrackerService::chain_activity(const ActivityIndexer& indexer,
                                                   std::string address) {
    const auto& setup = indexer.chain();
    ChainActivity out{setup.chain_id, setup.name, {}, {}, {}, {}};
    out.account.address = address;
    std::vector<std::string> one{address};
    auto accounts = co_await store_.accounts(setup.chain_id, one);
    if (!accounts.empty()) out.account = std::move(accounts.front());
    auto tokens = co_await store_.tokens(setup.chain_id, one);
    for (const auto& info : setup.tokens) {  // catalog order; tokens never moved show zeros
        TokenFigures f{info, "0", "0"};
        for (const auto& t : tokens)
            if (t.token == info.address) f.sent = t.sent, f.received = t.received;
        out.tokens.push_back(std::move(f));
    }
    out.days = co_await store_.days(setup.chain_id, address, kHeatmapDays);
    co_return out;
}

Task<std::vector<AddressActivity>> TrackerService::activity(std::vector<std::string> addresses,
                                                            std::vector<std::int64_t> chain_ids) {
    auto legs = co_await orders_.bridge_legs(addresses);
    std::vector<AddressActivity> out;
    for (const auto& address : addresses) {
        AddressActivity a{address, {}};
        for (auto id : chain_ids) {
            const auto* indexer = indexers_.find(id);
            if (!indexer) continue;
            auto chain = co_await chain_activity(*indexer, address);
            for (const auto& leg : legs)
                if (leg.address == address && leg.chain_id == id) chain.bridge_legs.push_back(leg);
            a.chains.push_back(std::move(chain));
        }
        out.push_back(std::move(a));
    }
    co_return out;
}

Task<ScoreAnswer> TrackerService::score(const Program& program, std::string address) {
    std::vector<std::string> one{address};
    auto accounts = co_await store_.accounts(program.chain_id, one);
    store::ActivityAccount account;
    if (!accounts.empty()) account = accounts.front();
    auto rank = co_await store_.rank(program.chain_id, address, score_terms(program));
    co_return ScoreAnswer{&program, score_of(program, account), rank};
}

}  // namespace perch::activity
