#include "chain/log_entry.hpp"

#include <boost/json.hpp>

#include "chain/u256.hpp"

namespace perch::chain {
namespace json = boost::json;

namespace {

std::optional<LogEntry> fail(std::string* why, const char* text) {
    if (why) *why = text;
    return std::nullopt;
}

std::optional<std::string> text_of(const json::object& log, const char* field) {
    const auto* v = log.if_contains(field);
    if (!v || !v->is_string()) return std::nullopt;
    return std::string(v->as_string());
}

std::optional<std::uint64_t> quantity_of(const json::object& log, const char* field) {
    auto text = text_of(log, field);
    if (!text) return std::nullopt;
    auto n = U256::from_hex(*text);
    if (!n || !n->fits_u64()) return std::nullopt;
    return n->low_u64();
}

std::optional<Hash32> hash_of(const json::object& log, const char* field) {
    auto text = text_of(log, field);
    if (!text) return std::nullopt;
    auto h = Hash32::from_hex(*text);
    if (!h) return std::nullopt;
    return *h;
}

std::optional<std::vector<Hash32>> topics_of(const json::object& log) {
    const auto* list = log.if_contains("topics");
    if (!list || !list->is_array() || list->as_array().empty()) return std::nullopt;
    std::vector<Hash32> topics;
    for (const auto& topic : list->as_array()) {
        if (!topic.is_string()) return std::nullopt;
        auto h = Hash32::from_hex(std::string(topic.as_string()));
        if (!h) return std::nullopt;
        topics.push_back(*h);
    }
    return topics;
}

}  // namespace

std::optional<LogEntry> read_log_entry(const json::value& value, std::string* why) {
    if (!value.is_object()) return fail(why, "log is not an object");
    const auto& log = value.as_object();
    if (const auto* removed = log.if_contains("removed");
        removed && removed->is_bool() && removed->as_bool())
        return fail(why, "log was removed by a reorg");
    auto address = text_of(log, "address");
    auto emitter = address ? Address::from_hex(*address)
                           : Result<Address>(make_error(Errc::invalid_address, "address"));
    if (!emitter) return fail(why, "log has no valid address");
    auto topics = topics_of(log);
    if (!topics) return fail(why, "log has no valid topics");
    auto data_text = text_of(log, "data");
    if (!data_text) return fail(why, "log has no data");
    auto data = from_hex(*data_text);
    if (!data) return fail(why, "log data is not hex");
    return LogEntry{*emitter,
                    std::move(*topics),
                    std::move(*data),
                    quantity_of(log, "blockNumber"),
                    quantity_of(log, "logIndex"),
                    hash_of(log, "transactionHash"),
                    hash_of(log, "blockHash")};
}

}  // namespace perch::chain
