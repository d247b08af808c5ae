#include "balance/balances.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "chain/rpc/eth.hpp"
#include "core/parallel.hpp"
#include "core/text.hpp"

namespace perch::balance {
namespace json = boost::json;
using chain::rpc::RpcError;

namespace {

std::int64_t int_of(const json::value& v) {
    return v.to_number<std::int64_t>();
}

bool is_zero_address(std::string_view a) {
    return a.empty() || a == "0x0000000000000000000000000000000000000000";
}

// No balance to read: the catalog lists no such token on the chain.
ChainBalance token_not_on_chain(const std::string& symbol, std::int64_t chain_id) {
    return ChainBalance{chain_id,
                        {},
                        kTokenNotOnChain,
                        "key not found: " + symbol + " on chain " + std::to_string(chain_id)};
}

// One balance read per chain, for all_chains to run side by side.
template <class OneChain>
std::vector<Task<ChainBalance>> per_chain(const std::vector<std::int64_t>& chain_ids,
                                          OneChain read_one) {
    std::vector<Task<ChainBalance>> tasks;
    tasks.reserve(chain_ids.size());
    for (auto id : chain_ids) tasks.push_back(read_one(id));
    return tasks;
}

}  // namespace

BalanceService::BalanceService(const catalog::Catalog& catalog,
                               const chain::rpc::ChainRegistry& chains,
                               std::chrono::milliseconds cache_ttl)
    : chains_(chains), cache_ttl_(cache_ttl) {
    for (const auto& c : catalog.chains()) {
        auto id = int_of(c.at("chain_id"));
        const auto& currency = c.at("native_currency").as_object();
        native_symbol_[id] = std::string(currency.at("symbol").as_string());
        native_decimals_[id] = static_cast<unsigned>(int_of(currency.at("decimals")));
        chain_names_[text::to_lower(c.at("chain_name").as_string())] = id;
        if (c.at("flags").at("evm").as_bool()) evm_chains_.insert(id);
    }
    for (const auto& t : catalog.tokens()) {
        TokenRef ref;
        ref.symbol = std::string(t.at("symbol").as_string());
        ref.chain_id = int_of(t.at("chainId"));
        ref.address = text::to_lower(t.at("address").as_string());
        ref.decimals = static_cast<unsigned>(int_of(t.at("decimals")));
        ref.native = is_zero_address(ref.address) && native_symbol_[ref.chain_id] == ref.symbol;
        tokens_.push_back(std::move(ref));
    }
}

bool BalanceService::knows_chain(std::int64_t chain_id) const {
    return native_symbol_.count(chain_id) > 0;
}

bool BalanceService::knows_token(std::string_view symbol) const {
    return std::any_of(tokens_.begin(), tokens_.end(),
                       [&](const TokenRef& t) { return t.symbol == symbol; });
}

std::optional<std::int64_t> BalanceService::chain_by_name(std::string_view name) const {
    auto it = chain_names_.find(text::to_lower(name));
    if (it == chain_names_.end()) return std::nullopt;
    return it->second;
}

std::optional<TokenRef> BalanceService::token(std::string_view symbol,
                                              std::int64_t chain_id) const {
    for (const auto& t : tokens_) {
        if (t.symbol == symbol && t.chain_id == chain_id) return t;
    }
    if (is_solana_chain(chain_id)) {
        for (const auto& t : solana_->tokens)
            if (t.symbol == symbol) return t;
    }
    return std::nullopt;
}

chain::Result<std::optional<chain::solana::Pubkey>> solana_mint_of(const TokenRef& token) {
    if (token.native || token.address.empty()) return std::optional<chain::solana::Pubkey>();
    auto mint = chain::solana::Pubkey::from_base58(token.address);
    if (!mint)
        return chain::make_error(
            chain::Errc::invalid_address,
            "'" + token.address + "' is not a Solana mint address: " + mint.error().message);
    return std::optional<chain::solana::Pubkey>(*mint);
}

void BalanceService::enable_solana(SolanaBalanceSettings settings) {
    for (auto& t : settings.tokens) {
        t.chain_id = settings.chain_id;
        t.native = false;
    }
    solana_ = std::move(settings);
}

std::vector<TokenRef> BalanceService::tokens_on(std::int64_t chain_id) const {
    std::vector<TokenRef> out;
    for (const auto& t : tokens_) {
        if (t.chain_id == chain_id) out.push_back(t);
    }
    std::stable_partition(out.begin(), out.end(), [](const TokenRef& t) { return t.native; });
    return out;
}

std::optional<TokenRef> BalanceService::token_at(std::int64_t chain_id,
                                                 const chain::Address& address) const {
    auto wanted = address.lower_hex();
    for (const auto& t : tokens_) {
        if (t.chain_id != chain_id) continue;
        bool native_match = address.is_zero() && t.native;
        if (native_match || (!t.native && t.address == wanted)) return t;
    }
    return std::nullopt;
}

std::optional<ChainBalance> BalanceService::cached(const std::string& key) const {
    std::lock_guard lock(cache_mutex_);
    auto it = cache_.find(key);
    if (it == cache_.end() || std::chrono::steady_clock::now() - it->second.first > cache_ttl_)
        return std::nullopt;
    return it->second.second;
}

void BalanceService::remember(const std::string& key, const ChainBalance& value) {
    std::lock_guard lock(cache_mutex_);
    if (cache_.size() > 100000) cache_.clear();  // a bound, not an LRU: entries live seconds anyway
    cache_[key] = {std::chrono::steady_clock::now(), value};
}

Task<std::vector<std::optional<chain::U256>>> BalanceService::token_balances(
    std::int64_t chain_id, chain::Address user, std::vector<TokenRef> tokens) {
    auto* rpc = chains_.find(chain_id);
    if (!rpc) throw RpcError(RpcError::Kind::transport, chains_.unreachable_reason(chain_id));
    std::vector<chain::rpc::Call> calls;
    for (const auto& t : tokens) {
        if (t.native) {
            calls.push_back(chain::rpc::native_balance_call(user));
        } else {
            auto address = chain::Address::from_hex(t.address);
            if (!address)
                throw RpcError(RpcError::Kind::bad_response,
                               "token address " + t.address + " is invalid");
            calls.push_back(chain::rpc::erc20_balance_call(*address, user));
        }
    }
    auto replies = co_await rpc->batch(std::move(calls));
    std::vector<std::optional<chain::U256>> out;
    for (const auto& r : replies) {
        if (r.error) {
            out.emplace_back(std::nullopt);
            continue;
        }
        try {
            // eth_getBalance answers a quantity; balanceOf's 32-byte uint256 reads the same way.
            out.emplace_back(chain::rpc::quantity(r.result));
        } catch (const std::exception&) {
            out.emplace_back(std::nullopt);
        }
    }
    co_return out;
}

Task<ChainBalance> BalanceService::one_chain(chain::Address user, std::int64_t chain_id,
                                             std::string symbol) {
    ChainBalance result{chain_id, {}, kOk, {}};
    auto key = user.lower_hex() + ":" + std::to_string(chain_id) + ":" + symbol;
    if (auto hit = cached(key)) co_return *hit;
    if (is_solana_chain(chain_id)) {
        result.status_code = kWrongAddressKind;
        result.status_message = "an EVM address holds nothing on Solana";
        co_return result;
    }
    auto ref = token(symbol, chain_id);
    if (!ref) co_return token_not_on_chain(symbol, chain_id);
    if (!chains_.find(chain_id)) {
        result.status_code = kChainUnreachable;
        result.status_message = chains_.unreachable_reason(chain_id);
        co_return result;
    }
    std::vector<TokenRef> one{*ref};
    auto read = token_balances(chain_id, user, std::move(one));
    co_return co_await answer_of(std::move(result), std::move(key), ref->decimals, std::move(read));
}

Task<std::vector<ChainBalance>> BalanceService::multi_balance(chain::Address user,
                                                              std::vector<std::int64_t> chain_ids,
                                                              std::string symbol) {
    auto tasks = per_chain(chain_ids, [&](std::int64_t id) { return one_chain(user, id, symbol); });
    co_return co_await all_chains(std::move(tasks), std::move(chain_ids));
}

Task<std::vector<ChainBalance>> BalanceService::multi_balance(chain::solana::Pubkey user,
                                                              std::vector<std::int64_t> chain_ids,
                                                              std::string symbol) {
    auto tasks =
        per_chain(chain_ids, [&](std::int64_t id) { return one_solana(user, id, symbol); });
    co_return co_await all_chains(std::move(tasks), std::move(chain_ids));
}

Task<std::vector<ChainBalance>> BalanceService::all_chains(std::vector<Task<ChainBalance>> tasks,
                                                           std::vector<std::int64_t> chain_ids) {
    co_return co_await in_parallel_or(std::move(tasks), [&](std::size_t i) {
        // one_chain catches its failures; this is a programming error, reported per chain
        return ChainBalance{chain_ids[i], {}, kRpcFailed, "internal error"};
    });
}

Task<ChainBalance> BalanceService::one_solana(chain::solana::Pubkey user, std::int64_t chain_id,
                                              std::string symbol) {
    ChainBalance result{chain_id, {}, kOk, {}};
    if (!is_solana_chain(chain_id)) {
        if (is_evm_chain(chain_id)) {
            result.status_code = kWrongAddressKind;
            result.status_message =
                "a Solana address holds nothing on chain " + std::to_string(chain_id);
        } else {  // another non-EVM chain, or Solana while this server has no Solana node
            result.status_code = kChainUnreachable;
            result.status_message = chains_.unreachable_reason(chain_id);
        }
        co_return result;
    }
    auto key = user.to_base58() + ":" + std::to_string(chain_id) + ":" + symbol;
    if (auto hit = cached(key)) co_return *hit;
    auto ref = token(symbol, chain_id);
    if (!ref) co_return token_not_on_chain(symbol, chain_id);
    std::vector<TokenRef> one{*ref};
    auto read = solana_token_balances(user, std::move(one));
    co_return co_await answer_of(std::move(result), std::move(key), ref->decimals, std::move(read));
}

Task<ChainBalance> BalanceService::answer_of(ChainBalance result, std::string key,
                                             unsigned decimals,
                                             Task<std::vector<std::optional<chain::U256>>> read) {
    try {
        auto values = co_await std::move(read);
        if (!values.at(0))
            throw RpcError(RpcError::Kind::rpc, "the node could not read the balance");
        result.view_value = values[0]->format_units(decimals);
        remember(key, result);
    } catch (const std::exception& e) {
        result.status_code = kRpcFailed;
        result.status_message = e.what();
    }
    co_return result;
}

Task<std::vector<std::optional<chain::U256>>> BalanceService::solana_token_balances(
    chain::solana::Pubkey user, std::vector<TokenRef> tokens) {
    if (!solana_ || !solana_->rpc)
        throw RpcError(RpcError::Kind::transport, "Solana is not configured on this server");
    chain::solana::SolanaRpc rpc(*solana_->rpc);
    std::vector<std::optional<chain::U256>> out;
    for (const auto& t : tokens) {
        auto mint = solana_mint_of(t);
        if (!mint) {
            out.emplace_back(std::nullopt);
            continue;
        }
        try {
            if (!*mint) {
                out.emplace_back(chain::U256(co_await rpc.get_balance(user, solana_->commitment)));
                continue;
            }
            // Every token account of the owner for the mint (the ATA and any other), summed.
            auto accounts =
                co_await rpc.get_token_accounts_by_owner(user, **mint, solana_->commitment);
            chain::U256 sum;
            for (const auto& a : accounts) sum = *sum.add(chain::U256(a.amount));
            out.emplace_back(sum);
        } catch (const RpcError& e) {
            if (e.retryable()) throw;  // the node is not heard: the whole call fails
            out.emplace_back(std::nullopt);
        }
    }
    co_return out;
}

}  // namespace perch::balance
