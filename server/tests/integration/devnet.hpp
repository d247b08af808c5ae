#pragma once
// The test devnet started by scripts/test-all.sh (PERCH_TEST_DEVNET_STATE names its state.json).
// Tests that need chains skip, saying why, when it is absent (e.g. a bare ctest run).
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "chain/keccak.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/run_blocking.hpp"
#include "core/task.hpp"

namespace perch::testing {

struct Devnet {
    std::string state_path;
    std::map<std::int64_t, std::string> rpc_urls;  // chain id → URL
    std::map<std::string, std::string> contracts;  // USDC, USDT, CheckIn, Depositor
};

std::optional<Devnet> test_devnet();

// Polls for a receipt at the node's pace; throws after 30 blocks without it or 120 s of none.
Task<boost::json::object> wait_for_receipt(chain::rpc::RpcClient& rpc, chain::Hash32 tx_hash);

// One JSON-RPC call (hardhat_setBalance, eth_call, ...) as a coroutine for run_task.
Task<boost::json::value> rpc_call(chain::rpc::RpcClient& rpc, std::string method,
                                  boost::json::array params);
// eth_sendTransaction from an unlocked or impersonated account (params: [tx]); the mined receipt.
Task<boost::json::object> send_and_wait(chain::rpc::RpcClient& rpc, boost::json::array params);

#define PERCH_REQUIRE_DEVNET(var)                                                            \
    auto var##_opt = ::perch::testing::test_devnet();                                        \
    if (!var##_opt)                                                                          \
        GTEST_SKIP() << "no test devnet: run through `make test` (PERCH_TEST_DEVNET_STATE)"; \
    const auto& var = *var##_opt

// Runs a coroutine to completion on the test's io_context. It lives as long as the process:
// an RpcClient keeps connections of the contexts that used it, so it must not outlive them.
template <class T>
T run_task(Task<T> task) {
    static boost::asio::io_context io;
    return run_blocking(std::move(task), io);
}

}  // namespace perch::testing
