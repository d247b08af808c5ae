#include "bridge/solana_bridge.hpp"

#include <boost/json.hpp>

#include "chain/solana/instructions.hpp"
#include "chain/solana/message.hpp"
#include "core/error.hpp"

namespace perch::bridge {
namespace json = boost::json;
namespace sol = chain::solana;

namespace {

sol::Pubkey pubkey_setting(const std::string& text, const std::string& key) {
    auto key_value = sol::Pubkey::from_base58(text);
    if (!key_value) throw ConfigError("config key '" + key + "': not a Solana address: " + text);
    return *key_value;
}

std::string string_at(const json::object& o, const char* key) {
    const auto* v = o.if_contains(key);
    return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// A compute-unit price of the profile's solana entry (micro-lamports), else `fallback`.
std::uint64_t price_at(const json::object* entry, const char* key, std::uint64_t fallback) {
    const auto* v = entry ? entry->if_contains(key) : nullptr;
    if (!v) return fallback;
    constexpr std::int64_t kMost = 1'000'000'000;  // 1,000 lamports a unit: far past any sane fee
    if (!v->is_int64() || v->as_int64() < 0 || v->as_int64() > kMost)
        throw ConfigError(std::string("chain_profile solana.") + key +
                          ": must be micro-lamports per compute unit from 0 to 1000000000");
    return static_cast<std::uint64_t>(v->as_int64());
}

}  // namespace

std::optional<SolanaBridgeSettings> solana_bridge_settings(const json::value* profile,
                                                           const SolanaSettings& config) {
    const json::object* entry = nullptr;
    if (profile && profile->is_object())
        if (const auto* s = profile->as_object().if_contains("solana"); s && s->is_object())
            entry = &s->as_object();
    std::string url = config.rpc_url;
    std::string mint = config.usdc_mint;
    std::string maker;
    std::string key_file = config.maker_key_file;
    if (entry) {
        if (key_file.empty()) key_file = string_at(*entry, "maker_key_file");
        if (url.empty()) url = string_at(*entry, "rpc_url");
        if (url.empty())
            if (const auto* port = entry->if_contains("port"); port && port->is_number())
                url = "http://127.0.0.1:" + std::to_string(port->to_number<std::int64_t>());
        if (mint.empty()) mint = string_at(*entry, "usdc_mint");
        maker = string_at(*entry, "maker");
    }
    if (url.empty() || mint.empty() || maker.empty()) return std::nullopt;
    SolanaBridgeSettings s;
    s.maker_key_file = key_file;
    s.rpc_url = url;
    s.usdc_mint = pubkey_setting(mint, "solana.usdc_mint");
    s.maker = pubkey_setting(maker, "chain_profile solana.maker");
    auto commitment = sol::commitment_from_string(config.commitment);
    if (!commitment) throw ConfigError("config key 'solana.commitment': " + config.commitment);
    s.commitment = *commitment;
    s.priority_fee_floor = price_at(entry, "priority_fee_floor", s.priority_fee_floor);
    s.priority_fee_cap = price_at(entry, "priority_fee_cap", s.priority_fee_cap);
    return s;
}

SolanaBridge::SolanaBridge(SolanaBridgeSettings settings, chain::rpc::RpcOptions options)
    : settings_(std::move(settings)) {
    options.label = std::to_string(kSolanaChainId);
    rpc_ = std::make_unique<chain::rpc::RpcClient>(std::vector<std::string>{settings_.rpc_url},
                                                   options);
}

SolanaWatch SolanaBridge::watch() const {
    return SolanaWatch{settings_.maker, settings_.usdc_mint,
                       sol::associated_token_address(settings_.maker, settings_.usdc_mint).address};
}

std::optional<sol::Pubkey> SolanaBridge::mint_of(const std::string& symbol) const {
    if (symbol == "USDC") return settings_.usdc_mint;
    return std::nullopt;
}

Task<chain::U256> SolanaBridge::maker_available(const std::string& symbol) {
    sol::SolanaRpc rpc(*rpc_);
    if (symbol == "SOL") {
        auto lamports = co_await rpc.get_balance(settings_.maker, settings_.commitment);
        co_return chain::U256(lamports > kSolanaReserveLamports ? lamports - kSolanaReserveLamports
                                                                : 0);
    }
    if (symbol != "USDC") co_return chain::U256();
    auto account = co_await rpc.get_account_info(watch().maker_usdc, settings_.commitment);
    if (!account) co_return chain::U256();
    auto parsed = sol::parse_token_account(watch().maker_usdc, account->data);
    co_return parsed ? chain::U256(parsed->amount) : chain::U256();
}

Task<SolanaBridge::UnsignedDeposit> SolanaBridge::deposit_transaction(const sol::Pubkey& sender,
                                                                      const std::string& symbol,
                                                                      std::uint64_t amount,
                                                                      const std::string& memo) {
    std::vector<sol::Instruction> instructions;
    if (symbol == "SOL") {
        instructions.push_back(sol::system_transfer(sender, settings_.maker, amount));
    } else {
        auto from = sol::associated_token_address(sender, settings_.usdc_mint).address;
        instructions.push_back(sol::token_transfer_checked(from, settings_.usdc_mint,
                                                           watch().maker_usdc, sender, amount, 6));
    }
    instructions.push_back(sol::memo(memo));
    sol::SolanaRpc rpc(*rpc_);
    auto latest = co_await rpc.get_latest_blockhash(sol::Commitment::confirmed);
    auto message = sol::compile_message(sender, instructions, latest.blockhash);
    if (!message)
        throw std::runtime_error("the deposit does not compile: " + message.error().message);
    auto tx = sol::unsigned_transaction(std::move(*message));
    co_return UnsignedDeposit{sol::to_base64(sol::serialize_transaction(tx)),
                              latest.last_valid_block_height};
}

}  // namespace perch::bridge
