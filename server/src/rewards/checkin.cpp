#include "rewards/checkin.hpp"

#include <boost/json.hpp>

#include "chain/keccak.hpp"
#include "core/text.hpp"

namespace perch::rewards {
namespace json = boost::json;
namespace {

std::string text_of(const json::object& o, const char* key) {
    const auto* v = o.if_contains(key);
    return v && v->is_string() ? text::to_lower(v->as_string()) : std::string();
}

// A 32-byte topic holding a left-padded address or number, as lower-case 0x-hex.
std::string padded(const std::string& hex_without_prefix) {
    return "0x" + std::string(64 - hex_without_prefix.size(), '0') + hex_without_prefix;
}

}  // namespace

const std::string& checked_in_topic() {
    static const std::string topic = chain::keccak256("CheckedIn(address,uint32)").hex();
    return topic;
}

ReceiptCheck check_checkin_receipt(const json::object& receipt, const chain::Address& contract,
                                   const chain::Address& user, int today) {
    ReceiptCheck r;
    if (text_of(receipt, "status") != "0x1") {
        r.problem = "the check-in transaction failed on chain";
        return r;
    }
    if (text_of(receipt, "from") != user.lower_hex()) {
        r.problem = "the check-in transaction was not sent by this wallet";
        return r;
    }
    if (text_of(receipt, "to") != contract.lower_hex()) {
        r.problem = "the transaction is not a call to the check-in contract";
        return r;
    }
    const auto user_topic = padded(user.lower_hex().substr(2));
    const auto* logs = receipt.if_contains("logs");
    if (logs && logs->is_array()) {
        for (const auto& l : logs->as_array()) {
            if (!l.is_object()) continue;
            const auto& log = l.as_object();
            if (text_of(log, "address") != contract.lower_hex()) continue;
            const auto* topics = log.if_contains("topics");
            if (!topics || !topics->is_array() || topics->as_array().size() != 3) continue;
            const auto& t = topics->as_array();
            if (!t[0].is_string() || text::to_lower(t[0].as_string()) != checked_in_topic())
                continue;
            if (!t[1].is_string() || text::to_lower(t[1].as_string()) != user_topic) continue;
            if (!t[2].is_string()) continue;
            auto date_hex = std::string(t[2].as_string());
            auto date = std::stoll(date_hex.substr(date_hex.size() - 8), nullptr, 16);
            r.date = static_cast<int>(date);
            if (r.date != today) {
                r.problem = "the check-in is for " + std::to_string(r.date) +
                            ", not today's UTC date " + std::to_string(today);
            }
            return r;
        }
    }
    r.problem = "the transaction has no CheckedIn event of this wallet";
    return r;
}

}  // namespace perch::rewards
