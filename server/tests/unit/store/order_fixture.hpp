#pragma once
// Orders for the store's tests (orders_store_test, status_store_test): a deposit as the watcher
// records it, and a stand-in for signing.
#include <cstdint>
#include <string>

#include "store/orders.hpp"

namespace perch::store::test_orders {

inline Order deposit(int n, std::int64_t src = 8453, std::int64_t dst = 42161) {
    Order o;
    o.src_chain_id = src;
    o.src_tx_hash = "0x" + std::string(63, '0') + std::to_string(n % 10);
    o.tx_position = n / 10;  // deposits 1 and 11 share a transaction
    o.log_index = n;
    o.order_key = std::to_string(src) + ":" + o.src_tx_hash + ":" + std::to_string(n);
    o.block_number = 10 + n;
    o.block_hash = "0xb" + std::to_string(n);
    o.sender = "0x00000000000000000000000000000000000000aa";
    o.token_address = "0x0000000000000000000000000000000000000000";
    o.token = "ETH";
    o.amount = "1000";
    o.dst_chain_id = dst;
    o.recipient = "0x00000000000000000000000000000000000000bb";
    o.channel = 7;
    return o;
}

// Stands in for signing: real hashes differ per chain and nonce, so these carry a counter too.
inline SignedTx fake_signed(std::uint64_t nonce) {
    static int signed_count = 0;
    auto n = std::to_string(nonce) + "-" + std::to_string(++signed_count);
    return SignedTx{"0xraw" + std::to_string(nonce), "0xhash" + n, "100"};
}

}  // namespace perch::store::test_orders
