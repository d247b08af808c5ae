#include "chain/rpc/errors.hpp"

#include <algorithm>
#include <array>
#include <boost/url/parse.hpp>
#include <cctype>
#include <charconv>
#include <ctime>

namespace perch::chain::rpc {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

template <std::size_t N>
bool mentions(const std::string& text, const std::array<std::string_view, N>& wordings) {
    return std::any_of(wordings.begin(), wordings.end(),
                       [&](std::string_view w) { return text.find(w) != std::string::npos; });
}

// Each list holds the lower-cased wordings of nodes and providers, with who says it.
constexpr std::array<std::string_view, 17> kLogRangeCap{
    "query returned more than",          // Infura, geth-based providers: "... 10000 results"
    "block range too large",             // public endpoints
    "block range is too large",          // Ankr, BlockPI
    "block range is too wide",           // Ankr
    "exceed maximum block range",        // Erigon, BSC, Polygon nodes
    "exceeds max block range",           // Reth: "query exceeds max block range 100000"
    "query exceeds max results",         // Reth
    "log response size exceeded",        // Alchemy
    "range exceeds maximum",             // Besu: "Requested range exceeds maximum range limit"
    "exceeds maximum range limit",       // Besu
    "limited to a",                      // QuickNode: "eth_getLogs is limited to a 10,000 range"
    "block range limit exceeded",        // Chainstack
    "range limit exceeded",              // generic
    "too many blocks",                   // Nethermind-based gateways
    "response size should not greater",  // Chainstack: "... than 10000000 bytes"
    "ranges over",                       // dRPC: "ranges over 10000 blocks are not supported"
    "max range",                         // "eth_getLogs: max range is 1000"
};

constexpr std::array<std::string_view, 7> kRateLimit{
    "rate limit",                  // "rate limit exceeded", "rate limited"
    "too many requests",           // HTTP 429 wording in a body
    "request rate exceeded",       // Infura: "project ID request rate exceeded"
    "exceeded its compute units",  // Alchemy: "... compute units per second capacity"
    "capacity exceeded",           // "daily request count exceeded"/"capacity exceeded"
    "request count exceeded",      // QuickNode
    "credits limit",               // dRPC, Ankr
};

constexpr std::array<std::string_view, 4> kBatchCap{
    "batch too large",       // geth: errMsgBatchTooLarge
    "batch size limit",      // Alchemy: "Batch size limit exceeded"
    "batch size too large",  // public endpoints
    "too many requests in batch",
};

constexpr std::array<std::string_view, 7> kAlreadyKnown{
    "already known",               // geth, Erigon, Reth
    "alreadyknown",                // Nethermind: AlreadyKnown
    "known transaction",           // Hardhat, Besu, older geth
    "already imported",            // Reth, OpenEthereum, Substrate chains
    "existing tx with same hash",  // Erigon: "INTERNAL_ERROR: existing tx with same hash"
    "already exist",               // "tx already exist", "transaction already exists"
    "already in the mempool",
};

constexpr std::array<std::string_view, 6> kNonceTooLow{
    "nonce too low",  // geth, Erigon, Reth ("nonce too low: next nonce 5, tx nonce 3"),
                      // Hardhat ("Nonce too low. Expected nonce to be ...")
    "oldnonce",       // Nethermind: OldNonce
    "nonce has already been used",  // Hardhat, ethers
    "nonce is too low",             // OpenEthereum
    "nonce_too_low",                // Besu: NONCE_TOO_LOW
    "nonce_expired",                // ethers' code name, seen through gateways
};

constexpr std::array<std::string_view, 5> kReplacementUnderpriced{
    "replacement transaction underpriced",  // geth, Erigon, Reth, Hardhat
    "insufficient gas price to replace",    // Reth's pool
    "replacement_underpriced",              // Besu: REPLACEMENT_UNDERPRICED
    "another transaction with same nonce",  // OpenEthereum
    "ownnoncealreadyused",                  // Nethermind: OwnNonceAlreadyUsed
};

}  // namespace

NodeSays classify(long long code, std::string_view message) {
    auto text = lower(message);
    // A contract's own revert reason may say anything ("rate limit exceeded" from a token with
    // transfer limits): it is the call's answer, never the provider's.
    if (code == 3 || text.find("revert") != std::string::npos) return NodeSays::other;
    if (mentions(text, kLogRangeCap)) return NodeSays::log_range_too_large;
    if (mentions(text, kBatchCap)) return NodeSays::batch_too_large;
    if (mentions(text, kAlreadyKnown)) return NodeSays::already_known;
    if (mentions(text, kNonceTooLow)) return NodeSays::nonce_too_low;
    if (mentions(text, kReplacementUnderpriced)) return NodeSays::replacement_underpriced;
    // -32005 is EIP-1474's "limit exceeded"; 429 is what Alchemy puts in the body; -32016 and
    // -32090 are other gateways' rate-limit codes.
    if (code == -32005 || code == 429 || code == -32016 || code == -32090) {
        return NodeSays::rate_limited;
    }
    if (mentions(text, kRateLimit)) return NodeSays::rate_limited;
    return NodeSays::other;
}

NodeSays classify(const RpcError& error) {
    if (error.kind() == RpcError::Kind::rate_limited) return NodeSays::rate_limited;
    return classify(error.code(), error.what());
}

bool means_already_sent(NodeSays says) {
    return says == NodeSays::already_known || says == NodeSays::nonce_too_low ||
           says == NodeSays::replacement_underpriced;
}

long long retry_after_ms(std::string_view header, long long now_unix_seconds) {
    while (!header.empty() && header.front() == ' ') header.remove_prefix(1);
    while (!header.empty() && header.back() == ' ') header.remove_suffix(1);
    if (header.empty()) return 0;
    double seconds = 0;
    auto [end, ec] = std::from_chars(header.data(), header.data() + header.size(), seconds);
    if (ec == std::errc{} && end == header.data() + header.size()) {
        return seconds > 0 ? static_cast<long long>(seconds * 1000) : 0;
    }
    // An HTTP date: "Wed, 21 Oct 2015 07:28:00 GMT".
    std::tm tm{};
    std::string text(header);
    if (!strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm)) return 0;
    auto at = static_cast<long long>(timegm(&tm));
    return at > now_unix_seconds ? (at - now_unix_seconds) * 1000 : 0;
}

std::string redact_url(std::string_view url) {
    auto parsed = boost::urls::parse_uri(url);
    if (!parsed) return "(an RPC URL)";
    std::string out(parsed->scheme());
    out += "://";
    out += parsed->encoded_host();
    if (parsed->has_port()) {
        out += ':';
        out += parsed->port();
    }
    return out;
}

}  // namespace perch::chain::rpc
