// Quote and build_tx of the bridge API group. A quote says what a bridge of `amount` costs and
// delivers, within the route's limits and the maker's live liquidity on the destination;
// build_tx gives the transactions the user signs (approve when the allowance is short, then
// Depositor.deposit). The rules are in bridge/.
//
// Bridge and swap (docs/swap.md): with `to_token` (a swap token of the destination chain other
// than the bridged one) the quote adds the destination swap: the bridged amount after fees,
// swapped by the router on the destination's indexed pools, with the minimum the slippage
// allows; build_tx puts that token and minimum into the deposit's recipient
// (bridge/swap_intent.hpp), so the deposit carries its own intent.

#include <array>
#include <boost/json.hpp>

#include "api/fields.hpp"
#include "api/outflow_json.hpp"
#include "api/params.hpp"
#include "api/routes.hpp"
#include "api/services.hpp"
#include "api/status_api.hpp"
#include "api/swap_api.hpp"
#include "api/swap_json.hpp"
#include "auth/session.hpp"
#include "bridge/deposit_tx.hpp"
#include "bridge/firm_quote.hpp"
#include "bridge/quote_reads.hpp"
#include "bridge/solana_address.hpp"
#include "bridge/solana_bridge.hpp"
#include "bridge/solana_memo.hpp"
#include "bridge/swap_intent.hpp"
#include "chain/erc20.hpp"
#include "chain/rpc/rpc_error.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "price/quote_prices.hpp"
#include "swap/calldata.hpp"
#include "swap/quoting.hpp"
#include "swap/service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

struct QuoteInput {
    bridge::QuoteRequest request;
    const bridge::Route* route = nullptr;
};

// The partner channel a quote or deposit is for: optional (the main channel), else one of
// channels.json.
std::int64_t channel_of(const Services& s, const Params& p) {
    auto text = p.find("channel");
    if (!text) return s.catalog.default_channel_id();
    auto id = text::parse_int(*text);
    if (!id || !s.catalog.has_channel(*id)) params::invalid("channel", *text, "a known channel id");
    return *id;
}

// The same fields from the query (quote) or the JSON body (build_tx).
QuoteInput quote_input(const Services& s, const Params& p) {
    QuoteInput in;
    in.request.from_chain = chain_id(p, "from_chain_id");
    in.request.to_chain = chain_id(p, "to_chain_id");
    in.request.token = p.required("token");
    in.route = s.routes.find(in.request.token, in.request.from_chain, in.request.to_chain);
    if (!in.route) {
        throw bad_request(in.request.token + " cannot be bridged from chain " +
                          std::to_string(in.request.from_chain) + " to chain " +
                          std::to_string(in.request.to_chain));
    }
    in.request.amount = amount(p, "amount", in.route->decimals, in.request.token);
    return in;
}

// What PerchPool on the chain has available of the token: the maker pays from it when short.
Task<chain::U256> pool_liquidity(Services& s, std::int64_t chain_id, const balance::TokenRef& ref) {
    auto pool = chain::Address::from_hex(s.catalog.contract_address(chain_id, "Pool"));
    auto* rpc = s.balances.rpc(chain_id);
    auto token = ref.native ? chain::Result<chain::Address>(chain::Address{})
                            : chain::Address::from_hex(ref.address);
    if (!pool || !rpc || !token) co_return chain::U256();
    auto value = co_await bridge::read_pool_available(*rpc, *pool, *token);
    co_return value ? *value : chain::U256();
}

Task<chain::U256> maker_liquidity(Services& s, std::int64_t chain_id, const std::string& token) {
    auto maker = chain::Address::from_hex(s.catalog.maker_address());
    auto ref = s.balances.token(token, chain_id);
    if (!maker || !ref) {
        throw ApiError(ErrorKind::unavailable,
                       "the bridge has no maker on chain " + std::to_string(chain_id));
    }
    std::vector<balance::TokenRef> one{*ref};
    std::vector<std::optional<chain::U256>> values;
    chain::U256 pooled;
    try {
        values = co_await s.balances.token_balances(chain_id, *maker, std::move(one));
        pooled = co_await pool_liquidity(s, chain_id, *ref);
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, "the destination chain cannot be reached right now",
                       e.what());
    }
    if (!values.at(0))
        throw ApiError(ErrorKind::unavailable, "the destination chain cannot be reached right now");
    auto total = values[0]->add(pooled);
    co_return total ? *total : *values[0];
}

