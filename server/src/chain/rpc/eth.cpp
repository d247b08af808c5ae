#include "chain/rpc/eth.hpp"

#include <boost/json.hpp>

namespace perch::chain::rpc {
namespace json = boost::json;

namespace {

[[noreturn]] void bad(const std::string& what) {
    throw RpcError(RpcError::Kind::bad_response, what);
}

std::string hex_of(const json::value& v, const char* what) {
    if (!v.is_string()) bad(std::string(what) + " is not a hex string");
    return std::string(v.as_string());
}

json::array hash_params(const Hash32& tx_hash) {
    return json::array{json::string(to_hex(tx_hash.bytes))};
}

// A lookup by transaction hash: null while the node does not know the transaction.
std::optional<json::object> object_or_unknown(json::value v, const char* what) {
    if (v.is_null()) return std::nullopt;
    if (!v.is_object()) bad(std::string(what) + " is not an object");
    return std::move(v.as_object());
}

}  // namespace

U256 quantity(const json::value& v) {
    auto parsed = U256::from_hex(hex_of(v, "quantity"));
    if (!parsed) bad("bad quantity: " + parsed.error().message);
    return *parsed;
}

std::uint64_t quantity_u64(const json::value& v) {
    auto q = quantity(v);
    if (!q.fits_u64()) bad("quantity does not fit 64 bits");
    return q.low_u64();
}

Bytes data_of(const json::value& v) {
    auto parsed = from_hex(hex_of(v, "data"));
    if (!parsed) bad("bad data: " + parsed.error().message);
    return *parsed;
}

std::string quantity_hex(std::uint64_t n) {
    return U256(n).to_hex();
}

Call erc20_balance_call(const Address& token, const Address& owner) {
    Bytes data = {0x70, 0xa0, 0x82, 0x31};  // balanceOf(address)
    data.insert(data.end(), 12, 0);
    data.insert(data.end(), owner.bytes.begin(), owner.bytes.end());
    return Call{
        "eth_call",
        json::array{json::object{{"to", token.lower_hex()}, {"data", to_hex(data)}}, "latest"}};
}

Call native_balance_call(const Address& owner) {
    return Call{"eth_getBalance", json::array{json::string(owner.lower_hex()), "latest"}};
}

Task<std::uint64_t> Eth::chain_id() {
    co_return quantity_u64(co_await rpc_.call("eth_chainId", {}));
}

Task<std::uint64_t> Eth::block_number() {
    co_return quantity_u64(co_await rpc_.call("eth_blockNumber", {}));
}

Task<U256> Eth::get_balance(Address owner, std::string block) {
    json::array params{json::string(owner.lower_hex()), json::string(block)};
    co_return quantity(co_await rpc_.call("eth_getBalance", std::move(params)));
}

Task<std::uint64_t> Eth::get_transaction_count(Address owner, std::string block) {
    json::array params{json::string(owner.lower_hex()), json::string(block)};
    co_return quantity_u64(co_await rpc_.call("eth_getTransactionCount", std::move(params)));
}

Task<Bytes> Eth::call(Address to, Bytes data, std::string block) {
    json::array params{json::object{{"to", to.lower_hex()}, {"data", to_hex(data)}},
                       json::string(block)};
    co_return data_of(co_await rpc_.call("eth_call", std::move(params)));
}

Task<json::array> Eth::get_logs(json::object filter) {
    json::array params{std::move(filter)};
    auto v = co_await rpc_.call("eth_getLogs", std::move(params));
    if (!v.is_array()) bad("eth_getLogs did not answer an array");
    co_return std::move(v.as_array());
}

Task<json::value> Eth::get_block_by_number(std::string block, bool full) {
    json::array params{json::string(block), full};
    co_return co_await rpc_.call("eth_getBlockByNumber", std::move(params));
}

Task<std::optional<json::object>> Eth::get_transaction_receipt(Hash32 tx_hash) {
    auto v = co_await rpc_.call("eth_getTransactionReceipt", hash_params(tx_hash));
    co_return object_or_unknown(std::move(v), "receipt");
}

Task<std::optional<json::object>> Eth::get_transaction_by_hash(Hash32 tx_hash) {
    auto v = co_await rpc_.call("eth_getTransactionByHash", hash_params(tx_hash));
    co_return object_or_unknown(std::move(v), "transaction");
}

Task<Hash32> Eth::send_raw_transaction(Bytes signed_tx) {
    json::array params{json::string(to_hex(signed_tx))};
    auto v = co_await rpc_.call("eth_sendRawTransaction", std::move(params));
    auto hash = Hash32::from_hex(hex_of(v, "transaction hash"));
    if (!hash) bad("bad transaction hash: " + hash.error().message);
    co_return *hash;
}

Task<U256> Eth::estimate_gas(json::object tx) {
    json::array params{std::move(tx)};
    co_return quantity(co_await rpc_.call("eth_estimateGas", std::move(params)));
}

Task<U256> Eth::gas_price() {
    co_return quantity(co_await rpc_.call("eth_gasPrice", {}));
}

Task<json::object> Eth::fee_history(std::uint64_t blocks, std::string newest,
                                    json::array percentiles) {
    json::array params{json::string(quantity_hex(blocks)), json::string(newest),
                       std::move(percentiles)};
    auto v = co_await rpc_.call("eth_feeHistory", std::move(params));
    if (!v.is_object()) bad("eth_feeHistory did not answer an object");
    co_return std::move(v.as_object());
}

}  // namespace perch::chain::rpc
