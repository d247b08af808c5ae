// The pure parts of the newHeads WebSocket feed: URL mapping, messages, reconnect backoff.
#include "chain/rpc/head_feed.hpp"

#include <gtest/gtest.h>

#include "chain/rpc/rpc_error.hpp"

using namespace perch::chain::rpc;
using ms = std::chrono::milliseconds;

TEST(HeadFeed, WebSocketUrlKeepsHostPortAndPath) {
    EXPECT_EQ(websocket_url_of("http://127.0.0.1:8545"), "ws://127.0.0.1:8545/");
    EXPECT_EQ(websocket_url_of("https://rpc.example.org/v1/key"),
              "wss://rpc.example.org:443/v1/key");
    EXPECT_EQ(websocket_url_of("http://node/"), "ws://node:80/");
    EXPECT_FALSE(websocket_url_of("ftp://node"));
    EXPECT_FALSE(websocket_url_of("not a url"));
    EXPECT_TRUE(HeadFeed("http://127.0.0.1:1", {}).usable());
    EXPECT_FALSE(HeadFeed("https://rpc.example.org", {}).usable());  // wss: polled only
}

TEST(HeadFeed, ReadsHeadsFromNotificationsOnly) {
    auto head = parse_head_notification(
        R"({"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"0x1",)"
        R"("result":{"number":"0x1b4","hash":"0xabc","parentHash":"0xdef"}}})");
    ASSERT_TRUE(head);
    EXPECT_EQ(head->number, 436U);
    EXPECT_EQ(head->hash, "0xabc");
    EXPECT_FALSE(parse_head_notification(R"({"jsonrpc":"2.0","id":1,"result":"0x1"})"));
    EXPECT_FALSE(parse_head_notification(
        R"({"method":"eth_subscription","params":{"result":{"number":"12","hash":"0xabc"}}})"));
    EXPECT_FALSE(parse_head_notification(
        R"({"method":"eth_subscription","params":{"result":{"number":"0xzz","hash":"0xabc"}}})"));
    EXPECT_FALSE(parse_head_notification(
        R"({"method":"other","params":{"result":{"number":"0x1","hash":"0xabc"}}})"));
    EXPECT_FALSE(parse_head_notification("not json"));
    EXPECT_FALSE(parse_head_notification(R"([1,2])"));
}

TEST(HeadFeed, SubscribeAnswerIsAnIdOrAnError) {
    EXPECT_EQ(parse_subscribe_answer(R"({"jsonrpc":"2.0","id":1,"result":"0xcafe"})"), "0xcafe");
    try {
        parse_subscribe_answer(
            R"({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"notifications not supported"}})");
        FAIL() << "an error answer must throw";
    } catch (const RpcError& e) {
        EXPECT_EQ(e.kind(), RpcError::Kind::rpc);
        EXPECT_NE(std::string(e.what()).find("notifications not supported"), std::string::npos);
    }
    EXPECT_THROW(parse_subscribe_answer(R"({"id":1,"result":""})"), RpcError);
    EXPECT_THROW(parse_subscribe_answer("<html>"), RpcError);
}

TEST(HeadFeed, BackoffDoublesUpToTheCap) {
    EXPECT_EQ(reconnect_backoff(1, ms{200}, ms{5000}), ms{200});
    EXPECT_EQ(reconnect_backoff(2, ms{200}, ms{5000}), ms{400});
    EXPECT_EQ(reconnect_backoff(5, ms{200}, ms{5000}), ms{3200});
    EXPECT_EQ(reconnect_backoff(6, ms{200}, ms{5000}), ms{5000});
    EXPECT_EQ(reconnect_backoff(1000, ms{200}, ms{5000}), ms{5000});
}
