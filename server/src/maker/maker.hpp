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
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "balance/balances.hpp"
#include "bridge/deposit_event.hpp"
#include "bridge/order.hpp"
#include "bridge/quote.hpp"
#include "chain/signer.hpp"
#include "core/config.hpp"
#include "store/orders.hpp"

namespace perch::maker {

struct MakerOptions {
    std::chrono::milliseconds poll{200};             // how often watchers and payers look
    std::chrono::milliseconds speedup_after{12000};  // re-sign at a higher fee after this long
    std::chrono::milliseconds rebroadcast_every{5000};
    PerChainCount confirmations{1, {}};        // per source chain
    PerChainCount large_confirmations{3, {}};  // deposits from a route's large_from
    int batch = 300;                           // orders signed per chain per round
    std::uint64_t max_log_range = 500;         // blocks per eth_getLogs
    // A transaction the node refuses (for a reason other than already having it) is retried; once
    // refused this many times over at least this long, its nonce is cancelled (see payer.cpp).
    int refusals_before_void = 3;
    std::chrono::milliseconds refused_for_before_void{10000};
};

// The confirmations a deposit of `amount` on `chain_id` waits for: the chain's count, or its
// large count from the route's large_from (zero: no large rule).
std::uint32_t confirmations_for(const MakerOptions& options, std::int64_t chain_id,
                                const chain::U256& amount, const chain::U256& large_from);

class Maker {
  public:
    Maker(boost::asio::io_context& ctx, store::OrderStore& orders, const bridge::RouteTable& routes,
          balance::BalanceService& balances, chain::Address depositor, chain::PrivateKey key,
          MakerOptions options);

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

    // A signed transaction to send, with the stored maker transaction it belongs to.
    struct Outgoing {
        std::int64_t maker_tx_id = 0;
        store::Attempt attempt;
    };
    // Broadcasts the node refused, per maker transaction, since it last accepted one.
    struct Refusals {
        int count = 0;
        std::chrono::steady_clock::time_point first;
        std::string message;  // the node's latest answer
    };

    Task<void> pay_loop(std::int64_t chain_id);
    Task<void> sign_new(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    Task<void> follow_pending(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    Task<void> broadcast(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                         std::vector<Outgoing> outgoing);
    bool refused_too_long(std::int64_t maker_tx_id) const;
    Task<std::optional<Outgoing>> cancel_refused(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                                                 const store::MakerTx& m);
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
    std::map<std::int64_t, Refusals> refusals_;  // by maker transaction id
    std::map<std::int64_t, std::chrono::steady_clock::time_point> refund_waits_;  // by order id
};

}  // namespace perch::maker
