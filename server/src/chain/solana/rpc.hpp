#pragma once
// Typed Solana JSON-RPC calls over the pooled RpcClient the EVM chains use (same URLs failover,
// timeouts, retries and metrics). Errors are the EVM client's: RpcError with Kind::rpc keeps the
// node's code and message; transport/timeout errors are typed; an answer of the wrong shape is
// RpcError(Kind::bad_response), never a crash.
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/rpc/rpc_client.hpp"
#include "chain/solana/message.hpp"
#include "chain/solana/pubkey.hpp"

namespace perch::chain::solana {

enum class Commitment { processed, confirmed, finalized };
const char* to_string(Commitment commitment);
std::optional<Commitment> commitment_from_string(std::string_view text);

struct LatestBlockhash {
    Blockhash blockhash;
    std::uint64_t last_valid_block_height = 0;
    std::uint64_t context_slot = 0;
};

struct SimulationResult {
    boost::json::value err;  // null: the simulation succeeded
    std::vector<std::string> logs;
    std::optional<std::uint64_t> units_consumed;
    bool ok() const { return err.is_null(); }
};

// getSignatureStatuses: one entry per asked signature; empty when the node does not know it.
struct SignatureStatus {
    std::uint64_t slot = 0;
    std::optional<std::uint64_t> confirmations;  // null once rooted/finalized
    boost::json::value err;                      // null: succeeded
    std::optional<Commitment> confirmation_status;
    bool failed() const { return !err.is_null(); }
};

// getBlockHeight and getSignatureStatuses answered together (SolanaRpc::get_height_and_statuses).
struct HeightAndStatuses {
    std::uint64_t block_height = 0;
    std::vector<std::optional<SignatureStatus>> statuses;
};

struct SignaturesQuery {
    std::optional<std::string> before;              // signatures older than this one
    std::optional<std::string> until;               // down to (excluding) this one
    std::optional<std::uint32_t> limit;             // the node's default is 1000
    Commitment commitment = Commitment::finalized;  // processed is not accepted by nodes
};

// getSignaturesForAddress: newest first.
struct SignatureInfo {
    std::string signature;
    std::uint64_t slot = 0;
    std::optional<std::int64_t> block_time;
    boost::json::value err;
    std::optional<std::string> memo;
    std::optional<Commitment> confirmation_status;
    bool failed() const { return !err.is_null(); }
};

struct TokenBalance {
    std::uint32_t account_index = 0;
    Pubkey mint;
    std::optional<Pubkey> owner;
    std::optional<Pubkey> program_id;
    std::uint64_t amount = 0;  // base units (uiTokenAmount.amount)
    std::uint8_t decimals = 0;
};

struct InnerInstructions {
    std::uint32_t index = 0;  // the top-level instruction they ran under
    std::vector<CompiledInstruction> instructions;
};

// getTransaction (encoding json, maxSupportedTransactionVersion 0).
struct FetchedTransaction {
    std::uint64_t slot = 0;
    std::optional<std::int64_t> block_time;
    std::optional<MessageVersion> version;  // none: the node did not say (legacy)
    std::vector<Signature> signatures;
    Message message;                      // static keys, header, blockhash, instructions, lookups
    std::vector<Pubkey> loaded_writable;  // meta.loadedAddresses
    std::vector<Pubkey> loaded_readonly;
    boost::json::value err;  // meta.err; null: succeeded
    std::uint64_t fee = 0;
    std::vector<std::uint64_t> pre_balances, post_balances;
    std::vector<TokenBalance> pre_token_balances, post_token_balances;
    std::vector<InnerInstructions> inner_instructions;
    std::vector<std::string> log_messages;

