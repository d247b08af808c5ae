#pragma once
// The rewards' I/O: check-in verification against the check-in chain, social-task verification
// through the configured verifier, and the consumer that turns completed bridge orders into
// points. Rules are in rules/planner/campaigns; storage in store::RewardsStore.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "chain/keccak.hpp"
#include "chain/rpc/registry.hpp"
#include "core/clock.hpp"
#include "core/task.hpp"
#include "price/price_source.hpp"
#include "rewards/deployments.hpp"
#include "rewards/rewards_catalog.hpp"
#include "rewards/rules.hpp"
#include "store/rewards_store.hpp"

namespace perch::chain::rpc {
class HttpEndpoint;
}

namespace perch::rewards {

struct CheckInContract {
    std::int64_t chain_id = 0;
    std::string address;  // EIP-55
};

struct RewardsOptions {
    std::int64_t checkin_chain_id = 1868;
    std::vector<CheckInContract> checkin_contracts;  // the default chain first
    std::string social_verifier_url;                 // base URL; empty: social tasks unavailable
    std::string admin_token;                         // empty: the admin API is closed
    std::chrono::milliseconds receipt_wait{20000};   // how long a check-in waits to be mined
    DeployRules deploy;                              // /deploy's templates and points
    BridgeValueRule bridge_value;                    // how a bridge's USD value makes its points
};

struct DeploymentOutcome {
    store::Deployment deployment;
    bool recorded_now = false;  // false: this transaction was already recorded
    std::int64_t points_credited =
        0;  // the network's points the first time, plus campaign deploy tasks
};

class RewardsService {
  public:
    RewardsService(store::RewardsStore& store, RewardsCatalog& catalog,
                   const chain::rpc::ChainRegistry& chains, RewardsOptions options);
    ~RewardsService();

    store::RewardsStore& store() { return store_; }
    RewardsCatalog& catalog() { return catalog_; }
    const RewardsOptions& options() const { return options_; }
    // The server's USD prices, which value a completed bridge for its points; `fixed` (the
    // config's table) answers for a token the source has no price for. Set before consume_loop.
    void set_prices(const price::PriceSource* prices, std::map<std::string, double> fixed) {
        prices_ = prices;
        fixed_prices_ = std::move(fixed);
    }

    // Verifies the receipt of `tx_hash` on `chain_id` and credits the day. Throws ApiError with
    // the reason when the transaction does not count.
    Task<store::CheckInOutcome> check_in(std::string user, std::int64_t chain_id,
                                         std::string tx_hash);

    // Verifies that `tx_hash` on `chain_id` deployed a contract (from its receipt, waiting for it
    // to be mined), records it for its deployer and credits the network's deployment points once.
    // Throws ApiError with the reason when it does not count.
    Task<DeploymentOutcome> record_deployment(std::int64_t chain_id, std::string tx_hash);

    // Asks the verifier; true when it says yes. Throws ApiError(unavailable) when it cannot.
    Task<bool> verify_social(std::string platform, std::string subject, std::string user);

    // Applies the admin edits kept in the store over the config files' entries (at start).
    Task<void> load_overrides();
    // How often consume_loop reads the stored admin edits again (other instances make them too).
    static constexpr std::chrono::seconds kOverridesReload{5};

    // One pass of the bridge consumer.
    Task<store::ConsumeResult> consume_once();
    // Polls every `interval` until stop() (started from app).
    Task<void> consume_loop(std::chrono::milliseconds interval);
    void stop() { stopping_ = true; }

  private:
    // Campaign deploy tasks `user`'s deployments now reach, credited once each; the points.
    Task<std::int64_t> credit_deploy_tasks(std::string user);
    // The receipt of `hash`, waiting up to receipt_wait for it to be mined. The names word the
    // errors ("the check-in chain cannot be reached", "the check-in transaction is not mined").
    Task<boost::json::object> mined_receipt(std::int64_t chain_id, const chain::Hash32& hash,
                                            const std::string& chain_name,
                                            const std::string& tx_name);

    store::RewardsStore& store_;
    RewardsCatalog& catalog_;
    const chain::rpc::ChainRegistry& chains_;
    RewardsOptions options_;
    const price::PriceSource* prices_ = nullptr;
    std::map<std::string, double> fixed_prices_;
    std::unique_ptr<chain::rpc::HttpEndpoint> verifier_;
    std::atomic<bool> stopping_{false};
};

}  // namespace perch::rewards
