#pragma once
// Request parameters, read one way by every handler: from the query, the JSON body or the path.
// Each typed reader refuses with the one wording of core/param_error.hpp ("'{name}' is required",
// "'{name}': '{value}' is not {what it must be}"), so the same mistake reads the same everywhere.
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chain/address.hpp"
#include "chain/solana/pubkey.hpp"
#include "chain/u256.hpp"
#include "core/param_error.hpp"
#include "http/message.hpp"

namespace perch::api {

class Params {
  public:
    static Params query(const http::Request& req) { return Params(&req.query, nullptr); }
    static Params path(const http::Request& req) { return Params(&req.params, nullptr); }
    // `body` must outlive the Params.
    static Params body(const boost::json::object& body) { return Params(nullptr, &body); }

    // The parameter's text; nullopt when absent, null or empty. A body number is read as its
    // decimal text (clients send chain ids both ways); any other non-text value is refused.
    std::optional<std::string> find(std::string_view name) const;
    std::string required(std::string_view name) const;

  private:
    Params(const http::Params* map, const boost::json::object* body) : map_(map), body_(body) {}
    const http::Params* map_;
    const boost::json::object* body_;
};

// An EVM address: 0x and 40 hex digits; mixed case must be the EIP-55 checksum (a wrong one is
// a mistyped address), all-lower or all-upper case has none to check.
chain::Address evm_address(const Params& p, std::string_view name);
std::optional<chain::Address> optional_evm_address(const Params& p, std::string_view name);
chain::Address parse_evm_address(std::string_view name, std::string_view text);

// An EVM address (checked as above) or a Solana one (base58 of 32 bytes).
struct WalletAddress {
    std::optional<chain::Address> evm;
    std::optional<chain::solana::Pubkey> solana;
    // How the stores key a wallet: lower-case hex, or the base58 text (case matters there).
    std::string key() const;
};
WalletAddress wallet_address(const Params& p, std::string_view name);
WalletAddress parse_wallet_address(std::string_view name, std::string_view text);

// Which chain ids a reader accepts, and the words for the rule ("a chain this server swaps on").
// Without `accepts`, any whole number is a chain id.
struct ChainRule {
    std::function<bool(std::int64_t)> accepts;
    std::string what;
};
std::int64_t chain_id(const Params& p, std::string_view name, const ChainRule& rule = {});
std::int64_t parse_chain_id(std::string_view name, std::string_view text,
                            const ChainRule& rule = {});
// A comma list of at most `max` chain ids, each once, in the order given; empty when absent.
std::vector<std::int64_t> chain_ids(const Params& p, std::string_view name, std::size_t max,
                                    const ChainRule& rule = {});

// A comma list of at most `max` items (trimmed, empty ones dropped); empty when absent. `what`
// words the list ("a list of 1 to 5 EVM addresses").
std::vector<std::string> list(const Params& p, std::string_view name, std::size_t max,
                              std::string_view what);

std::int64_t whole_number(const Params& p, std::string_view name, std::int64_t min,
                          std::int64_t max);
// As above, `fallback` when absent.
std::int64_t whole_number(const Params& p, std::string_view name, std::int64_t min,
                          std::int64_t max, std::int64_t fallback);

// A decimal amount of `symbol` with at most `decimals` decimals, in its smallest unit.
chain::U256 amount(const Params& p, std::string_view name, unsigned decimals,
                   std::string_view symbol, bool positive = false);

// `page` (from 1) and `size` (1 to max_size) of a paged list.
struct PageRule {
    int size = 10;
    int max_size = 100;
};
struct Page {
    int page = 1;
    int size = 10;
    std::int64_t offset() const { return static_cast<std::int64_t>(page - 1) * size; }
};
Page page(const Params& p, PageRule rule = {});
boost::json::object page_json(boost::json::array list, std::int64_t total, const Page& page);

// `slippage_bps`: absent is the default (5 %); else 1 to 5000 (0.01 % to 50 %).
inline constexpr std::uint32_t kDefaultSlippageBps = 500;
inline constexpr std::uint32_t kMaxSlippageBps = 5000;
std::uint32_t slippage_bps(const Params& p);

}  // namespace perch::api