bridge::SolanaBridge& solana_of(Services& s) {
    if (!s.solana)
        throw ApiError(ErrorKind::unavailable, "this server does not bridge to or from Solana");
    return *s.solana;
}

// USD per whole token for a cross-asset quote: a firm price (price/firm_price.hpp), never the
// fixed table or a spot price; without one the quote is refused (503), not priced wrong.
Task<double> firm_usd(Services& s, std::string symbol) {
    if (!s.quote_prices)
        throw ApiError(ErrorKind::unavailable, "cross-asset quotes are not offered right now",
                       "no price oracles are wired");
    auto answer = co_await s.quote_prices->usd(symbol);
    if (const auto* why = std::get_if<std::string>(&answer)) {
        throw ApiError(ErrorKind::unavailable, *why + "; cross-asset quotes wait until it has one");
    }
    co_return std::get<price::FirmPrice>(answer).usd;
}

// A cross-asset route's prices, set on the request before it is quoted.
Task<void> price_cross_route(Services& s, QuoteInput& in) {
    if (!in.route->cross()) co_return;
    in.request.from_usd = co_await firm_usd(s, in.route->token);
    in.request.to_usd = co_await firm_usd(s, in.route->to_token);
}

// What the maker can pay of the route's paid token on the destination.
Task<chain::U256> liquidity_of(Services& s, std::int64_t to, const std::string& token) {
    if (to != bridge::kSolanaChainId) co_return co_await maker_liquidity(s, to, token);
    try {
        co_return co_await solana_of(s).maker_available(token);
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, "Solana cannot be reached right now", e.what());
    }
}

Task<bridge::Quote> quote_of(Services& s, QuoteInput in) {
    if (co_await s.store.orders().paused()) {
        throw ApiError(ErrorKind::unavailable,
                       "the bridge is paused for maintenance; deposits are not taken now");
    }
    if (in.request.from_chain == bridge::kSolanaChainId) solana_of(s);
    auto liquidity = co_await liquidity_of(s, in.request.to_chain, in.route->paid_token());
    auto result = bridge::make_quote(s.routes, in.request, liquidity, unix_now());
    if (result.refusal) throw bad_request(result.refusal->message);
    auto quote = *result.quote;
    // The route's live median fill time (the status page's); its configured time while nothing
    // completed on it lately. Never 0: a payout is not instant, the store counts whole seconds.
    auto live = co_await s.fill_times->quoted_seconds(s, in.request.from_chain, in.request.to_chain,
                                                      in.request.token);
    if (live) quote.expected_seconds = static_cast<std::uint32_t>(std::max<std::int64_t>(1, *live));
    co_return quote;
}

// The destination swap a quote or deposit asks for.
struct DestinationSwap {
    const swap::SwapToken* out = nullptr;  // the token asked for on the destination
    swap::SwapToken in;                    // the bridged token there
    std::uint32_t slippage_bps = kDefaultSlippageBps;
};

// nullopt without `to_token`, or when it names the bridged token itself (a plain bridge).
std::optional<DestinationSwap> destination_swap(Services& s, const QuoteInput& in,
                                                const Params& p) {
    auto slippage = slippage_bps(p);
    auto to_token = optional_evm_address(p, "to_token");
    if (!to_token) return std::nullopt;
    auto to = in.request.to_chain;
    auto ref = s.balances.token(in.request.token, to);
    if (!ref)
        throw bad_request(in.request.token + " is not paid out on chain " + std::to_string(to));
    auto route_token = ref->native ? chain::Address{} : *chain::Address::from_hex(ref->address);
    if (*to_token == route_token) return std::nullopt;
    const auto* out = s.swap && s.swap->serves(to) ? s.swap->token(to, *to_token) : nullptr;
    if (!out) {
        params::invalid("to_token", p.required("to_token"),
                        "a token this server swaps on chain " + std::to_string(to));
    }
    DestinationSwap d;
    d.out = out;
    d.slippage_bps = slippage;
    if (const auto* listed = s.swap->token(to, route_token))
        d.in = *listed;
    else
        d.in = swap::SwapToken{route_token, ref->symbol, ref->symbol, ref->decimals};
    return d;
}

