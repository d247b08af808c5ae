#pragma once
// Storage of faucet claims. A claim is queued, then signed and stored with its nonce before it is
// broadcast (so a crash re-broadcasts the same transaction and never signs a second one), then
// done once mined. Failed claims (the faucet ran out) do not count against the claim limit.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/task.hpp"
#include "store/store.hpp"

namespace perch::store {

struct FaucetClaim {
    std::int64_t id = 0;
    std::string slug;
    std::int64_t chain_id = 0;
    std::string address;  // the recipient, lower case
    std::string client_ip;
    std::string amount;  // smallest unit, decimal
    std::string status;  // queued, sent, done, failed
    std::optional<std::uint64_t> nonce;
    std::string raw_tx;   // 0x signed transaction, once signed
    std::string tx_hash;  // once signed
    std::string error;    // why it failed
    std::int64_t created_at = 0;
    std::int64_t updated_at = 0;
    std::int64_t queue_position = 0;  // for queued claims: 1 is next (filled by claims_of)
};

// A new claim, accepted unless the address or the IP claimed from the same faucet since `since`.
struct NewClaim {
    FaucetClaim claim;
    std::int64_t since = 0;
};
struct ClaimAdmission {
    std::optional<FaucetClaim> added;
    std::optional<std::int64_t> last_by_address, last_by_ip;  // when refused: the claims that count
};

class FaucetStore {
  public:
    virtual ~FaucetStore() = default;
    // Checks the limit and inserts in one write transaction, so two requests cannot both pass.
    virtual Task<ClaimAdmission> add_claim(NewClaim claim) = 0;
    virtual Task<std::vector<FaucetClaim>> claims_of(std::string address, int limit) = 0;
    // The latest counted claims of an address and an IP on a faucet since `since`.
    virtual Task<std::pair<std::optional<std::int64_t>, std::optional<std::int64_t>>> last_claims(
        std::string slug, std::string address, std::string client_ip, std::int64_t since) = 0;
    // Oldest first.
    virtual Task<std::vector<FaucetClaim>> claims_in(std::int64_t chain_id, std::string status,
                                                     int limit) = 0;
    // The highest nonce stored for the faucet on a chain.
    virtual Task<std::optional<std::uint64_t>> max_nonce(std::int64_t chain_id) = 0;
    // queued → sent with its signed transaction; false when the claim was no longer queued.
    virtual Task<bool> store_signed(std::int64_t id, std::uint64_t nonce, std::string raw_tx,
                                    std::string tx_hash, std::int64_t now) = 0;
    virtual Task<void> mark_done(std::int64_t id, std::int64_t now) = 0;
    virtual Task<void> mark_failed(std::int64_t id, std::string error, std::int64_t now) = 0;
};

std::unique_ptr<FaucetStore> open_faucet_store(Store& store);

}  // namespace perch::store
