// The JSON-RPC client against the devnet's Hardhat nodes: batching, fallback, timeouts, and a
// transaction signed in C++ accepted, mined, and its receipt and logs decoded.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/signer.hpp"
#include "chain/tx.hpp"
#include "devnet.hpp"
#include "harness.hpp"

using namespace perch::chain;
using namespace perch::chain::rpc;
using perch::Task;
using perch::testing::run_task;
namespace chain_abi = perch::chain::abi;
namespace json = boost::json;

namespace {

// Hardhat's well-known test accounts #8 and #9 (public test keys); other suites use #1-#3.
constexpr const char* kKey8 = "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97";
constexpr const char* kKey9 = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";

Task<std::uint64_t> chain_id_of(RpcClient& rpc) {
    co_return co_await Eth(rpc).chain_id();
}

// per_trip 0: one round trip for all calls.
Task<std::vector<Reply>> batch_of(RpcClient& rpc, std::vector<Call> calls,
                                  std::size_t per_trip = 0) {
    if (per_trip == 0) co_return co_await rpc.batch(std::move(calls));
    co_return co_await rpc.batch(std::move(calls), per_trip);
}

// Signs an EIP-1559 transaction in C++ and sends it raw; returns the receipt.
Task<json::object> send_signed(RpcClient& rpc, const PrivateKey& key, Address to, U256 value,
                               Bytes data) {
    Eth eth(rpc);
    Transaction tx;
    tx.type = TxType::dynamic_fee;
    tx.chain_id = co_await eth.chain_id();
    tx.nonce = co_await eth.get_transaction_count(key.address(), "pending");
    auto base = co_await eth.gas_price();
    tx.max_priority_fee_per_gas = U256(1'000'000'000);
    tx.max_fee_per_gas = *(*base.mul(2)).add(tx.max_priority_fee_per_gas);
    tx.gas_limit = 200000;
    tx.to = to;
    tx.value = value;
    tx.data = std::move(data);
    sign_transaction(tx, key);
    auto hash = co_await eth.send_raw_transaction(encode_transaction(tx));
    EXPECT_EQ(hash, transaction_hash(tx));
    co_return co_await perch::testing::wait_for_receipt(rpc, hash);
}

}  // namespace

TEST(ChainRpc, ChainIdsMatchTheProfile) {
    PERCH_REQUIRE_DEVNET(devnet);
    for (const auto& [id, url] : devnet.rpc_urls) {
        RpcClient rpc({url});
        EXPECT_EQ(run_task(chain_id_of(rpc)), static_cast<std::uint64_t>(id)) << url;
    }
}

TEST(ChainRpc, BatchAnswersEachCallInOrder) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient rpc({devnet.rpc_urls.at(1)});
    std::vector<Call> calls{{"eth_chainId", {}}, {"no_such_method", {}}, {"eth_blockNumber", {}}};
    auto replies = run_task(batch_of(rpc, std::move(calls)));
    ASSERT_EQ(replies.size(), 3U);
    EXPECT_FALSE(replies[0].error);
    EXPECT_EQ(quantity_u64(replies[0].result), 1U);
    ASSERT_TRUE(replies[1].error);
    EXPECT_EQ(replies[1].error->kind(), RpcError::Kind::rpc);
    EXPECT_FALSE(replies[2].error);

    // In round trips of two: the same answers, still in the order of the calls.
    std::vector<Call> again{{"eth_chainId", {}}, {"no_such_method", {}}, {"eth_chainId", {}}};
    auto tripped = run_task(batch_of(rpc, std::move(again), 2));
    ASSERT_EQ(tripped.size(), 3U);
    EXPECT_EQ(quantity_u64(tripped[0].result), 1U);
    ASSERT_TRUE(tripped[1].error);
    EXPECT_EQ(tripped[1].error->kind(), RpcError::Kind::rpc);
    EXPECT_EQ(quantity_u64(tripped[2].result), 1U);
}

TEST(ChainRpc, FallsBackToTheNextUrlAndMarksTheDeadOne) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient rpc({"http://127.0.0.1:1", devnet.rpc_urls.at(8453)}, {.attempts = 1});
    EXPECT_EQ(run_task(chain_id_of(rpc)), 8453U);
    EXPECT_EQ(rpc.unhealthy_count(), 1U);
    EXPECT_EQ(run_task(chain_id_of(rpc)), 8453U);  // the healthy URL first now
}

TEST(ChainRpc, SilentNodeTimesOut) {
    boost::asio::io_context listener_io;
    boost::asio::ip::tcp::acceptor silent(listener_io,
                                          {boost::asio::ip::make_address("127.0.0.1"), 0});
    auto url = "http://127.0.0.1:" + std::to_string(silent.local_endpoint().port());
    RpcClient rpc({url}, {.timeout = std::chrono::milliseconds(300),
                          .attempts = 2,
                          .backoff = std::chrono::milliseconds(10)});
    auto started = std::chrono::steady_clock::now();
    try {
        run_task(chain_id_of(rpc));
        FAIL() << "a silent node answered";
    } catch (const RpcError& e) {
        EXPECT_EQ(e.kind(), RpcError::Kind::timeout) << e.what();
    }
    auto elapsed = std::chrono::steady_clock::now() - started;
    EXPECT_LT(elapsed, std::chrono::seconds(3));
}