// The maker's allowance of the executor for an ERC-20 it would swap (docs/swap.md: granted once
// by the operator); without it the maker would refund, so the quote refuses at once.
Task<void> check_swap_allowance(Services& s, std::int64_t chain_id, const DestinationSwap& d,
                                const chain::U256& amount) {
    if (d.in.address.is_zero()) co_return;
    auto maker = chain::Address::from_hex(s.catalog.maker_address());
    if (!maker || !s.swap->rpc(chain_id))
        throw ApiError(ErrorKind::unavailable, "the destination has no maker");
    std::optional<chain::U256> allowed;
    try {
        allowed = co_await swap::executor_allowance(*s.swap, chain_id, d.in.address, *maker);
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, "the destination chain cannot be reached right now",
                       e.what());
    }
    if (!allowed || *allowed < amount) {
        throw bad_request("'to_token': the bridge cannot swap " + d.in.symbol + " on chain " +
                          std::to_string(chain_id) + " yet");
    }
}

// The router's best quote for the bridged amount less the swap's gas on the destination's
// indexed pools (swap/swap_gas.hpp): the maker's payout charges the same gas.
Task<swap::GasChargedQuote> swap_quote_of(Services& s, std::int64_t chain_id,
                                          const DestinationSwap& d, const chain::U256& amount) {
    swap::SwapAsk ask;
    ask.chain_id = chain_id;
    ask.token_in = d.in.address;
    ask.token_out = d.out->address;
    ask.amount_in = amount;
    auto quote = co_await swap::quote_swap_after_gas(*s.swap, std::move(ask));
    if (!quote) throw ApiError(ErrorKind::unavailable, swap::pools_not_read(chain_id));
    if (!*quote) {
        auto pair = swap::swap_pair(d.in.symbol, d.out->symbol, chain_id);
        if (quote->error().code == chain::Errc::swap_invalid_input)
            throw bad_request("'amount': " + quote->error().message + " (" + pair + ")");
        if (quote->error().code == chain::Errc::swap_insufficient_liquidity)
            throw not_found("Not enough liquidity to swap " + amount.format_units(d.in.decimals) +
                            " " + pair);
        throw not_found("No route from " + pair);
    }
    co_await check_swap_allowance(s, chain_id, d, amount);
    co_return std::move(**quote);
}

// The swap part of a quote: the swap's terms on the bridged amount less its gas, and that gas
// (`gas_fee`, in the bridged token) next to them.
json::object swap_json(Services& s, std::int64_t chain_id, const DestinationSwap& d,
                       const swap::GasChargedQuote& charged) {
    const auto& q = charged.quote;
    auto body = swap_terms_json(chain_id, d.in, *d.out, q, d.slippage_bps, "receive_amount");
    body["gas_fee"] = charged.gas_fee.format_units(d.in.decimals);
    body["gas_fee_wei"] = charged.gas_fee.to_dec();
    body["gas_units"] = charged.gas_units;
    body["gas_price_wei"] = charged.gas_price_wei.to_dec();
    body["route"] = route_json(q);
    body["route_summary"] = route_summary(q);
    body["executor"] = s.swap->deployment()->executor.lower_hex();
    return body;
}

// dtc and receive_amount are in the paid token (receive_token, receive_decimals): the deposited
// one, or a cross-asset route's other token, whose quote fixes receive_amount_wei at `price`.
json::object quote_json(const bridge::QuoteRequest& q, std::int64_t channel,
                        const bridge::Quote& r) {
    auto fmt = [&](const chain::U256& v) { return v.format_units(r.decimals); };
    auto paid = [&](const chain::U256& v) { return v.format_units(r.receive_decimals); };
    json::object out{{"from_chain_id", q.from_chain},
                     {"to_chain_id", q.to_chain},
                     {"token", q.token},
                     {"channel", channel},
                     {"decimals", r.decimals},
                     {"send_amount", fmt(r.send_amount)},
                     {"bridge_fee", fmt(r.bridge_fee)},
                     {"bridge_fee_bps", r.bps},
                     {"dtc", paid(r.dtc)},
                     {"receive_amount", paid(r.receive_amount)},
                     {"receive_amount_wei", r.receive_amount.to_dec()},
                     {"receive_token", r.receive_token},
                     {"receive_decimals", r.receive_decimals},
                     {"min", fmt(r.min)},
                     {"max", fmt(r.max)},
                     {"expected_seconds", r.expected_seconds},
                     {"expires_at", r.expires_at}};
    out["payable_now"] = paid(r.payable_now);  // what the maker's funds let the route pay now
    if (r.cross) {
        out["price"] = json::object{{q.token, q.from_usd}, {r.receive_token, q.to_usd}};
        out["price_tolerance_bps"] = r.price_tolerance_bps;
    } else {
        out["price"] = nullptr;
    }
    return out;
}

