#pragma once
// What a node or provider meant by an error answer. Nodes (geth, Nethermind, Erigon, Reth, Besu,
// Hardhat) and providers (Infura, Alchemy, QuickNode, ...) word the same refusal differently; every
// caller asks here instead of searching the text itself.
#include <string>
#include <string_view>

#include "chain/rpc/rpc_error.hpp"

namespace perch::chain::rpc {

enum class NodeSays {
    other,                    // an answer to act on as it stands (revert, bad params, ...)
    already_known,            // this very transaction is in the node's pool already
    nonce_too_low,            // the nonce was used by a mined transaction
    replacement_underpriced,  // a transaction with this nonce is pending, ours does not outbid it
    rate_limited,             // the provider's request budget is spent: wait and ask again
    log_range_too_large,      // eth_getLogs over too many blocks or with too many results
    batch_too_large,          // more calls in one batch than the provider takes
};

// From the error's code and message (case does not matter). Range caps are looked for before rate
// limits: Infura answers both with code -32005.
NodeSays classify(long long code, std::string_view message);
NodeSays classify(const RpcError& error);

// A transaction the node answered so about has been sent before: re-broadcasting a stored
// transaction is always safe.
bool means_already_sent(NodeSays says);

// The wait a provider asked for in a Retry-After header (seconds or an HTTP date), in
// milliseconds; 0 when the header is absent or unreadable.
long long retry_after_ms(std::string_view header, long long now_unix_seconds);

// A URL as it may appear in logs and error texts: scheme, host and port only. Providers put the
// API key in the path, the query or the user info, so none of those are shown.
std::string redact_url(std::string_view url);

}  // namespace perch::chain::rpc
