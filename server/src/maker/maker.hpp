#pragma once
// The maker (DESIGN §5): per source chain a watcher of Depositor `Deposit` logs, per chain a payer
// that signs payouts and refunds, stores them, then broadcasts, follows receipts and speeds up
// stuck ones. All loops run as coroutines on one io_context, so they share state without locks;
// every decision is written to the order store before it is acted on, so a crash at any moment is
// resumed from the database: stored transactions are re-broadcast, never signed anew.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "balance/balances.hpp"
#include "bridge/deposit_event.hpp"
#include "bridge/order.hpp"
#include "bridge/quote.hpp"
#include "chain/signer.hpp"
#include "store/orders.hpp"

namespace perch::maker {

struct MakerOptions {
    std::chrono::milliseconds poll{200};           // how often watchers and payers look
    std::chrono::milliseconds speedup_after{12000};  // re-sign at a higher fee after this long
    std::chrono::milliseconds rebroadcast_every{5000};
    std::uint32_t confirmations = 1;        // every source chain
    std::uint32_t large_confirmations = 3;  // deposits from a route's large_from
    int batch = 300;                        // orders signed per chain per round
    std::uint64_t max_log_range = 500;      // blocks per eth_getLogs
};

class Maker {
  public:
    Maker(boost::asio::io_context& ctx, store::OrderStore& orders,
          const bridge::RouteTable& routes, balance::BalanceService& balances,
          chain::Address depositor, chain::PrivateKey key, MakerOptions options);

    // Starts a watcher and a payer for each chain; the loops end when stop() is called.
    void start(const std::vector<std::int64_t>& chain_ids);
    void stop() { stopping_ = true; }
    const chain::Address& address() const { return address_; }
    // The pause switch as last read from the store (refreshed every poll).
    bool paused() const { return paused_.load(); }

  private:
    Task<void> watch_loop(std::int64_t chain_id);
    Task<void> watch_once(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    Task<void> confirm(std::int64_t chain_id, chain::rpc::RpcClient& rpc, std::uint64_t head);
    store::Order order_of(const bridge::Deposit& deposit) const;

    Task<void> pay_loop(std::int64_t chain_id);
    Task<void> sign_new(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    Task<void> follow_pending(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    Task<void> broadcast(chain::rpc::RpcClient& rpc, std::vector<store::Attempt> attempts);
    Task<bridge::Fees> current_fees(chain::rpc::RpcClient& rpc);
    store::SignedTx sign(chain::Transaction tx) const;

    Task<void> sleep(std::chrono::milliseconds d);

    boost::asio::io_context& ctx_;
    store::OrderStore& orders_;
    const bridge::RouteTable& routes_;
    balance::BalanceService& balances_;
    chain::Address depositor_;
    chain::PrivateKey key_;
    chain::Address address_;
    MakerOptions options_;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> paused_{false};
    std::set<std::int64_t> chains_;                      // the chains it watches and pays on
    std::map<std::int64_t, std::uint64_t> nonce_floor_;  // per chain, from the node at start
    std::map<std::string, std::chrono::steady_clock::time_point> last_broadcast_;
};

}  // namespace perch::maker
