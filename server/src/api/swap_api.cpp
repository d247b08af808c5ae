// Swap API group (docs/swap.md): the tokens of a chain, an exact-in quote over the indexed pools
// (the router in swap/), and the transactions that execute it (approve when the allowance is
// short, then PerchSwapExecutor.execute).

#include "api/swap_api.hpp"

#include <boost/json.hpp>
#include <chrono>
#include <cmath>

#include "api/fields.hpp"
#include "api/params.hpp"
#include "api/routes.hpp"
#include "api/services.hpp"
#include "api/swap_json.hpp"
#include "chain/erc20.hpp"
#include "chain/rpc/eth.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "store/swap_store.hpp"
#include "swap/calldata.hpp"
#include "swap/quoting.hpp"
#include "swap/service.hpp"
#include "swap/swapped_event.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr std::int64_t kDeadlineSeconds = std::int64_t{20} * 60;
constexpr std::int64_t kQuoteSeconds = 30;

struct SwapInput {
    std::int64_t chain_id = 0;
    const swap::SwapToken* in = nullptr;
    const swap::SwapToken* out = nullptr;
    chain::U256 amount;
    std::uint32_t slippage_bps = kDefaultSlippageBps;
};

swap::SwapService& service(Services& s) {
    if (!s.swap) throw ApiError(ErrorKind::unavailable, "swapping is not offered by this server");
    return *s.swap;
}

std::int64_t swap_chain(Services& s, const Params& p) {
    return chain_id(
        p, "chain_id",
        {[&s](std::int64_t id) { return service(s).serves(id); }, "a chain this server swaps on"});
}

const swap::SwapToken& swap_token(Services& s, std::int64_t chain_id, const Params& p,
                                  std::string_view name) {
    auto text = p.required(name);
    const auto* token = service(s).token(chain_id, parse_evm_address(name, text));
    if (!token)
        params::invalid(name, text,
                        "a token this server swaps on chain " + std::to_string(chain_id));
    return *token;
}

// The same fields from the query (quote) or the JSON body (build_tx).
SwapInput swap_input(Services& s, const Params& p) {
    SwapInput in;
    in.chain_id = swap_chain(s, p);
    in.in = &swap_token(s, in.chain_id, p, "token_in");
    in.out = &swap_token(s, in.chain_id, p, "token_out");
    if (in.in == in.out)
        params::invalid("token_out", p.required("token_out"), "another token than 'token_in'");
    in.amount = amount(p, "amount", in.in->decimals, in.in->symbol, true);
    in.slippage_bps = slippage_bps(p);
    return in;
}

[[noreturn]] void refuse(const chain::Error& e, const SwapInput& in) {
    auto pair = swap::swap_pair(in.in->symbol, in.out->symbol, in.chain_id);
    switch (e.code) {
        case chain::Errc::swap_no_route:
            throw not_found("No route from " + pair);
        case chain::Errc::swap_insufficient_liquidity:  // the amount is the problem: a 400
            throw bad_request("'amount': not enough liquidity to swap " +
                              in.amount.format_units(in.in->decimals) + " " + pair);
        default:
            throw bad_request("the swap cannot be quoted: " + e.message);
    }
}

Task<swap::Quote> quote_of(Services& s, const SwapInput& in) {
    swap::SwapAsk ask;
    ask.chain_id = in.chain_id;
    ask.token_in = in.in->address;
    ask.token_out = in.out->address;
    ask.amount_in = in.amount;
    auto quote = co_await swap::quote_swap(service(s), std::move(ask));
    if (!quote) throw ApiError(ErrorKind::unavailable, swap::pools_not_read(in.chain_id));
    if (!*quote) refuse(quote->error(), in);
    co_return std::move(**quote);
}

json::object quote_json(Services& s, const SwapInput& in, const swap::Quote& q) {
    auto body = swap_terms_json(in.chain_id, *in.in, *in.out, q, in.slippage_bps, "amount_out");
    json::object gas{{"units", q.gas_units}, {"cost_wei", q.gas_cost_wei.to_dec()}};
    gas["cost_in_out"] =
        q.gas_cost_out ? json::value(q.gas_cost_out->format_units(in.out->decimals)) : nullptr;
    body["gas"] = std::move(gas);
    body["route"] = route_json(q);
    body["block_number"] = service(s).indexed_block(in.chain_id);
    // The approval target: what build_tx's approve lets spend token_in.
    body["executor"] = service(s).deployment()->executor.lower_hex();
    body["expires_at"] = unix_now() + kQuoteSeconds;
    return body;
}

