#include "bridge/perch_pool.hpp"

#include <boost/json.hpp>
#include <vector>

#include "chain/abi.hpp"
#include "core/text.hpp"

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

std::optional<std::uint64_t> quantity_of(const json::object& log, const char* key) {
    const auto* v = log.if_contains(key);
    if (!v || !v->is_string()) return std::nullopt;
    auto n = chain::U256::from_hex(v->as_string());
    if (!n || !n->fits_u64()) return std::nullopt;
    return n->low_u64();
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
    if (!value.is_object()) return fail(why, "log is not an object");
    const auto& log = value.as_object();
    if (const auto* removed = log.if_contains("removed");
        removed && removed->is_bool() && removed->as_bool())
        return fail(why, "log was removed by a reorg");
    const auto* address = log.if_contains("address");
    auto emitter = address && address->is_string()
                       ? chain::Address::from_hex(std::string(address->as_string()))
                       : chain::Result<chain::Address>(
                             chain::make_error(chain::Errc::invalid_address, "address"));
    if (!emitter || !(*emitter == pool)) return fail(why, "log is not from the pool");
    std::vector<chain::Hash32> topics;
    if (const auto* t = log.if_contains("topics"); t && t->is_array()) {
        for (const auto& topic : t->as_array()) {
            if (!topic.is_string()) return fail(why, "bad topic");
            auto h = chain::Hash32::from_hex(std::string(topic.as_string()));
            if (!h) return fail(why, "bad topic");
            topics.push_back(*h);
        }
    }
    if (topics.empty()) return fail(why, "log has no topics");
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
    const auto* data_text = log.if_contains("data");
    if (!data_text || !data_text->is_string()) return fail(why, "log has no data");
    auto data = chain::from_hex(std::string(data_text->as_string()));
    if (!data) return fail(why, "log data is not hex");
    auto values = event->decode_log(topics, *data);
    if (!values || values->size() != 3) return fail(why, "the event does not decode");
    const auto* user = std::get_if<chain::Address>(&(*values)[0].data);
    const auto* token = std::get_if<chain::Address>(&(*values)[1].data);
    const auto* amount = std::get_if<U256>(&(*values)[2].data);
    if (!user || !token || !amount) return fail(why, "the event has wrong types");
    auto block = quantity_of(log, "blockNumber");
    auto index = quantity_of(log, "logIndex");
    const auto* hash = log.if_contains("transactionHash");
    if (!block || !index || !hash || !hash->is_string()) return fail(why, "log is not mined yet");
    e.user = *user;
    e.token = *token;
    e.amount = *amount;
    e.block_number = *block;
    e.log_index = *index;
    e.tx_hash = text::to_lower(hash->as_string());
    return e;
}

}  // namespace perch::bridge
