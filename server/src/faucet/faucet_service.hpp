#pragma once
// The faucets (/faucet, /Faucet/Ink, /Faucet/IP, /Faucet/Monad): a signed-in wallet claims the
// configured amount of a network's coin once per window, per address and per IP. A claim is
// queued; one sender per chain signs it from the faucet key, stores the signed transaction with
// its nonce and only then broadcasts, re-broadcasts what the node forgot, and marks it done once
// mined: the maker's exactly-once rule (store before broadcast, one nonce per drip) for a second key.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bridge/order.hpp"
#include "chain/rpc/registry.hpp"
#include "chain/signer.hpp"
#include "core/wakeup.hpp"
#include "faucet/faucets.hpp"
#include "store/faucet_store.hpp"

namespace perch::faucet {

struct FaucetOptions {
    FaucetRules rules;
    std::optional<chain::PrivateKey> key;  // none: every faucet is unavailable here
    std::chrono::milliseconds poll{500};
    std::chrono::milliseconds rebroadcast_every{5000};
};

// A faucet as one visitor sees it.
struct FaucetView {
    const FaucetNetwork* network = nullptr;
    std::string unavailable;        // why it cannot send here ("" when it can)
    bool empty = false;             // it holds less than one more claim
    std::int64_t wait_seconds = 0;  // until this address and IP may claim again
};

class FaucetService {
  public:
    FaucetService(store::FaucetStore& store, const chain::rpc::ChainRegistry& chains,
                  FaucetOptions options);
    ~FaucetService();

    const FaucetRules& rules() const { return options_.rules; }
    // The faucet network named by `slug`; throws ApiError 404.
    const FaucetNetwork& network(const std::string& slug) const;
    // The faucet's account ("" without a key).
    std::string address() const;

    Task<FaucetView> view(const FaucetNetwork& network, std::string user, std::string client_ip);
    // Queues a claim for `user` (already checked to be the signed-in wallet). Throws ApiError:
    // 503 unavailable or empty, 429 with the time left when the address or the IP claimed already.
    Task<store::FaucetClaim> claim(const FaucetNetwork& network, std::string user,
                                   std::string client_ip);
    Task<std::vector<store::FaucetClaim>> claims_of(std::string user);

    // One sender per faucet chain on `ctx` (one thread: the loops share state without locks).
    void start(boost::asio::io_context& ctx);
    void stop();

  private:
    struct Sender {
        chain::rpc::RpcClient* rpc = nullptr;
        std::unique_ptr<Wakeup> wake;
        std::optional<std::uint64_t> next_nonce;  // known once the first claim is signed
        std::map<std::int64_t, std::chrono::steady_clock::time_point> broadcast_at;  // by claim
    };
    Task<void> send_loop(std::int64_t chain_id);
    Task<void> follow_sent(std::int64_t chain_id, Sender& sender);
    Task<void> sign_queued(std::int64_t chain_id, Sender& sender);
    Task<void> broadcast(Sender& sender, const store::FaucetClaim& claim);
    chain::Address token_of(const FaucetNetwork& network) const;  // zero: the native coin
    void add_claim(Spend& spend, const FaucetNetwork& network, const chain::U256& amount,
                   const bridge::Fees& fees) const;
    // What the unmined (`queued_too`: and the queued) claims on a chain will take.
    Task<Spend> pending_spend(std::int64_t chain_id, const bridge::Fees& fees, bool queued_too);
    // The faucet's native balance and its balance of every token `spend` names.
    Task<Holdings> holdings(chain::rpc::RpcClient& rpc, const Spend& spend);

    store::FaucetStore& store_;
    const chain::rpc::ChainRegistry& chains_;
    FaucetOptions options_;
    std::optional<chain::Address> address_;
    boost::asio::io_context* ctx_ = nullptr;
    std::map<std::int64_t, Sender> senders_;  // by chain, used on ctx_ only
    std::atomic<bool> stopping_{false};
};

}  // namespace perch::faucet
