#pragma once
// Which chains this server can talk to, and through which URLs. A chain whose URLs are all
// unusable here (https is not built yet) is listed with the reason, so callers can say why.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <chrono>

#include "chain/rpc/follower.hpp"
#include "chain/rpc/rpc_client.hpp"

namespace perch::chain::rpc {

struct ChainEndpoints {
    std::int64_t chain_id = 0;
    std::vector<std::string> urls;
    std::string unsupported;  // why this server cannot talk to it at all (e.g. not an EVM chain)
    double requests_per_second = 0;  // this chain's budget; 0: the options'
    std::size_t batch_size = 0;      // this chain's batch size; 0: the options'
    // Followed (a chain the maker and the indexers read block by block), at this pace.
    bool follow = false;
    std::chrono::milliseconds block_time{1000};
};

class ChainRegistry {
  public:
    ChainRegistry(const std::vector<ChainEndpoints>& chains, const RpcOptions& options);

    // The chain's client, or null when it cannot be reached from here.
    RpcClient* find(std::int64_t chain_id) const;
    // Why find() is null: "unknown chain" or the URLs' problem.
    std::string unreachable_reason(std::int64_t chain_id) const;
    // The follower of a followed chain once following started, else null.
    ChainFollower* follower(std::int64_t chain_id) const;

    // Starts one follower per followed chain on `executor`; from then on their clients answer
    // calls near the head from what the followers read. For `serve` only: one-shot commands and
    // tests ask the node directly.
    void start_following(const boost::asio::any_io_executor& executor, bool head_feed);
    void stop_following();

  private:
    std::map<std::int64_t, std::unique_ptr<RpcClient>> clients_;
    std::map<std::int64_t, std::string> reasons_;
    std::map<std::int64_t, std::chrono::milliseconds> followed_;  // chain -> block time
    std::map<std::int64_t, std::unique_ptr<ChainFollower>> followers_;
};

}  // namespace perch::chain::rpc
