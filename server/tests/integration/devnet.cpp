#include "devnet.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "chain/rpc/eth.hpp"

namespace perch::testing {

std::optional<Devnet> test_devnet() {
    const char* path = std::getenv("PERCH_TEST_DEVNET_STATE");  // NOLINT(concurrency-mt-unsafe)
    if (!path) return std::nullopt;
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::stringstream buf;
    buf << in.rdbuf();
    auto doc = boost::json::parse(buf.str()).as_object();
    Devnet d;
    d.state_path = path;
    for (const auto& c : doc.at("chains").as_array()) {
        d.rpc_urls[c.at("chain_id").to_number<std::int64_t>()] =
            std::string(c.at("rpc_url").as_string());
    }
    for (const auto& [name, address] : doc.at("contracts").as_object()) {
        d.contracts[std::string(name)] = std::string(address.as_string());
    }
    return d;
}

Task<boost::json::object> wait_for_receipt(chain::rpc::RpcClient& rpc, chain::Hash32 tx_hash) {
    // At the node's pace: a transaction the node has mined 30 blocks past without including is
    // lost; a node that mines nothing for 120 s has stalled. Either failure says which.
    constexpr std::uint64_t kBlocksPast = 30;
    constexpr auto kStalledAfter = std::chrono::seconds(120);
    chain::rpc::Eth eth(rpc);
    const auto first_head = co_await eth.block_number();
    auto head = first_head;
    auto head_moved_at = std::chrono::steady_clock::now();
    for (;;) {
        if (auto receipt = co_await eth.get_transaction_receipt(tx_hash)) co_return *receipt;
        auto now_head = co_await eth.block_number();
        if (now_head != head) head_moved_at = std::chrono::steady_clock::now();
        head = now_head;
        if (head >= first_head + kBlocksPast) {
            throw std::runtime_error("no receipt for " + tx_hash.hex() + ": the node mined " +
                                     std::to_string(head - first_head) +
                                     " blocks without it (blocks " + std::to_string(first_head) +
                                     " to " + std::to_string(head) + ")");
        }
        if (std::chrono::steady_clock::now() - head_moved_at > kStalledAfter) {
            throw std::runtime_error("no receipt for " + tx_hash.hex() +
                                     ": the node mined no block for 120 s (head " +
                                     std::to_string(head) + ")");
        }
        boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor,
                                        std::chrono::milliseconds(100));
        co_await timer.async_wait(boost::asio::use_awaitable);
    }
}

Task<boost::json::value> rpc_call(chain::rpc::RpcClient& rpc, std::string method,
                                  boost::json::array params) {
    co_return co_await rpc.call(std::move(method), std::move(params));
}

Task<boost::json::object> send_and_wait(chain::rpc::RpcClient& rpc, boost::json::array params) {
    auto hash = co_await rpc.call("eth_sendTransaction", std::move(params));
    co_return co_await wait_for_receipt(rpc, *chain::Hash32::from_hex(hash.as_string()));
}

}  // namespace perch::testing
