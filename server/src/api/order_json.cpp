#include "api/order_json.hpp"

#include <boost/json.hpp>

namespace perch::api {
namespace json = boost::json;

json::value order_json(const std::optional<store::Order>& found) {
    if (!found) return nullptr;
    const auto& o = *found;
    json::array timeline;
    for (const auto& e : o.timeline)
        timeline.push_back(json::object{{"state", e.state}, {"at", e.at}, {"detail", e.detail}});
    // Bridge and swap (docs/swap.md): the token the recipient gets on the destination, the
    // deposit's minimum and what the swap delivered (base units; empty until completed).
    json::value swap = nullptr;
    if (!o.dst_token_address.empty()) {
        swap = json::object{{"token_address", o.dst_token_address},
                            {"token", o.dst_token},
                            {"decimals", o.dst_decimals},
                            {"min_out", o.min_out},
                            {"delivered_amount", o.delivered_amount}};
    }
    // The token the recipient is paid in (receive_amount is in its base units).
    bool cross = store::is_cross_route(o.dst_token, o.dst_token_address);
    return json::object{{"order_key", o.order_key},
                        {"src_chain_id", o.src_chain_id},
                        {"src_tx_hash", o.src_tx_hash},
                        {"log_index", o.log_index},
                        {"block_number", o.block_number},
                        {"sender", o.sender},
                        {"token", o.token},
                        {"token_address", o.token_address},
                        {"decimals", o.decimals},
                        {"amount", o.amount},
                        {"receive_amount", o.receive_amount},
                        {"receive_token", cross ? o.dst_token : o.token},
                        {"receive_decimals", cross ? o.dst_decimals : o.decimals},
                        {"quote_id", o.quote_id},
                        {"fee", o.fee},
                        {"dst_chain_id", o.dst_chain_id},
                        {"recipient", o.recipient},
                        {"channel", o.channel},
                        {"confirmations", o.confirmations},
                        {"state", o.state},
                        {"reason", o.reason},
                        // A queued payout that waits (outflow limits): when it is expected (unix
                        // seconds; 0: it does not wait).
                        {"payout_eta", o.payout_eta},
                        {"dst_tx_hash", o.dst_tx_hash},
                        {"refund_tx_hash", o.refund_tx_hash},
                        {"created_at", o.created_at},
                        {"updated_at", o.updated_at},
                        {"swap", std::move(swap)},
                        {"timeline", std::move(timeline)}};
}

}  // namespace perch::api
