#include "bridge/perch_pool.hpp"

#include <boost/json.hpp>
#include <vector>

#include "chain/abi.hpp"
#include "chain/log_entry.hpp"

namespace perch::bridge {
namespace abi = chain::abi;
namespace json = boost::json;

namespace {

constexpr std::uint64_t kPoolPayoutGas = 150'000;  // a view, a store, a transfer and a log
constexpr const char* kDeposited =
    "event Deposited(address indexed user, address indexed token, uint256 amount)";
constexpr const char* kWithdrawn =
    "event Withdrawn(address indexed user, address indexed token, uint256 amount)";

chain::Bytes encode(const char* signature, std::vector<abi::Value> args) {
    return abi::encode_known_call(signature, args);
}

const abi::Event& deposited_event() {
    static const auto event = *abi::parse_event(kDeposited);
    return event;
}

const abi::Event& withdrawn_event() {
    static const auto event = *abi::parse_event(kWithdrawn);
    return event;
}

std::optional<PoolEvent> fail(std::string* why, const char* text) {
    if (why) *why = text;
    return std::nullopt;
}

}  // namespace

chain::Bytes pool_available_calldata(const chain::Address& token) {
    return encode("available(address token)", {abi::Value::of(token)});
}

chain::Bytes pool_total_deposits_calldata(const chain::Address& token) {
    return encode("totalDeposits(address token)", {abi::Value::of(token)});
}

chain::Bytes pool_owed_calldata(const chain::Address& token) {
    return encode("owed(address token)", {abi::Value::of(token)});
}

chain::Bytes pool_deposit_of_calldata(const chain::Address& token, const chain::Address& user) {
    return encode("deposits(address token, address user)",
                  {abi::Value::of(token), abi::Value::of(user)});
}

Transfer pool_payout_transfer(const chain::Address& pool, const chain::Address& token,
                              const chain::Address& recipient, const U256& amount) {
    return Transfer{
        pool, U256(),
        encode("payout(address token, address to, uint256 amount)",
               {abi::Value::of(token), abi::Value::of(recipient), abi::Value::of(amount)}),
        kPoolPayoutGas};
}

chain::Hash32 pool_deposited_topic() {
    return deposited_event().topic();
}
chain::Hash32 pool_withdrawn_topic() {
    return withdrawn_event().topic();
}

std::optional<PoolEvent> decode_pool_event(const json::value& value, const chain::Address& pool,
                                           std::string* why) {
    auto log = chain::read_log_entry(value, why);
    if (!log) return std::nullopt;
    if (!(log->emitter == pool)) return fail(why, "log is not from the pool");
    const auto& topics = log->topics;
    PoolEvent e;
    const abi::Event* event = nullptr;
    if (topics[0] == pool_deposited_topic()) {
        event = &deposited_event();
    } else if (topics[0] == pool_withdrawn_topic()) {
        event = &withdrawn_event();
        e.deposit = false;
    } else {
        return fail(why, "not a Deposited or Withdrawn event");
    }
    auto values = event->decode_log(topics, log->data);
    if (!values || values->size() != 3) return fail(why, "the event does not decode");
    const auto* user = std::get_if<chain::Address>(&(*values)[0].data);
    const auto* token = std::get_if<chain::Address>(&(*values)[1].data);
    const auto* amount = std::get_if<U256>(&(*values)[2].data);
    if (!user || !token || !amount) return fail(why, "the event has wrong types");
    if (!log->block_number || !log->log_index || !log->tx_hash)
        return fail(why, "log is not mined yet");
    e.user = *user;
    e.token = *token;
    e.amount = *amount;
    e.block_number = *log->block_number;
    e.log_index = *log->log_index;
    e.tx_hash = log->tx_hash->hex();
    return e;
}

}  // namespace perch::bridge