// The chains with swaps, whether their pools are read yet, and how many there are.
Task<http::Response> chains(Services& s, http::Request&) {
    json::array list;
    if (s.swap) {
        for (auto id : s.swap->chain_ids()) {
            auto pools = s.swap->pools(id);
            list.push_back(json::object{{"chain_id", id},
                                        {"ready", pools != nullptr},
                                        {"pools", pools ? pools->pool_count() : 0},
                                        {"indexed_block", s.swap->indexed_block(id)}});
        }
    }
    co_return http::envelope(json::object{{"chains", std::move(list)}});
}

Task<http::Response> tokens(Services& s, http::Request& req) {
    auto chain_id = swap_chain(s, Params::query(req));
    json::array list;
    for (const auto& t : service(s).deployment()->tokens) list.push_back(token_json(t));
    co_return http::envelope(json::object{{"chain_id", chain_id}, {"tokens", std::move(list)}});
}

Task<http::Response> quote(Services& s, http::Request& req) {
    auto in = swap_input(s, Params::query(req));
    auto q = co_await quote_of(s, in);
    co_return http::envelope(quote_json(s, in, q));
}

Task<chain::U256> allowance_of(Services& s, const SwapInput& in, const chain::Address& owner) {
    std::optional<chain::U256> value;
    try {
        value = co_await swap::executor_allowance(service(s), in.chain_id, in.in->address, owner);
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, "the chain cannot be reached right now", e.what());
    }
    if (!value)
        throw ApiError(ErrorKind::unavailable, "the chain answered an unreadable allowance");
    co_return *value;
}

Task<http::Response> build_tx(Services& s, http::Request& req) {
    auto body = req.json_object();
    auto fields = Params::body(body);
    auto in = swap_input(s, fields);
    auto sender = evm_address(fields, "sender");
    auto recipient = optional_evm_address(fields, "recipient").value_or(sender);
    auto q = co_await quote_of(s, in);
    const auto& executor = service(s).deployment()->executor;
    json::value approve = nullptr;
    bool native_in = in.in->address.is_zero();
    if (!native_in && co_await allowance_of(s, in, sender) < in.amount) {
        approve = tx_json(in.chain_id, in.in->address.lower_hex(),
                          chain::erc20::approve(executor, in.amount), chain::U256());
    }
    auto min_out = swap::minimum_out(q.amount_out, in.slippage_bps);
    auto deadline = swap::swap_deadline(unix_now(), kDeadlineSeconds);
    auto data = swap::execute_calldata(q, min_out, recipient, deadline);
    auto swap_tx =
        tx_json(in.chain_id, executor.lower_hex(), data, native_in ? in.amount : chain::U256());
    co_return http::envelope(json::object{{"quote", quote_json(s, in, q)},
                                          {"approve", std::move(approve)},
                                          {"swap", std::move(swap_tx)}});
}

// A recorded swap as the history shows it: the tokens' symbols and amounts in token units where
// the deployment knows the token, base units always.
json::object swap_record_json(Services& s, const store::SwapRecord& r) {
    auto side = [&](const std::string& address, const std::string& amount) {
        json::object o{{"address", address}, {"amount_wei", amount}};
        auto parsed = chain::Address::from_hex(address);
        const auto* token = parsed ? service(s).token(r.chain_id, *parsed) : nullptr;
        auto units = chain::U256::from_dec(amount);
        o["symbol"] = token ? token->symbol : "";
        o["amount"] = token && units ? units->format_units(token->decimals) : "";
        return o;
    };
    return {{"chain_id", r.chain_id},
            {"tx_hash", r.tx_hash},
            {"sender", r.sender},
            {"recipient", r.recipient},
            {"token_in", side(r.token_in, r.amount_in)},
            {"token_out", side(r.token_out, r.amount_out)},
            {"block_number", r.block_number},
            {"swapped_at", r.swapped_at}};
}