// The recipient against the destination: base58 of 32 bytes on Solana; on an EVM chain a 0x
// address, EIP-55 checksummed when the deposit comes from Solana (its memo carries the text as
// typed, so a mistyped case is caught before any funds move); anything the catalog lets through
// elsewhere.
void check_recipient(Services& s, std::int64_t from, std::int64_t to, const std::string& r) {
    const auto on_chain = "an address on chain " + std::to_string(to);
    if (to == bridge::kSolanaChainId) {
        if (!bridge::is_solana_address(r))
            params::invalid("recipient", r, params::Kind::solana_address);
        return;
    }
    if (s.balances.is_evm_chain(to)) {
        if (!text::is_evm_address(r)) params::invalid("recipient", r, on_chain);
        if (from == bridge::kSolanaChainId) {
            auto parsed = chain::Address::from_hex(r);
            if (!parsed || parsed->checksum_hex() != r) {
                params::invalid("recipient", r,
                                "an EIP-55 checksummed address (required when bridging from "
                                "Solana)");
            }
        }
        return;
    }
    if (!text::is_wallet_address(r)) params::invalid("recipient", r, on_chain);
}

// Unexpired firm quotes one client may hold at once (each is a stored row).
constexpr int kQuotesPerClient = 100;

// The fields of the EIP-712 type Quote, in order (bridge::kQuoteType).
constexpr std::array<std::pair<const char*, const char*>, 10> kQuoteFields{{
    {"id", "string"},
    {"fromChainId", "uint256"},
    {"toChainId", "uint256"},
    {"token", "string"},
    {"amount", "uint256"},
    {"recipient", "string"},
    {"receiveToken", "string"},
    {"receiveAmount", "uint256"},
    {"channel", "uint256"},
    {"expiresAt", "uint256"},
}};

// The EIP-712 typed data of a firm quote, as viem's verifyTypedData takes it (docs/solana.md "Firm
// quotes").
json::object typed_data_json(const bridge::FirmQuote& q) {
    auto field = [](const char* name, const char* type) {
        return json::object{{"name", name}, {"type", type}};
    };
    json::array quote_type;
    for (const auto& [name, type] : kQuoteFields) quote_type.push_back(field(name, type));
    json::object message{{"id", q.id},
                         {"fromChainId", std::to_string(q.from_chain)},
                         {"toChainId", std::to_string(q.to_chain)},
                         {"token", q.token},
                         {"amount", q.amount.to_dec()},
                         {"recipient", q.recipient},
                         {"receiveToken", q.receive_token},
                         {"receiveAmount", q.receive_amount.to_dec()},
                         {"channel", std::to_string(q.channel)},
                         {"expiresAt", std::to_string(q.expires_at)}};
    return json::object{{"domain", json::object{{"name", bridge::kQuoteDomainName},
                                                {"version", bridge::kQuoteDomainVersion}}},
                        {"types", json::object{{"Quote", std::move(quote_type)}}},
                        {"primaryType", "Quote"},
                        {"message", std::move(message)}};
}

json::object firm_quote_json(const bridge::FirmQuote& q, const chain::Address& signer) {
    return json::object{{"id", q.id},
                        {"expires_at", q.expires_at},
                        {"signer", signer.checksum_hex()},
                        {"signature", q.signature},
                        {"typed_data", typed_data_json(q)}};
}

