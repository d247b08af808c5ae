// Balances: multi-balance (per chain, for the network list), query_balances (several tokens on
// one chain) and the older /api/balance form that answers in msg.e18.
#include <boost/json.hpp>

#include "api/services.hpp"
#include "balance/balances.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr std::size_t kMaxChainsPerCall = 16;
constexpr std::size_t kMaxTokensPerCall = 50;

chain::Address evm_address(std::string_view text, std::string_view field) {
    auto address = chain::Address::from_hex(text);
    if (!text::is_evm_address(text) || !address) {
        throw bad_request("'" + std::string(field) +
                          "' must be an EVM address (0x and 40 hex digits)");
    }
    return *address;
}

// A base58 Solana address (32 bytes), for the Solana chain's balances.
std::optional<chain::solana::Pubkey> solana_address(std::string_view text) {
    if (text::is_evm_address(text)) return std::nullopt;
    auto key = chain::solana::Pubkey::from_base58(text);
    if (!key) return std::nullopt;
    return *key;
}

std::int64_t chain_id_of(std::string_view text, const balance::BalanceService& balances) {
    auto id = text::parse_int(text);
    if (!id) throw bad_request("chain id '" + std::string(text) + "' is not a number");
    if (!balances.knows_chain(*id)) throw bad_request("unknown chain id " + std::string(text));
    return *id;
}

std::string scaled_to_18(const chain::U256& raw, unsigned decimals) {
    auto value = raw;
    for (unsigned d = decimals; d < 18; ++d) {
        auto next = value.mul(10);
        if (!next) return raw.to_dec();
        value = *next;
    }
    for (unsigned d = 18; d < decimals; ++d) value = *value.div(10);
    return value.to_dec();
}

Task<http::Response> multi_balance(Services& s, http::Request& req) {
    const auto& user_text = req.required_query("user_address");
    auto solana_user = solana_address(user_text);
    std::optional<chain::Address> evm_user;
    if (!solana_user) {
        if (!text::is_evm_address(user_text) || !chain::Address::from_hex(user_text))
            throw bad_request(
                "'user_address' must be an EVM address (0x and 40 hex digits) or a Solana "
                "address (base58 of 32 bytes)");
        evm_user = *chain::Address::from_hex(user_text);
    }
    const auto& token = req.required_query("token_name");
    if (!s.balances.knows_token(token)) throw bad_request("unknown token '" + token + "'");
    auto ids = text::split(req.required_query("chain_ids"), ',');
    if (ids.empty()) throw bad_request("query parameter 'chain_ids' is required");
    if (ids.size() > kMaxChainsPerCall) {
        throw bad_request("at most " + std::to_string(kMaxChainsPerCall) + " chains per call");
    }
    std::vector<std::int64_t> chain_ids;
    chain_ids.reserve(ids.size());
    for (const auto& id : ids) chain_ids.push_back(chain_id_of(id, s.balances));
    // Not `c ? co_await a : co_await b`: g++ 12 miscompiles co_await in a conditional operator
    // (the result was garbage and perch crashed).
    std::vector<balance::ChainBalance> balances;
    if (solana_user)
        balances = co_await s.balances.multi_balance(*solana_user, std::move(chain_ids), token);
    else
        balances = co_await s.balances.multi_balance(*evm_user, std::move(chain_ids), token);
    json::object data;
    for (const auto& b : balances) {
        data[std::to_string(b.chain_id)] = json::object{{"view_value", b.view_value},
                                                        {"status_code", b.status_code},
                                                        {"status_message", b.status_message}};
    }
    co_return http::envelope(data);
}

balance::TokenRef token_of(const json::value& item, std::int64_t chain_id, bool solana) {
    if (!item.is_object()) throw bad_request("each of 'tokens' must be an object");
    const auto& obj = item.as_object();
    balance::TokenRef t;
    t.chain_id = chain_id;
    const auto* name = obj.if_contains("name");
    const auto* address = obj.if_contains("address");
    const auto* decimals = obj.if_contains("decimals");
    if (!name || !name->is_string() || name->as_string().empty())
        throw bad_request("tokens[].name is required");
    if (!address || !address->is_string()) throw bad_request("tokens[].address must be a string");
    if (!decimals || !decimals->is_int64() || decimals->as_int64() < 0 ||
        decimals->as_int64() > 36) {
        throw bad_request("tokens[].decimals must be a whole number from 0 to 36");
    }
    t.symbol = std::string(name->as_string());
    t.decimals = static_cast<unsigned>(decimals->as_int64());
    if (solana) {  // base58 is case-sensitive: kept as sent
        t.address = std::string(address->as_string());
        t.native = t.address.empty();
        if (auto mint = balance::solana_mint_of(t); !mint)
            throw bad_request("tokens[].address " + mint.error().message);
        return t;
    }
    t.address = text::to_lower(address->as_string());
    t.native = t.address.empty() || t.address == "0x0000000000000000000000000000000000000000";
    if (!t.native && !text::is_evm_address(t.address)) {
        throw bad_request("tokens[].address '" + t.address + "' is not an EVM address");
    }
    return t;
}

