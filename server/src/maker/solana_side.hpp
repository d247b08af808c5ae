#pragma once
// The Solana implementation of a chain's side of the maker (docs/solana.md).
//
// Watcher: getSignaturesForAddress on the maker's address and on its USDC account, from where it
// last stopped (the newest signature of each, stored with the new orders in one transaction), at
// the configured commitment (default finalized, so there is no reorganisation to undo); every new
// transaction is fetched and its transfers to the maker become orders (bridge/solana_deposit.hpp).
// A deposit whose memo is not a Perch memo, to an unsupported route or out of limits is refunded
// on Solana to its sender, minus the cost of the refund, and the order says why.
//
// Payer: payouts to Solana and refunds of Solana deposits. Each is signed against a recent
// blockhash and stored (wire bytes, signature, lastValidBlockHeight) before it is sent; the same
// bytes are sent again until the signature is seen; only once the finalized block height has
// passed lastValidBlockHeight with the signature still unknown is a new version signed (the same
// instructions, a new blockhash: bridge/solana_payout.hpp's rule), and it is recorded only under
// the lease, as the one successor of the expired version, in one store transaction
// (OrderStore::add_version). Never two that can both land, even with two instances.
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bridge/solana_bridge.hpp"
#include "chain/solana/keypair.hpp"
#include "maker/chain_side.hpp"
#include "store/orders.hpp"

namespace perch::maker {

class Maker;

class SolanaSide final : public ChainSide {
  public:
    SolanaSide(Maker& maker, bridge::SolanaBridge& bridge, chain::solana::Keypair key);

    std::int64_t chain_id() const override;
    Task<void> watch_round(bool woken) override;
    Task<void> pay_round(bool woken) override;
    void forget() override;

    // Signed versions of one payout or refund before it is given up (each expired unseen).
    static constexpr std::size_t kMaxVersions = 8;

  private:
    Task<void> read_deposits();
    Task<void> confirm();
    Task<void> sign_new();
    Task<void> follow_pending();
    Task<void> send(const store::Attempt& attempt, bool first);
    // This round's compute-unit price: from the node's recent prioritization fees under the
    // profile's floor and cap (bridge/solana_payout.hpp); the floor when the node cannot say.
    Task<std::uint64_t> compute_unit_price(chain::solana::SolanaRpc& rpc);
    // Signs `message` (its blockhash set) with the maker's key.
    store::SignedTx sign(chain::solana::Message message, std::uint64_t valid_until) const;
    store::Order order_of(const bridge::SolanaDeposit& d) const;

    Maker& maker_;
    bridge::SolanaBridge& bridge_;
    chain::solana::Keypair key_;
    bridge::SolanaWatch watch_;
    std::optional<std::map<std::string, std::string>> cursor_;  // address → newest signature
    std::chrono::steady_clock::time_point next_round_{};  // rounds at most every solana.poll_ms
    std::map<std::string, std::chrono::steady_clock::time_point> last_sent_;  // by signature
    std::map<std::string, std::string> refused_;  // signature → the node's latest refusal
    std::map<std::int64_t, std::chrono::steady_clock::time_point> refund_waits_;  // by order
    std::map<std::int64_t, std::chrono::steady_clock::time_point> price_said_;    // its warning
};

}  // namespace perch::maker
