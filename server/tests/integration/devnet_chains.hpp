#pragma once
// The devnet's chains as the maker's integration tests use them: a JSON-RPC client per chain,
// balances, nonces, and transactions sent from unlocked or impersonated accounts.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "chain/address.hpp"
#include "chain/hex.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/u256.hpp"
#include "devnet.hpp"

namespace perch::testing {

struct DevnetChains {
    std::map<std::int64_t, std::unique_ptr<chain::rpc::RpcClient>> rpc;

    explicit DevnetChains(const Devnet& devnet) {
        for (const auto& [id, url] : devnet.rpc_urls)
            rpc[id] = std::make_unique<chain::rpc::RpcClient>(std::vector<std::string>{url});
    }
    chain::rpc::RpcClient& at(std::int64_t id) { return *rpc.at(id); }
    boost::json::value call(std::int64_t id, std::string method, boost::json::array params) {
        return run_task(rpc_call(at(id), std::move(method), std::move(params)));
    }
    chain::U256 native(std::int64_t id, const std::string& owner) {
        return chain::rpc::quantity(call(id, "eth_getBalance", {owner, "latest"}));
    }
    chain::U256 erc20(std::int64_t id, const std::string& token, const std::string& owner) {
        auto c = chain::rpc::erc20_balance_call(*chain::Address::from_hex(token),
                                                *chain::Address::from_hex(owner));
        return chain::rpc::quantity(run_task(rpc_call(at(id), c.method, c.params)));
    }
    std::uint64_t nonce(std::int64_t id, const std::string& owner, const char* block) {
        return chain::rpc::quantity(call(id, "eth_getTransactionCount", {owner, block})).low_u64();
    }
    // Sends from an unlocked or impersonated account, waits for the receipt, expects success.
    boost::json::object send(std::int64_t id, const std::string& from, const std::string& to,
                             const std::string& data_hex, const std::string& value_hex) {
        boost::json::object tx{
            {"from", from}, {"to", to}, {"data", data_hex}, {"value", value_hex}};
        auto hash = call(id, "eth_sendTransaction", {std::move(tx)});
        auto receipt =
            run_task(wait_for_receipt(at(id), *chain::Hash32::from_hex(hash.as_string())));
        EXPECT_EQ(receipt.at("status").as_string(), "0x1") << "transaction " << hash;
        return receipt;
    }
    boost::json::object send(std::int64_t id, const std::string& from, const std::string& to,
                             const chain::Bytes& data, const chain::U256& value = chain::U256()) {
        return send(id, from, to, chain::to_hex(data), value.to_hex());
    }
};

// A random address the devnet lets us send from, with `eth` wei on `chain`.
inline std::string fresh_wallet(DevnetChains& chains, std::int64_t chain, const chain::U256& eth) {
    std::random_device rd;
    chain::Bytes bytes(20);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rd());
    auto address = chain::to_hex(bytes);
    chains.call(chain, "hardhat_setBalance", {address, eth.to_hex()});
    chains.call(chain, "hardhat_impersonateAccount", {address});
    return address;
}

}  // namespace perch::testing
