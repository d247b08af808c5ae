#pragma once
// Firm quotes for cross-asset routes (SOL <-> ETH, docs/solana.md "Firm quotes"), pure.
// The server issues a quote, stores it and signs it with EIP-712 under the operator's quote key;
// the deposit names it (`<recipient>?quote=<id>` on EVM, the memo's sixth field on Solana). The
// maker then pays exactly the quoted amount when the deposit matches the quote and its block was
// made before the quote expired; anything else is refunded with the reason. The depositor never
// writes the amount it is paid.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain/signer.hpp"
#include "chain/u256.hpp"

namespace perch::bridge {

// How long a firm quote can be deposited against (block time of the deposit).
inline constexpr std::int64_t kFirmQuoteSeconds = 120;

// The EIP-712 domain every quote is signed in: no chain id or verifying contract, since a quote
// spans two chains and no contract checks it; the signer's address is what an integrator pins.
inline constexpr std::string_view kQuoteDomainName = "Perch Quote";
inline constexpr std::string_view kQuoteDomainVersion = "1";
inline constexpr std::string_view kQuoteType =
    "Quote(string id,uint256 fromChainId,uint256 toChainId,string token,uint256 amount,string "
    "recipient,string receiveToken,uint256 receiveAmount,uint256 channel,uint256 expiresAt)";

struct FirmQuote {
    std::string id;  // "q" and 24 lower-case hex digits
    std::int64_t from_chain = 0;
    std::int64_t to_chain = 0;
    std::string token;      // the deposited token's symbol
    chain::U256 amount;     // base units deposited
    std::string recipient;  // as the deposit names it (EIP-55 or base58, as typed)
    std::string receive_token;
    chain::U256 receive_amount;  // base units of receive_token the maker pays
    std::int64_t channel = 0;
    std::int64_t issued_at = 0;   // unix seconds
    std::int64_t expires_at = 0;  // unix seconds: deposits in blocks made later are refunded
    std::string signature;        // 0x r||s||v, 65 bytes
};

// A quote id is "q" and this many lower-case hex digits (random bytes, made by the issuer).
inline constexpr std::size_t kQuoteIdHexDigits = 24;
// Whether `text` has the shape of a quote id (decoders accept nothing else).
bool is_quote_id(std::string_view text);

// The EIP-712 digest the quote key signs (and an integrator recomputes).
chain::Hash32 quote_digest(const FirmQuote& quote);
// Signs `quote` (sets its signature).
void sign_quote(FirmQuote& quote, const chain::PrivateKey& key);
// The address that signed `quote`, or nullopt when the signature does not recover.
std::optional<chain::Address> quote_signer(const FirmQuote& quote);

// What a deposit that names a quote actually carried.
struct QuotedDeposit {
    std::int64_t from_chain = 0;
    std::int64_t to_chain = 0;
    std::string token;  // symbol of the deposited token (catalog)
    chain::U256 amount;
    std::string recipient;
    std::int64_t channel = 0;
    std::int64_t block_time = 0;  // unix seconds of the block (slot) that includes it
};

// Why the deposit is not paid the quote (empty: it matches and was on time; pay receive_amount).
// `quote` is nullopt when the named id is unknown to this bridge.
std::string quote_mismatch(const std::optional<FirmQuote>& quote, std::string_view quote_id,
                           const QuotedDeposit& deposit);

}  // namespace perch::bridge
