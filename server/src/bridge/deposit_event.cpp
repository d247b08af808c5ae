#include "bridge/deposit_event.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <map>
#include <tuple>
#include <vector>

#include "chain/abi.hpp"
#include "chain/hex.hpp"
#include "chain/log_entry.hpp"

namespace perch::bridge {
namespace json = boost::json;
namespace abi = chain::abi;

namespace {

std::optional<Deposit> fail(std::string* why, std::string text) {
    if (why) *why = std::move(text);
    return std::nullopt;
}

template <class T>
const T* as(const abi::Value& v) {
    return std::get_if<T>(&v.data);
}

}  // namespace

std::string Deposit::order_key() const {
    return std::to_string(src_chain_id) + ":" + chain::to_hex(tx_hash.bytes) + ":" +
           std::to_string(position);
}

chain::Hash32 deposit_topic() {
    static const auto event = *abi::parse_event(kDepositEvent);
    return event.topic();
}

std::optional<Deposit> decode_deposit(const json::value& value, std::int64_t src_chain_id,
                                      const chain::Address& depositor, std::string* why) {
    static const auto event = *abi::parse_event(kDepositEvent);
    auto log = chain::read_log_entry(value, why);
    if (!log) return std::nullopt;
    if (!(log->emitter == depositor)) return fail(why, "log is not from the Depositor");
    if (!(log->topics[0] == event.topic())) return fail(why, "not a Deposit event");
    auto values = event.decode_log(log->topics, log->data);
    if (!values || values->size() != 6) return fail(why, "Deposit does not decode");
    const auto& v = *values;
    const auto* sender = as<chain::Address>(v[0]);
    const auto* token = as<chain::Address>(v[1]);
    const auto* amount = as<chain::U256>(v[2]);
    const auto* dst = as<chain::U256>(v[3]);
    const auto* recipient = as<std::string>(v[4]);
    const auto* channel = as<chain::U256>(v[5]);
    if (!sender || !token || !amount || !dst || !recipient || !channel)
        return fail(why, "Deposit has wrong types");
    if (!dst->fits_u64() || dst->low_u64() > INT64_MAX || !channel->fits_u64() ||
        channel->low_u64() > INT64_MAX) {
        return fail(why, "destination or channel out of range");
    }
    if (!log->mined()) return fail(why, "log is not mined yet");
    Deposit d;
    d.src_chain_id = src_chain_id;
    d.tx_hash = *log->tx_hash;
    d.log_index = *log->log_index;
    d.block_number = *log->block_number;
    d.block_hash = *log->block_hash;
    d.sender = *sender;
    d.token = *token;
    d.amount = *amount;
    d.dst_chain_id = static_cast<std::int64_t>(dst->low_u64());
    d.recipient = *recipient;
    d.channel = static_cast<std::int64_t>(channel->low_u64());
    return d;
}

std::vector<Deposit> decode_deposits(const json::value& logs, std::int64_t src_chain_id,
                                     const chain::Address& depositor,
                                     std::vector<std::string>* skipped) {
    std::vector<Deposit> out;
    if (!logs.is_array()) return out;
    for (const auto& log : logs.as_array()) {
        std::string why;
        if (auto d = decode_deposit(log, src_chain_id, depositor, &why))
            out.push_back(std::move(*d));
        else if (skipped)
            skipped->push_back(std::move(why));
    }
    // Nodes answer in log order already; sorted anyway, since positions are numbered from it.
    std::stable_sort(out.begin(), out.end(), [](const Deposit& a, const Deposit& b) {
        return std::tie(a.block_number, a.log_index) < std::tie(b.block_number, b.log_index);
    });
    std::map<std::string, std::uint32_t> next_position;  // by tx hash
    for (auto& d : out) d.position = next_position[d.tx_hash.hex()]++;
    return out;
}

std::uint32_t confirmations_for(const ConfirmationPolicy& policy, const chain::U256& amount) {
    if (!policy.large_from.is_zero() && amount >= policy.large_from)
        return std::max(policy.base, policy.large);
    return policy.base;
}

}  // namespace perch::bridge