Task<http::Response> query_balances(Services& s, http::Request& req) {
    auto body = req.json_object();
    const auto* user_field = body.if_contains("user");
    if (!user_field || !user_field->is_string()) throw bad_request("field 'user' is required");
    const auto* chain_field = body.if_contains("chain_name");
    if (!chain_field || !chain_field->is_string())
        throw bad_request("field 'chain_name' is required");
    auto chain_id = s.balances.chain_by_name(chain_field->as_string());
    if (!chain_id)
        throw bad_request("unknown chain_name '" + std::string(chain_field->as_string()) + "'");
    const auto* tokens_field = body.if_contains("tokens");
    if (!tokens_field || !tokens_field->is_array() || tokens_field->as_array().empty()) {
        throw bad_request("field 'tokens' must be a non-empty array");
    }
    if (tokens_field->as_array().size() > kMaxTokensPerCall) {
        throw bad_request("at most " + std::to_string(kMaxTokensPerCall) + " tokens per call");
    }
    bool solana = s.balances.is_solana_chain(*chain_id);
    std::optional<chain::solana::Pubkey> solana_user;
    std::optional<chain::Address> evm_user;
    if (solana) {
        solana_user = solana_address(user_field->as_string());
        if (!solana_user)
            throw bad_request("'user' must be a Solana address (base58 of 32 bytes) on Solana");
    } else {
        evm_user = evm_address(user_field->as_string(), "user");
    }
    std::vector<balance::TokenRef> tokens;
    for (const auto& item : tokens_field->as_array())
        tokens.push_back(token_of(item, *chain_id, solana));
    std::vector<std::optional<chain::U256>> values;
    try {
        if (solana)  // not in a conditional operator: see multi_balance
            values = co_await s.balances.solana_token_balances(*solana_user, tokens);
        else
            values = co_await s.balances.token_balances(*chain_id, *evm_user, tokens);
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, std::string("balances unavailable: ") + e.what());
    }
    json::array out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        out.push_back(json::object{
            {"name", tokens[i].symbol},
            {"address", tokens[i].address},
            {"decimals", tokens[i].decimals},
            {"balance", values[i] ? json::value(values[i]->format_units(tokens[i].decimals))
                                  : json::value(nullptr)}});
    }
    co_return http::envelope(json::object{{"balances", out}});
}

Task<http::Response> single_balance(Services& s, http::Request& req) {
    auto chain_id = chain_id_of(req.required_query("chainid"), s.balances);
    const auto& symbol = req.required_query("token");
    const auto& address = req.required_query("address");
    if (!text::is_wallet_address(address)) throw bad_request("'address' must be a wallet address");
    auto token = s.balances.token(symbol, chain_id);
    if (!token)
        throw bad_request("token '" + symbol + "' is not listed on chain " +
                          std::to_string(chain_id));
    const bool solana = s.balances.is_solana_chain(chain_id);
    // A chain this server cannot reach (Starknet, for one) is an error, never a zero balance.
    auto reason = solana ? std::string() : s.balances.unreachable_reason(chain_id);
    if (!reason.empty()) throw ApiError(ErrorKind::unavailable, reason);
    auto solana_owner = solana_address(address);
    if (solana && !solana_owner)
        throw bad_request("'address' must be a Solana address (base58 of 32 bytes) on Solana");
    if (!solana && !text::is_evm_address(address))
        throw bad_request("'address' must be an EVM address on an EVM chain");
    std::vector<std::optional<chain::U256>> values;
    try {
        std::vector<balance::TokenRef> one{*token};
        if (solana)  // not in a conditional operator: see multi_balance
            values = co_await s.balances.solana_token_balances(*solana_owner, std::move(one));
        else
            values = co_await s.balances.token_balances(chain_id, evm_address(address, "address"),
                                                        std::move(one));
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, std::string("balance unavailable: ") + e.what());
    }
    if (!values.at(0))
        throw ApiError(ErrorKind::unavailable, "the node could not read the balance");
    auto value = values[0]->format_units(token->decimals);
    json::object answer{{"e18", scaled_to_18(*values[0], token->decimals)},
                        {"value", value},
                        {"decimals", token->decimals}};
    http::Response r;
    r.body = json::serialize(json::object{{"code", 0}, {"msg", answer}, {"data", answer}});
    co_return r;
}

}  // namespace

void register_balance_api(http::Router& router, Services& s) {
    router.get("/api/balance_api/v1/multi-balance",
               "Balance of one token on several chains (status per chain)",
               [&s](http::Request& req) { return multi_balance(s, req); });
    router.post("/api/swap_auxiliary_api/v1/query_balances",
                "Balances of several tokens on one chain",
                [&s](http::Request& req) { return query_balances(s, req); });
    router.get("/api/balance", "One balance, answered in msg.e18",
               [&s](http::Request& req) { return single_balance(s, req); });
}

}  // namespace perch::api