TEST(ChainRpc, SignedTransferIsMinedAndSenderRecovered) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient rpc({devnet.rpc_urls.at(42161)});
    auto key = *PrivateKey::from_hex(kKey8);
    auto to = *Address::from_hex("0x000000000000000000000000000000000000dEaD");
    auto receipt = run_task(send_signed(rpc, key, to, U256(12345), {}));
    EXPECT_EQ(receipt.at("status").as_string(), "0x1");
    EXPECT_EQ(receipt.at("from").as_string(), key.address().lower_hex());
}

TEST(ChainRpc, Erc20TransferLogIsDecoded) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient rpc({devnet.rpc_urls.at(1868)});
    auto key = *PrivateKey::from_hex(kKey9);
    auto usdc = *Address::from_hex(devnet.contracts.at("USDC"));
    auto recipient = *Address::from_hex("0x000000000000000000000000000000000000bEEF");
    auto transfer = *chain_abi::parse_function("transfer(address to, uint256 amount)");
    std::vector<chain_abi::Value> args{chain_abi::Value::of(recipient),
                                       chain_abi::Value::of(U256(2'500'000))};
    auto receipt = run_task(send_signed(rpc, key, usdc, U256(0), *transfer.encode_call(args)));
    ASSERT_EQ(receipt.at("status").as_string(), "0x1");
    const auto& logs = receipt.at("logs").as_array();
    ASSERT_EQ(logs.size(), 1U);
    auto event = *chain_abi::parse_event(
        "event Transfer(address indexed from, address indexed to, uint256 value)");
    std::vector<Hash32> topics;
    for (const auto& t : logs[0].at("topics").as_array())
        topics.push_back(*Hash32::from_hex(t.as_string()));
    EXPECT_EQ(topics.at(0), event.topic());
    auto values = event.decode_log(topics, data_of(logs[0].at("data")));
    ASSERT_TRUE(values) << values.error().message;
    EXPECT_EQ(std::get<Address>((*values)[0].data), key.address());
    EXPECT_EQ(std::get<Address>((*values)[1].data), recipient);
    EXPECT_EQ(std::get<U256>((*values)[2].data), U256(2'500'000));
}

namespace {

// nginx terminating TLS for "localhost" with a fresh self-signed certificate, in front of a
// devnet node: a real TLS peer without the internet.
class TlsProxy {
  public:
    explicit TlsProxy(const std::string& upstream) {
        dir_ = std::filesystem::temp_directory_path() / ("perch-tls-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
        auto d = dir_.string();
        auto cert_cmd =
            "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost "
            "-addext subjectAltName=DNS:localhost -keyout " +
            d + "/key.pem -out " + d + "/cert.pem > " + d + "/openssl.log 2>&1";
        if (std::system(cert_cmd.c_str()) != 0) throw std::runtime_error("openssl failed");
        port_ = perch::testing::free_port();
        std::ofstream(dir_ / "nginx.conf")
            << "worker_processes 1; pid " << d << "/nginx.pid; error_log " << d << "/error.log;\n"
            << "events {}\nhttp { access_log off; client_body_temp_path " << d
            << "; proxy_temp_path " << d << ";\n"
            << "  server { listen 127.0.0.1:" << port_ << " ssl; ssl_certificate " << d
            << "/cert.pem;\n"
            << "    ssl_certificate_key " << d << "/key.pem;\n"
            << "    location / { proxy_pass " << upstream
            << "; proxy_http_version 1.1; proxy_set_header Connection \"\"; } } }\n";
        if (std::system(("nginx -c " + d + "/nginx.conf").c_str()) != 0)
            throw std::runtime_error("nginx failed");
        for (int i = 0; i < 50 && !std::filesystem::exists(dir_ / "nginx.pid"); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    ~TlsProxy() {
        std::system(("kill $(cat " + dir_.string() + "/nginx.pid) 2>/dev/null").c_str());
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    TlsProxy(const TlsProxy&) = delete;
    TlsProxy& operator=(const TlsProxy&) = delete;
    std::string url() const { return "https://localhost:" + std::to_string(port_) + "/"; }
    std::string ca_file() const { return (dir_ / "cert.pem").string(); }

  private:
    std::filesystem::path dir_;
    unsigned short port_ = 0;
};

}  // namespace

TEST(ChainRpc, HttpsNodeWithVerifiedCertificate) {
    PERCH_REQUIRE_DEVNET(devnet);
    TlsProxy proxy(devnet.rpc_urls.at(1868));
    RpcClient trusted({proxy.url()}, {.attempts = 1, .ca_file = proxy.ca_file()});
    EXPECT_EQ(run_task(chain_id_of(trusted)), 1868U);
    EXPECT_EQ(run_task(chain_id_of(trusted)), 1868U);  // over the kept-alive TLS connection

    // The system trust store does not know this certificate: the handshake must fail.
    RpcClient untrusted({proxy.url()}, {.attempts = 1});
    try {
        run_task(chain_id_of(untrusted));
        FAIL() << "an unverified certificate was accepted";
    } catch (const RpcError& e) {
        EXPECT_NE(std::string(e.what()).find("TLS"), std::string::npos) << e.what();
    }
}