// Issues, signs and stores the firm quote a cross-asset deposit names (bridge/firm_quote.hpp):
// the amount the maker will pay is the server's, never the depositor's.
Task<bridge::FirmQuote> issue_firm_quote(Services& s, const http::Request& req,
                                         const bridge::QuoteRequest& request,
                                         const bridge::Quote& q, const std::string& recipient,
                                         std::int64_t channel) {
    if (!s.quote_signer) {
        throw ApiError(ErrorKind::unavailable,
                       "this server issues no quotes for cross-asset routes (no quote key)");
    }
    auto now = unix_now();
    bridge::FirmQuote fq{"q" + auth::random_hex(bridge::kQuoteIdHexDigits / 2),
                         request.from_chain,
                         request.to_chain,
                         request.token,
                         request.amount,
                         recipient,
                         q.receive_token,
                         q.receive_amount,
                         channel,
                         now,
                         now + bridge::kFirmQuoteSeconds,
                         {}};
    bridge::sign_quote(fq, *s.quote_signer);
    store::StoredQuote row{fq.id,
                           fq.from_chain,
                           fq.to_chain,
                           fq.token,
                           fq.amount.to_dec(),
                           fq.recipient,
                           fq.receive_token,
                           fq.receive_amount.to_dec(),
                           q.bridge_fee.to_dec(),
                           fq.channel,
                           fq.issued_at,
                           fq.expires_at,
                           s.quote_signer->address().lower_hex(),
                           fq.signature,
                           req.client_key};
    if (!co_await s.store.orders().save_quote(std::move(row), kQuotesPerClient)) {
        throw ApiError(ErrorKind::too_many_requests,
                       "too many open quotes from this client; try again in two minutes");
    }
    co_return fq;
}

Task<http::Response> quote(Services& s, http::Request& req) {
    auto query = Params::query(req);
    auto in = quote_input(s, query);
    auto channel = channel_of(s, query);
    if (auto recipient = query.find("recipient"))
        check_recipient(s, in.request.from_chain, in.request.to_chain, *recipient);
    auto dst_swap = destination_swap(s, in, query);
    co_await price_cross_route(s, in);
    auto request = in.request;
    auto q = co_await quote_of(s, std::move(in));
    auto body = quote_json(request, channel, q);
    body["outflow"] = co_await quote_outflow(s, request.from_chain, request.to_chain, request.token,
                                             q.send_amount, q.decimals);
    json::value swap_part = nullptr;
    if (dst_swap) {
        auto sq = co_await swap_quote_of(s, request.to_chain, *dst_swap, q.receive_amount);
        swap_part = swap_json(s, request.to_chain, *dst_swap, sq);
    }
    body["swap"] = std::move(swap_part);
    co_return http::envelope(std::move(body));
}

Task<chain::U256> allowance(Services& s, std::int64_t chain_id, const chain::Address& token,
                            const chain::Address& owner, const chain::Address& spender) {
    auto* rpc = s.balances.rpc(chain_id);
    if (!rpc) throw ApiError(ErrorKind::unavailable, s.balances.unreachable_reason(chain_id));
    std::optional<chain::U256> value;
    try {
        value = co_await swap::read_allowance(*rpc, token, owner, spender);
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, "the source chain cannot be reached right now",
                       e.what());
    }
    if (!value)
        throw ApiError(ErrorKind::unavailable, "the source chain answered an unreadable allowance");
    co_return *value;
}

// build_tx with a Solana source (docs/solana.md): the unsigned transaction (System transfer or
// TransferChecked to the maker, and the memo), fee payer the sender, for the wallet's
// solana:signAndSendTransaction.
Task<http::Response> build_solana_tx(Services& s, const http::Request& req, QuoteInput in,
                                     const std::string& sender_text, const std::string& recipient,
                                     std::int64_t channel) {
    auto& solana = solana_of(s);
    auto sender = chain::solana::Pubkey::from_base58(sender_text);
    if (!sender) params::invalid("sender", sender_text, params::Kind::solana_address);
    if (!solana.knows_token(in.request.token))
        throw bad_request(in.request.token + " cannot be deposited on Solana");
    if (!in.request.amount.fits_u64()) {
        params::invalid("amount", in.request.amount.format_units(in.route->decimals),
                        "an amount a Solana account can hold");
    }
    co_await price_cross_route(s, in);
    auto request = in.request;
    auto q = co_await quote_of(s, std::move(in));
    bridge::DepositMemo memo{request.to_chain, recipient, channel, {}};
    json::value firm = nullptr;
    if (q.cross) {
        auto fq = co_await issue_firm_quote(s, req, request, q, recipient, channel);
        memo.quote_id = fq.id;
        firm = firm_quote_json(fq, s.quote_signer->address());
    }
    auto memo_text = bridge::format_deposit_memo(memo);
    bridge::SolanaBridge::UnsignedDeposit tx;
    try {
        tx = co_await solana.deposit_transaction(*sender, request.token, request.amount.low_u64(),
                                                 memo_text);
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, "Solana cannot be reached right now", e.what());
    }
    auto quote_body = quote_json(request, channel, q);
    quote_body["outflow"] = co_await quote_outflow(s, request.from_chain, request.to_chain,
                                                   request.token, q.send_amount, q.decimals);
    quote_body["swap"] = nullptr;
    quote_body["firm_quote"] = std::move(firm);
    co_return http::envelope(json::object{{"quote", std::move(quote_body)},
                                          {"approve", nullptr},
                                          {"deposit", nullptr},
                                          {"solana_tx", tx.transaction},
                                          {"solana_memo", memo_text},
                                          {"last_valid_block_height", tx.last_valid_block_height}});
}