// Records a mined swap through the executor from its receipt's Swapped event and its block's time.
Task<http::Response> record_swap(Services& s, http::Request& req) {
    auto body = req.json_object();
    auto fields = Params::body(body);
    auto chain = swap_chain(s, fields);
    auto text = fields.required("tx_hash");
    auto hash = chain::Hash32::from_hex(text);
    if (!hash || text.size() != 66) params::invalid("tx_hash", text, "a 0x transaction hash");
    chain::rpc::Eth eth(*service(s).rpc(chain));
    std::optional<json::object> receipt;
    json::value block;
    try {
        receipt = co_await eth.get_transaction_receipt(*hash);
        if (receipt && receipt->contains("blockNumber"))
            block = co_await eth.get_block_by_number(
                std::string(receipt->at("blockNumber").as_string()), false);
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable,
                       "chain " + std::to_string(chain) + " cannot be reached", e.what());
    }
    if (!receipt || !block.is_object() || !block.as_object().contains("timestamp"))
        throw bad_request(
            "the transaction is not mined yet (or this server's node lags); try again");
    if (receipt->at("status") != "0x1") throw bad_request("the transaction failed on chain");
    auto swapped = swap::swapped_in(*receipt, service(s).deployment()->executor);
    if (!swapped) throw bad_request("the transaction is not a swap through this server's executor");
    store::SwapRecord r{
        chain,
        text::to_lower(text),
        swapped->sender.lower_hex(),
        swapped->recipient.lower_hex(),
        swapped->token_in.lower_hex(),
        swapped->token_out.lower_hex(),
        swapped->amount_in.to_dec(),
        swapped->amount_out.to_dec(),
        static_cast<std::int64_t>(chain::rpc::quantity_u64(receipt->at("blockNumber"))),
        static_cast<std::int64_t>(chain::rpc::quantity_u64(block.as_object().at("timestamp")))};
    auto recorded_now = co_await s.swaps->record(r);
    auto data = swap_record_json(s, r);
    data["recorded_now"] = recorded_now;
    co_return http::envelope(std::move(data));
}

Task<http::Response> swap_history(Services& s, http::Request& req) {
    auto query = Params::query(req);
    auto wallet = evm_address(query, "address").lower_hex();
    auto paging = page(query);
    auto result = co_await s.swaps->history(wallet, paging.page, paging.size);
    json::array list;
    for (const auto& r : result.list) list.push_back(swap_record_json(s, r));
    co_return http::envelope(page_json(std::move(list), result.total, paging));
}

}  // namespace

json::object swap_terms_json(std::int64_t chain_id, const swap::SwapToken& in,
                             const swap::SwapToken& out, const swap::Quote& q,
                             std::uint32_t slippage_bps, const std::string& out_key) {
    auto min_out = swap::minimum_out(q.amount_out, slippage_bps);
    return json::object{{"chain_id", chain_id},
                        {"token_in", token_json(in)},
                        {"token_out", token_json(out)},
                        {"amount_in", q.amount_in.format_units(in.decimals)},
                        {"amount_in_wei", q.amount_in.to_dec()},
                        {out_key, q.amount_out.format_units(out.decimals)},
                        {out_key + "_wei", q.amount_out.to_dec()},
                        {"min_out", min_out.format_units(out.decimals)},
                        {"min_out_wei", min_out.to_dec()},
                        {"slippage_bps", slippage_bps},
                        {"price_impact_bps", std::lround(q.price_impact_bps)}};
}

constexpr Route kRoutes[] = {
    {kGet, "/api/swap_api/v1/chains", chains,
     "Chains with swaps, and whether their pools are read"},
    {kGet, "/api/swap_api/v1/tokens", tokens, "Tokens that can be swapped on a chain"},
    {kGet, "/api/swap_api/v1/quote", quote,
     "Exact-in swap quote: amount out, minimum, price impact, gas and the split route"},
    {kPost, "/api/swap_api/v1/build_tx", build_tx,
     "The transactions that execute a swap quote (approve when needed, then the "
     "executor call)"},
    {kPost, "/api/swap_api/v1/swaps", record_swap,
     "Record a mined swap {chain_id, tx_hash} from its receipt's Swapped event (the "
     "executor's), once per transaction, for the history"},
    {kGet, "/api/swap_api/v1/history", swap_history,
     "Swaps of an address (sender or recipient), newest first, paged"},
};

void register_swap_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
}

}  // namespace perch::api
