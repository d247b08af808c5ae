// Balances: multi-balance (per chain, for the network list), query_balances (several tokens on
// one chain) and the older /api/balance form that answers in msg.e18.
#include <boost/json.hpp>

#include "api/params.hpp"
#include "api/routes.hpp"
#include "api/services.hpp"
#include "balance/balances.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr std::size_t kMaxChainsPerCall = 16;
constexpr std::size_t kMaxTokensPerCall = 50;

// The owner of balances on a chain: a base58 Solana address (32 bytes) on Solana, else EVM.
WalletAddress owner_on(bool solana, std::string_view name, std::string_view text) {
    WalletAddress owner;
    if (!solana) {
        owner.evm = parse_evm_address(name, text);
        return owner;
    }
    auto key = chain::solana::Pubkey::from_base58(text);
    if (!key) params::invalid(name, text, params::Kind::solana_address);
    owner.solana = *key;
    return owner;
}

ChainRule known_chain(const Services& s) {
    return {[&s](std::int64_t id) { return s.balances.knows_chain(id); },
            "a chain this server knows"};
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
    auto query = Params::query(req);
    auto user = wallet_address(query, "user_address");
    auto token = query.required("token_name");
    if (!s.balances.knows_token(token))
        params::invalid("token_name", token, "a token this server lists");
    auto ids = chain_ids(query, "chain_ids", kMaxChainsPerCall, known_chain(s));
    if (ids.empty()) params::missing("chain_ids");
    // Not `c ? co_await a : co_await b`: g++ 12 miscompiles co_await in a conditional operator
    // (the result was garbage and perch crashed).
    std::vector<balance::ChainBalance> balances;
    if (user.solana)
        balances = co_await s.balances.multi_balance(*user.solana, std::move(ids), token);
    else
        balances = co_await s.balances.multi_balance(*user.evm, std::move(ids), token);
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
    auto fields = Params::body(body);
    auto user_text = fields.required("user");
    auto chain_name = fields.required("chain_name");
    auto chain_id = s.balances.chain_by_name(chain_name);
    if (!chain_id) params::invalid("chain_name", chain_name, "a chain name this server knows");
    const auto* tokens_field = body.if_contains("tokens");
    if (!tokens_field) params::missing("tokens");
    if (!tokens_field->is_array() || tokens_field->as_array().empty() ||
        tokens_field->as_array().size() > kMaxTokensPerCall) {
        params::invalid("tokens", json::serialize(*tokens_field),
                        "an array of 1 to " + std::to_string(kMaxTokensPerCall) + " tokens");
    }
    bool solana = s.balances.is_solana_chain(*chain_id);
    auto user = owner_on(solana, "user", user_text);
    std::vector<balance::TokenRef> tokens;
    for (const auto& item : tokens_field->as_array())
        tokens.push_back(token_of(item, *chain_id, solana));
    std::vector<std::optional<chain::U256>> values;
    try {
        if (solana)  // not in a conditional operator: see multi_balance
            values = co_await s.balances.solana_token_balances(*user.solana, tokens);
        else
            values = co_await s.balances.token_balances(*chain_id, *user.evm, tokens);
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
    auto query = Params::query(req);
    auto chain_id = api::chain_id(query, "chainid", known_chain(s));
    auto symbol = query.required("token");
    auto address = query.required("address");
    if (!text::is_wallet_address(address))
        params::invalid("address", address, params::Kind::wallet_address);
    auto token = s.balances.token(symbol, chain_id);
    if (!token)
        throw bad_request("token '" + symbol + "' is not listed on chain " +
                          std::to_string(chain_id));
    const bool solana = s.balances.is_solana_chain(chain_id);
    // A chain this server cannot reach (Starknet, for one) is an error, never a zero balance.
    auto reason = solana ? std::string() : s.balances.unreachable_reason(chain_id);
    if (!reason.empty()) throw ApiError(ErrorKind::unavailable, reason);
    auto owner = owner_on(solana, "address", address);
    std::vector<std::optional<chain::U256>> values;
    try {
        std::vector<balance::TokenRef> one{*token};
        if (solana)  // not in a conditional operator: see multi_balance
            values = co_await s.balances.solana_token_balances(*owner.solana, std::move(one));
        else
            values = co_await s.balances.token_balances(chain_id, *owner.evm, std::move(one));
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

constexpr Route kRoutes[] = {
    {kGet, "/api/balance_api/v1/multi-balance", multi_balance,
     "Balance of one token on several chains (status per chain)"},
    {kPost, "/api/swap_auxiliary_api/v1/query_balances", query_balances,
     "Balances of several tokens on one chain"},
    {kGet, "/api/balance", single_balance, "One balance, answered in msg.e18"},
};

void register_balance_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
}

}  // namespace perch::api
