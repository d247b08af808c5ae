#pragma once
// The tracker (docs/tracker.md): an activity indexer per configured chain, and the reads the
// tracker API shapes: per address and chain the indexed figures, its bridge legs from the orders
// table, and programme scores with their rank. USD values are computed from a price table the
// caller passes (symbol -> USD), so this module needs no price source.
#include <boost/asio/any_io_executor.hpp>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "activity/activity_indexer.hpp"
#include "activity/programs.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/per_chain_workers.hpp"
#include "store/activity_store.hpp"
#include "store/orders.hpp"

namespace perch::activity {

struct IndexedChain {
    ChainSetup setup;
    chain::rpc::RpcClient* rpc = nullptr;
};

struct ChainStatus {
    std::int64_t chain_id = 0;
    std::string name;
    std::int64_t indexed_block = -1, head_block = -1, lag_blocks = 0;
};

// Value moved per token, with what the token is.
struct TokenFigures {
    TokenInfo token;
    std::string sent = "0", received = "0";
};

struct ChainActivity {
    std::int64_t chain_id = 0;
    std::string chain_name;
    store::ActivityAccount account;
    std::vector<TokenFigures> tokens;
    std::vector<std::string> days;  // the newest 366 active days, oldest first
    std::vector<store::BridgeLeg> bridge_legs;
};

struct AddressActivity {
    std::string address;  // lower case
    std::vector<ChainActivity> chains;
};

// Pure figures for the answer.
using UsdPrices = std::map<std::string, double>;
double usd_of(const std::string& amount, unsigned decimals, const UsdPrices& prices,
              const std::string& symbol);
// What the address sent, of every token at its price (tokens without one count 0).
double volume_usd(const std::vector<TokenFigures>& tokens, const UsdPrices& prices);
struct BridgeFigures {
    std::int64_t deposits = 0, payouts = 0;
    double volume_usd = 0;
};
BridgeFigures bridge_figures(const std::vector<store::BridgeLeg>& legs, const UsdPrices& prices);

struct ScoreAnswer {
    const Program* program = nullptr;
    Score score;
    store::RankResult rank;
};

class TrackerService {
  public:
    TrackerService(store::ActivityStore& store, store::OrderStore& orders,
                   std::vector<IndexedChain> chains, std::vector<Program> programs,
                   IndexerOptions options);
    ~TrackerService();

    void start(const boost::asio::any_io_executor& ex) { indexers_.start(ex); }
    void stop() { indexers_.stop(); }

    bool indexes(std::int64_t chain_id) const { return indexers_.contains(chain_id); }
    std::vector<std::int64_t> chain_ids() const { return indexers_.chain_ids(); }
    std::vector<ChainStatus> status() const;
    const Program* program(const std::string& id) const;
    const std::vector<Program>& programs() const { return programs_; }

    // Every address on every chain (in the order given), zeros where nothing was indexed.
    Task<std::vector<AddressActivity>> activity(std::vector<std::string> addresses,
                                                std::vector<std::int64_t> chain_ids);
    // The programme's chain must be indexed (indexes()).
    Task<ScoreAnswer> score(const Program& program, std::string address);

  private:
    Task<ChainActivity> chain_activity(const ActivityIndexer& indexer, std::string address);

    store::ActivityStore& store_;
    store::OrderStore& orders_;
    std::vector<Program> programs_;
    PerChainWorkers<ActivityIndexer> indexers_;
};

}  // namespace perch::activity