    bool failed() const { return !err.is_null(); }
    std::string id() const;  // first signature, base58
    // Static keys, then loaded writable, then loaded readonly (what instruction indexes refer to).
    std::vector<Pubkey> account_keys() const;
};

struct AccountInfo {
    std::uint64_t lamports = 0;
    Pubkey owner;
    Bytes data;
    bool executable = false;
    std::uint64_t rent_epoch = 0;
    std::optional<std::uint64_t> space;
};

// An SPL token account (the first 165 bytes of its data).
struct TokenAccount {
    Pubkey address;
    Pubkey mint;
    Pubkey owner;
    std::uint64_t amount = 0;
};
// Reads mint, owner and amount from a token account's data (Errc::sol_invalid_account if short).
Result<TokenAccount> parse_token_account(const Pubkey& address, ByteView data);

struct TokenAmount {
    std::uint64_t amount = 0;
    std::uint8_t decimals = 0;
};

// Pure parsers of each answer (unit-tested against recorded answers).
LatestBlockhash parse_latest_blockhash(const boost::json::value& result);
std::vector<std::optional<SignatureStatus>> parse_signature_statuses(
    const boost::json::value& result);
std::vector<SignatureInfo> parse_signatures_for_address(const boost::json::value& result);
std::optional<FetchedTransaction> parse_transaction_answer(const boost::json::value& result);
std::optional<AccountInfo> parse_account_info(const boost::json::value& result);
SimulationResult parse_simulation(const boost::json::value& result);

class SolanaRpc {
  public:
    explicit SolanaRpc(chain::rpc::RpcClient& rpc) : rpc_(rpc) {}

    Task<LatestBlockhash> get_latest_blockhash(Commitment commitment = Commitment::finalized);
    Task<std::uint64_t> get_block_height(Commitment commitment = Commitment::finalized);
    Task<std::uint64_t> get_slot(Commitment commitment = Commitment::finalized);
    // Sends base64 wire bytes; answers the signature the node reports (the transaction id).
    // skip_preflight false: the node simulates first and answers its error (-32002) if it fails.
    Task<std::string> send_transaction(const Bytes& wire, bool skip_preflight = false,
                                       Commitment preflight = Commitment::finalized);
    Task<SimulationResult> simulate_transaction(const Bytes& wire, bool sig_verify = true,
                                                Commitment commitment = Commitment::finalized);
    Task<std::vector<std::optional<SignatureStatus>>> get_signature_statuses(
        std::vector<std::string> signatures, bool search_transaction_history = false);
    // The block height at `commitment` and the statuses of `signatures` (transaction history
    // searched too) in one request, so from one node even behind a failover: a signature unknown
    // to the node that says the chain is past its blockhash's last valid height never lands.
    Task<HeightAndStatuses> get_height_and_statuses(Commitment commitment,
                                                    std::vector<std::string> signatures);
    Task<std::vector<SignatureInfo>> get_signatures_for_address(const Pubkey& address,
                                                                SignaturesQuery query = {});
    // Empty while the node does not have it at that commitment (confirmed or finalized).
    Task<std::optional<FetchedTransaction>> get_transaction(
        std::string signature, Commitment commitment = Commitment::finalized);
    Task<std::uint64_t> get_balance(const Pubkey& address,
                                    Commitment commitment = Commitment::finalized);
    // Token accounts of owner for one mint (base64 data parsed here).
    Task<std::vector<TokenAccount>> get_token_accounts_by_owner(
        const Pubkey& owner, const Pubkey& mint, Commitment commitment = Commitment::finalized);
    // Errors with the node's code when the account does not exist or is not a token account.
    Task<TokenAmount> get_token_account_balance(const Pubkey& account,
                                                Commitment commitment = Commitment::finalized);
    // getRecentPrioritizationFees: the compute-unit price (micro-lamports) of each recent slot,
    // oldest first: the lowest any transaction landed in it paid (0 where one paid none).
    Task<std::vector<std::uint64_t>> get_recent_prioritization_fees();
    // Empty when the account does not exist.
    Task<std::optional<AccountInfo>> get_account_info(
        const Pubkey& address, Commitment commitment = Commitment::finalized);

  private:
    chain::rpc::RpcClient& rpc_;
};

}  // namespace perch::chain::solana
