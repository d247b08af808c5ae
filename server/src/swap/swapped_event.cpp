#include "swap/swapped_event.hpp"

#include <boost/json.hpp>
#include <string>
#include <vector>

#include "chain/abi.hpp"
#include "chain/hex.hpp"

namespace perch::swap {
namespace json = boost::json;

namespace {

std::optional<std::vector<chain::Hash32>> topics_of(const json::value& topics) {
    if (!topics.is_array()) return std::nullopt;
    std::vector<chain::Hash32> out;
    for (const auto& t : topics.as_array()) {
        if (!t.is_string()) return std::nullopt;
        auto h = chain::Hash32::from_hex(std::string(t.as_string()));
        if (!h) return std::nullopt;
        out.push_back(*h);
    }
    return out;
}

template <class T>
const T* value_at(const chain::abi::Value::List& values, std::size_t i) {
    return std::get_if<T>(&values[i].data);
}

}  // namespace

std::optional<Swapped> swapped_in(const json::object& receipt, const chain::Address& executor) {
    static const auto event = *chain::abi::parse_event(kSwappedEvent);
    const auto* logs = receipt.if_contains("logs");
    if (!logs || !logs->is_array()) return std::nullopt;
    for (const auto& entry : logs->as_array()) {
        if (!entry.is_object()) continue;
        const auto& log = entry.as_object();
        const auto* address = log.if_contains("address");
        const auto* topics = log.if_contains("topics");
        const auto* data = log.if_contains("data");
        if (!address || !address->is_string() || !topics || !data || !data->is_string()) continue;
        auto emitter = chain::Address::from_hex(std::string(address->as_string()));
        if (!emitter || !(*emitter == executor)) continue;
        auto hashes = topics_of(*topics);
        if (!hashes || hashes->size() != 3 || !((*hashes)[0] == event.topic())) continue;
        auto bytes = chain::from_hex(std::string(data->as_string()));
        if (!bytes) continue;
        auto values = event.decode_log(*hashes, *bytes);
        if (!values || values->size() != 6) continue;
        const auto* sender = value_at<chain::Address>(*values, 0);
        const auto* recipient = value_at<chain::Address>(*values, 1);
        const auto* token_in = value_at<chain::Address>(*values, 2);
        const auto* token_out = value_at<chain::Address>(*values, 3);
        const auto* amount_in = value_at<chain::U256>(*values, 4);
        const auto* amount_out = value_at<chain::U256>(*values, 5);
        if (!sender || !recipient || !token_in || !token_out || !amount_in || !amount_out) continue;
        return Swapped{*sender, *recipient, *token_in, *token_out, *amount_in, *amount_out};
    }
    return std::nullopt;
}

}  // namespace perch::swap
