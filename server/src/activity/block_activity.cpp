#include "activity/block_activity.hpp"

#include <boost/json.hpp>

#include "activity/calendar.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/rpc/rpc_error.hpp"
#include "core/text.hpp"

namespace perch::activity {
namespace json = boost::json;
using chain::U256;
using chain::rpc::quantity;
using chain::rpc::quantity_u64;

namespace {

[[noreturn]] void bad(const std::string& what) {
    throw chain::rpc::RpcError(chain::rpc::RpcError::Kind::bad_response, what);
}

const json::object& object_of(const json::value& v, const char* what) {
    if (!v.is_object()) bad(std::string(what) + " is not an object");
    return v.as_object();
}

const json::value& field(const json::object& o, const char* name) {
    const auto* v = o.if_contains(name);
    if (!v) bad(std::string("missing '") + name + "'");
    return *v;
}

std::string text_of(const json::value& v) {
    if (!v.is_string()) bad("expected a string");
    return text::to_lower(v.as_string());
}

std::optional<std::string> address_or_null(const json::object& o, const char* name) {
    const auto* v = o.if_contains(name);
    if (!v || v->is_null()) return std::nullopt;
    return text_of(*v);
}

// The address in a 32-byte topic (its last 20 bytes).
std::string topic_address(const json::value& topic) {
    auto t = text_of(topic);
    if (t.size() != 66) bad("bad address topic");
    return "0x" + t.substr(26);
}

std::vector<Transfer> transfers_of(const json::array& logs, const std::set<std::string>& tokens) {
    std::vector<Transfer> out;
    for (const auto& entry : logs) {
        const auto& log = object_of(entry, "log");
        auto emitter = text_of(field(log, "address"));
        if (!tokens.contains(emitter)) continue;
        const auto& topics = field(log, "topics");
        // ERC-20 Transfer has 3 topics (ERC-721's has 4: its id is not an amount).
        if (!topics.is_array() || topics.as_array().size() != 3 ||
            text_of(topics.as_array()[0]) != kTransferTopic)
            continue;
        auto amount = U256::from_hex(text_of(field(log, "data")));
        if (!amount) bad("bad Transfer amount");
        out.push_back({emitter, topic_address(topics.as_array()[1]),
                       topic_address(topics.as_array()[2]), *amount});
    }
    return out;
}

TxFacts tx_facts(const json::object& tx, const json::object& receipt,
                 const std::set<std::string>& tokens) {
    TxFacts f;
    f.from = text_of(field(tx, "from"));
    f.to = address_or_null(tx, "to");
    f.value = quantity(field(tx, "value"));
    f.success = quantity_u64(field(receipt, "status")) == 1;
    const auto* price = receipt.if_contains("effectiveGasPrice");
    auto gas_price = quantity(price ? *price : field(tx, "gasPrice"));
    auto cost = quantity(field(receipt, "gasUsed")).mul(gas_price);
    if (!cost) bad("gas cost overflows");
    f.gas_cost = *cost;
    if (!f.to && f.success) f.created = address_or_null(receipt, "contractAddress").value_or("");
    const auto& logs = field(receipt, "logs");
    if (!logs.is_array()) bad("receipt logs are not an array");
    f.logs = !logs.as_array().empty();
    f.to_is_contract = f.logs && f.to.has_value();
    f.transfers = transfers_of(logs.as_array(), tokens);
    return f;
}

U256 plus(const U256& a, const U256& b) {
    auto sum = a.add(b);
    return sum ? *sum : U256::max();  // 2^256 wei is out of reach; saturate rather than wrap
}

U256 dec(const std::string& s) {
    auto v = U256::from_dec(s);
    return v ? *v : U256();
}

}  // namespace

BlockFacts decode_block(const json::value& block_json, const json::value& receipts_json,
                        const std::set<std::string>& tokens) {
    const auto& block = object_of(block_json, "block");
    BlockFacts b;
    b.number = static_cast<std::int64_t>(quantity_u64(field(block, "number")));
    b.hash = text_of(field(block, "hash"));
    b.parent_hash = text_of(field(block, "parentHash"));
    b.timestamp = static_cast<std::int64_t>(quantity_u64(field(block, "timestamp")));
    const auto& txs = field(block, "transactions");
    if (!txs.is_array() || !receipts_json.is_array()) bad("transactions or receipts not arrays");
    const auto& receipts = receipts_json.as_array();
    if (receipts.size() != txs.as_array().size()) bad("receipts do not match the transactions");
    for (std::size_t i = 0; i < receipts.size(); ++i) {
        const auto& tx = object_of(txs.as_array()[i], "transaction");
        const auto& receipt = object_of(receipts[i], "receipt");
        if (text_of(field(tx, "hash")) != text_of(field(receipt, "transactionHash")))
            bad("receipts are not in transaction order");
        b.txs.push_back(tx_facts(tx, receipt, tokens));
    }
    return b;
}

BlockDelta block_delta(const BlockFacts& block) {
    BlockDelta out;
    for (const auto& tx : block.txs) {
        auto& sender = out[tx.from];
        sender.txs += 1;
        sender.gas = plus(sender.gas, tx.gas_cost);
        if (tx.to && tx.to_is_contract) sender.contracts.insert(*tx.to);
        if (!tx.created.empty()) sender.deployed += 1;
        if (!tx.success) continue;
        if (!tx.value.is_zero()) {
            auto& sent = out[tx.from].tokens[kNativeToken].first;
            sent = plus(sent, tx.value);
            auto receiver = tx.to ? *tx.to : tx.created;
            if (!receiver.empty()) {
                auto& received = out[receiver].tokens[kNativeToken].second;
                received = plus(received, tx.value);
            }
        }
        for (const auto& t : tx.transfers) {
            auto& sent = out[t.from].tokens[t.token].first;
            sent = plus(sent, t.amount);
            auto& received = out[t.to].tokens[t.token].second;
            received = plus(received, t.amount);
        }
    }
    return out;
}

store::ActivityAccount merge_account(store::ActivityAccount row, const AddressDelta& delta,
                                     std::int64_t block_time) {
    if (delta.txs > 0) {
        if (row.tx_count == 0) row.first_active = block_time;
        row.last_active = block_time;
    }
    row.tx_count += delta.txs;
    row.contracts_deployed += delta.deployed;
    row.gas_spent = plus(dec(row.gas_spent), delta.gas).to_dec();
    return row;
}

store::ActivityToken merge_token(store::ActivityToken row, const U256& sent, const U256& received) {
    row.sent = plus(dec(row.sent), sent).to_dec();
    row.received = plus(dec(row.received), received).to_dec();
    return row;
}

store::ActivityBlockWrite block_write(const BlockFacts& block, const BlockDelta& delta,
                                      RowState& state) {
    store::ActivityBlockWrite w{block.number, block.hash, {}, {}, {}, {}};
    auto buckets = buckets_of(block.timestamp);
    for (const auto& [address, d] : delta) {
        if (d.txs > 0) {
            auto& row = state.accounts[address];
            row.address = address;
            row = merge_account(row, d, block.timestamp);
            w.accounts.push_back(row);
            w.periods.push_back({address, 'd', buckets.day});
            w.periods.push_back({address, 'w', buckets.week});
            w.periods.push_back({address, 'm', buckets.month});
            for (const auto& c : d.contracts) w.contracts.push_back({address, c});
        }
        for (const auto& [token, moved] : d.tokens) {
            auto& row = state.tokens[{address, token}];
            row.address = address;
            row.token = token;
            row = merge_token(row, moved.first, moved.second);
            w.tokens.push_back(row);
        }
    }
    return w;
}

}  // namespace perch::activity