Task<http::Response> build_tx(Services& s, http::Request& req) {
    auto body = req.json_object();
    auto fields = Params::body(body);
    auto in = quote_input(s, fields);
    auto from = in.request.from_chain;
    auto to = in.request.to_chain;
    auto recipient = fields.required("recipient");
    check_recipient(s, from, to, recipient);
    auto channel = channel_of(s, fields);
    if (from == bridge::kSolanaChainId) {
        if (fields.find("to_token"))
            throw bad_request("'to_token': a destination swap is not offered from Solana");
        co_return co_await build_solana_tx(s, req, std::move(in), fields.required("sender"),
                                           recipient, channel);
    }
    auto sender = evm_address(fields, "sender");
    auto depositor = chain::Address::from_hex(s.catalog.contract_address(from, "Depositor"));
    auto token_ref = s.balances.token(in.request.token, from);
    if (!depositor || !token_ref) {
        throw ApiError(ErrorKind::unavailable,
                       "the bridge has no Depositor on chain " + std::to_string(from));
    }
    auto dst_swap = destination_swap(s, in, fields);
    if (dst_swap && !text::is_evm_address(recipient))
        params::invalid("recipient", recipient, "a 0x address (to receive a swapped token)");
    bool cross = in.route->cross();
    co_await price_cross_route(s, in);
    auto request = in.request;
    auto q = co_await quote_of(s, std::move(in));
    auto quote_body = quote_json(request, channel, q);
    quote_body["outflow"] = co_await quote_outflow(s, request.from_chain, request.to_chain,
                                                   request.token, q.send_amount, q.decimals);
    // A cross-asset deposit names the firm quote issued for it (bridge/swap_intent.hpp).
    json::value firm = nullptr;
    if (cross) {
        auto fq = co_await issue_firm_quote(s, req, request, q, recipient, channel);
        recipient = bridge::encode_quoted_recipient(recipient, fq.id);
        firm = firm_quote_json(fq, s.quote_signer->address());
    }
    quote_body["firm_quote"] = std::move(firm);
    json::value swap_part = nullptr;
    if (dst_swap) {
        // The deposit carries the token and the minimum in its recipient (bridge/swap_intent).
        auto sq = co_await swap_quote_of(s, to, *dst_swap, q.receive_amount);
        auto min_out = swap::minimum_out(sq.quote.amount_out, dst_swap->slippage_bps);
        recipient = bridge::encode_recipient(*chain::Address::from_hex(recipient),
                                             {dst_swap->out->address, min_out});
        swap_part = swap_json(s, to, *dst_swap, sq);
    }
    quote_body["swap"] = std::move(swap_part);

    json::value approve = nullptr;
    chain::Address token_address{};
    chain::U256 value = request.amount;
    if (!token_ref->native) {
        token_address = *chain::Address::from_hex(token_ref->address);
        value = chain::U256(0);
        auto allowed = co_await allowance(s, from, token_address, sender, *depositor);
        if (allowed < request.amount) {
            approve = tx_json(from, token_address.lower_hex(),
                              chain::erc20::approve(*depositor, request.amount), chain::U256(0));
        }
    }
    auto deposit = tx_json(
        from, depositor->lower_hex(),
        bridge::deposit_calldata(token_address, request.amount, to, recipient, channel), value);
    co_return http::envelope(
        json::object{{"quote", std::move(quote_body)}, {"approve", approve}, {"deposit", deposit}});
}

}  // namespace

constexpr Route kRoutes[] = {
    {kGet, "/api/bridge_api/v1/quote", quote,
     "Fees, time and received amount of a bridge, with limits"},
    {kPost, "/api/bridge_api/v1/build_tx", build_tx,
     "The approve (when needed) and deposit transactions to sign"},
};

void register_bridge_quote_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
}

}  // namespace perch::api
