// The RPC client against what real providers do, played by a tiny local HTTP server: rate limits
// (HTTP 429 with Retry-After, rate-limit errors inside a 200 answer), batch caps, HTML error pages,
// resets, truncated bodies, hangs, several URLs, eth_getLogs range caps and lagging backends; and
// the one classifier of node error wordings.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <functional>
#include <future>
#include <string>
#include <vector>

#include "bridge/sending.hpp"
#include "chain/rpc/errors.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/rpc/logs.hpp"
#include "chain/rpc/nonce_manager.hpp"
#include "chain/rpc/registry.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/run_blocking.hpp"
#include "scripted_http_server.hpp"

namespace perch::chain::rpc {
namespace {

namespace json = boost::json;
using test::Answer;
using test::ScriptedHttpServer;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A JSON-RPC node: `reply(method, params)` gives each call's result, or an error object when it
// returns one with an "error" key ({"error": {...}}).
using CallHandler =
    std::function<json::value(const std::string& method, const json::array& params)>;

std::string answer_calls(const std::string& body, const CallHandler& reply) {
    auto doc = json::parse(body);
    auto one = [&](const json::object& req) {
        auto out = reply(std::string(req.at("method").as_string()), req.at("params").as_array());
        json::object res{{"jsonrpc", "2.0"}, {"id", req.at("id")}};
        if (out.is_object() && out.as_object().contains("error")) {
            res["error"] = out.as_object().at("error");
        } else {
            res["result"] = out;
        }
        return res;
    };
    if (doc.is_array()) {
        json::array all;
        for (const auto& req : doc.as_array()) all.push_back(one(req.as_object()));
        return json::serialize(all);
    }
    return json::serialize(one(doc.as_object()));
}

json::value error_of(long long code, const std::string& message) {
    return json::object{{"error", json::object{{"code", code}, {"message", message}}}};
}

// Runs a coroutine on the tests' one io_context: a client keeps idle connections per context, so
// the context must outlive every client that used it.
template <class T>
T run_task(Task<T> task) {
    static boost::asio::io_context io;
    return perch::run_blocking(std::move(task), io);
}

std::size_t calls_in(const std::string& body) {
    auto doc = json::parse(body);
    return doc.is_array() ? doc.as_array().size() : 1;
}

Task<std::uint64_t> chain_id_of(RpcClient& rpc) {
    co_return co_await Eth(rpc).chain_id();
}

Task<std::vector<Reply>> batch_of(RpcClient& rpc, std::vector<Call> calls) {
    co_return co_await rpc.batch(std::move(calls));
}

std::vector<Call> chain_id_calls(std::size_t n) {
    return std::vector<Call>(n, Call{"eth_chainId", {}});
}

json::value chain_id_result(const std::string&, const json::array&) {
    return "0x2105";
}

// --- rate limits --------------------------------------------------------------------------------

TEST(RpcProvider, Http429WithRetryAfterIsWaitedOutAndAskedAgain) {
    ScriptedHttpServer node([](const std::string& body, int n) {
        if (n <= 3) {
            Answer a{429, "<html><body>Too Many Requests</body></html>", {{"Retry-After", "1"}}};
            a.content_type = "text/html";
            return a;
        }
        return Answer::json(answer_calls(body, chain_id_result));
    });
    RpcClient rpc({node.url()}, {.timeout = milliseconds(2000)});
    auto started = Clock::now();
    EXPECT_EQ(run_task(chain_id_of(rpc)), 0x2105U);
    EXPECT_EQ(node.requests(), 4);
    // Each 429 asked for a second: the client waited before asking again.
    auto times = node.times();
    ASSERT_EQ(times.size(), 4U);
    EXPECT_GE(times[3] - times[2], milliseconds(900));
    EXPECT_GE(Clock::now() - started, milliseconds(2700));
}

TEST(RpcProvider, WhileAProviderThrottlesOneCallProbesAndTheOthersWait) {
    // A 429 storm of 2.5 s (Retry-After: 1) on a chain that five callers read at once (the
    // follower, the watcher, the payer...). Each sending again when the hold ends would give the
    // provider five requests a second, which is how an account gets banned; one probe a second
    // does not, and the others go as soon as it is answered.
    auto storm_ends = Clock::now() + milliseconds(2500);
    std::atomic<int> during_storm{0};
    ScriptedHttpServer node([&](const std::string& body, int) {
        if (Clock::now() < storm_ends) {
            ++during_storm;
            Answer a{429, "<html><body>Too Many Requests</body></html>", {{"Retry-After", "1"}}};
            a.content_type = "text/html";
            return a;
        }
        return Answer::json(answer_calls(body, chain_id_result));
    });
    boost::asio::io_context io;  // outlives the client, which keeps its connections on it
    RpcClient rpc({node.url()}, {.timeout = milliseconds(2000)});
    std::vector<std::future<std::uint64_t>> answers;
    for (int i = 0; i < 5; ++i)
        answers.push_back(boost::asio::co_spawn(io, chain_id_of(rpc), boost::asio::use_future));
    io.run();
    for (auto& a : answers) EXPECT_EQ(a.get(), 0x2105U);
    // Five at first (nobody knew yet), then one probe per Retry-After: at most 8 in the storm
    // (five per second, 15 or more, without the probe).
    EXPECT_LE(during_storm.load(), 8);
    EXPECT_GE(during_storm.load(), 6);
    // Everyone was answered soon after the storm: the waiters did not sleep a whole window more.
    EXPECT_LE(Clock::now() - storm_ends, milliseconds(1700));
}

TEST(RpcProvider, RateLimitErrorsInsideAnAnswerAreRetriedNotReturned) {
    // Infura's -32005, Alchemy's 429 in the body, and a gateway's plain wording.
    ScriptedHttpServer node([](const std::string& body, int n) {
        return Answer::json(answer_calls(body, [n](const std::string& method, const json::array&) {
            if (n == 1) return error_of(-32005, "project ID request rate exceeded");
            if (n == 2 && method == "eth_blockNumber")
                return error_of(429, "Your app has exceeded its compute units per second capacity");
            if (n == 3 && method == "eth_blockNumber")
                return error_of(-32000, "Too Many Requests, please slow down");
            return json::value(method == "eth_chainId" ? "0x1" : "0x10");
        }));
    });
    RpcClient rpc({node.url()}, {.backoff = milliseconds(20)});
    std::vector<Call> calls{{"eth_chainId", {}}, {"eth_blockNumber", {}}, {"eth_chainId", {}}};
    auto replies = run_task(batch_of(rpc, std::move(calls)));
    ASSERT_EQ(replies.size(), 3U);
    for (const auto& r : replies) EXPECT_FALSE(r.error) << r.error->what();
    EXPECT_EQ(replies[1].result.as_string(), "0x10");
    // Only the limited call was asked again, alone.
    auto bodies = node.bodies();
    ASSERT_EQ(bodies.size(), 4U);
    EXPECT_EQ(calls_in(bodies[0]), 3U);
    EXPECT_EQ(calls_in(bodies[1]), 3U);
    EXPECT_EQ(calls_in(bodies[2]), 1U);
    EXPECT_EQ(calls_in(bodies[3]), 1U);
}

TEST(RpcProvider, ARateLimitThatOutlastsPatienceFailsAsRateLimitedNeverAsARefusal) {
    ScriptedHttpServer node([](const std::string& body, int) {
        return Answer::json(answer_calls(body, [](const std::string&, const json::array&) {
            return error_of(-32005, "limit exceeded");
        }));
    });
    RpcClient rpc({node.url()},
                  {.backoff = milliseconds(50), .rate_limit_patience = milliseconds(400)});
    json::array params{"0x02f8"};
    try {
        run_task(rpc.call("eth_sendRawTransaction", params));
        FAIL() << "a rate-limited call answered";
    } catch (const RpcError& e) {
        EXPECT_EQ(e.kind(), RpcError::Kind::rate_limited) << e.what();
        EXPECT_TRUE(e.retryable());
        EXPECT_FALSE(bridge::already_sent(e.what()));
    }
    EXPECT_GE(node.requests(), 3);
}

TEST(RpcProvider, TheRequestBudgetPacesCallsPerSecond) {
    ScriptedHttpServer node([](const std::string& body, int) {
        return Answer::json(answer_calls(body, chain_id_result));
    });
    RpcClient rpc({node.url()}, {.requests_per_second = 20, .burst = 1});
    auto started = Clock::now();
    for (int i = 0; i < 11; ++i) run_task(chain_id_of(rpc));
    // 11 calls at 20 per second, one at once: at least 10 intervals of 50 ms.
    EXPECT_GE(Clock::now() - started, milliseconds(480));
    // A batch counts each of its calls: 10 calls cost half a second more.
    auto before_batch = Clock::now();
    run_task(batch_of(rpc, chain_id_calls(10)));
    run_task(chain_id_of(rpc));
    EXPECT_GE(Clock::now() - before_batch, milliseconds(450));
}

// --- batches ------------------------------------------------------------------------------------

TEST(RpcProvider, BatchesGoInTripsOfTheConfiguredSize) {
    ScriptedHttpServer node([](const std::string& body, int) {
        return Answer::json(answer_calls(body, chain_id_result));
    });
    RpcClient rpc({node.url()}, {.batch_size = 3});
    auto replies = run_task(batch_of(rpc, chain_id_calls(8)));
    ASSERT_EQ(replies.size(), 8U);
    for (const auto& r : replies) EXPECT_EQ(r.result.as_string(), "0x2105");
    auto bodies = node.bodies();
    ASSERT_EQ(bodies.size(), 3U);
    EXPECT_EQ(calls_in(bodies[0]), 3U);
    EXPECT_EQ(calls_in(bodies[1]), 3U);
    EXPECT_EQ(calls_in(bodies[2]), 2U);
}

TEST(RpcProvider, ABatchTheProviderFindsTooLargeIsHalvedUntilItFits) {
    // geth's answer to an oversized batch: one error object for the whole request.
    ScriptedHttpServer node([](const std::string& body, int) {
        if (calls_in(body) > 2)
            return Answer::json(
                R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}})");
        return Answer::json(answer_calls(body, [](const std::string&, const json::array& params) {
            return json::value(params.at(0));
        }));
    });
    RpcClient rpc({node.url()});
    std::vector<Call> calls;
    for (int i = 0; i < 7; ++i) calls.push_back({"echo", json::array{i}});
    auto replies = run_task(batch_of(rpc, std::move(calls)));
    ASSERT_EQ(replies.size(), 7U);
    for (int i = 0; i < 7; ++i) {
        ASSERT_FALSE(replies[i].error) << replies[i].error->what();
        EXPECT_EQ(replies[i].result.to_number<int>(), i);
    }
    EXPECT_GE(rpc.batch_size(), 1U);
    EXPECT_LE(rpc.batch_size(), 2U);  // learned: later batches go in trips that fit
}

TEST(RpcProvider, AnErrorInOneCallFailsOnlyThatCall) {
    ScriptedHttpServer node([](const std::string& body, int) {
        return Answer::json(answer_calls(body, [](const std::string& method, const json::array&) {
            if (method == "eth_call") return error_of(3, "execution reverted: rate limit exceeded");
            return json::value("0x1");
        }));
    });
    RpcClient rpc({node.url()});
    std::vector<Call> calls{{"eth_chainId", {}}, {"eth_call", {}}, {"eth_chainId", {}}};
    auto replies = run_task(batch_of(rpc, std::move(calls)));
    ASSERT_EQ(replies.size(), 3U);
    EXPECT_FALSE(replies[0].error);
    ASSERT_TRUE(replies[1].error);
    // A contract's revert reason is the call's answer, whatever it says: not retried.
    EXPECT_EQ(replies[1].error->kind(), RpcError::Kind::rpc);
    EXPECT_FALSE(replies[2].error);
    EXPECT_EQ(node.requests(), 1);
}

// --- faults: HTML pages, resets, truncated bodies, hangs, several URLs --------------------------

TEST(RpcProvider, HtmlErrorPagesResetsAndTruncatedBodiesAreRetried) {
    ScriptedHttpServer node([](const std::string& body, int n) {
        auto good = answer_calls(body, chain_id_result);
        switch (n) {
            case 1: {
                Answer a{502, "<html><head><title>502 Bad Gateway</title></head></html>", {}};
                a.content_type = "text/html";
                return a;
            }
            case 2:
                return Answer::of(Answer::Fault::reset);
            case 3: {
                auto a = Answer::json(good);
                a.fault = Answer::Fault::truncate;
                return a;
            }
            case 4:  // a complete HTTP answer whose JSON was cut by a proxy in between
                return Answer::json(good.substr(0, good.size() / 2));
            default:
                return Answer::json(good);
        }
    });
    RpcClient rpc({node.url()},
                  {.timeout = milliseconds(1000), .attempts = 5, .backoff = milliseconds(10)});
    EXPECT_EQ(run_task(chain_id_of(rpc)), 0x2105U);
    EXPECT_EQ(node.requests(), 5);
}

TEST(RpcProvider, AHangingUrlTimesOutFailsOverAndIsRested) {
    ScriptedHttpServer hanging(
        [](const std::string&, int) { return Answer::of(Answer::Fault::hang); });
    ScriptedHttpServer healthy([](const std::string& body, int) {
        return Answer::json(answer_calls(body, chain_id_result));
    });
    RpcClient rpc({hanging.url(), healthy.url()},
                  {.timeout = milliseconds(300), .cooldown = milliseconds(60000)});
    auto started = Clock::now();
    EXPECT_EQ(run_task(chain_id_of(rpc)), 0x2105U);
    EXPECT_LT(Clock::now() - started, milliseconds(2000));
    EXPECT_EQ(rpc.unhealthy_count(), 1U);
    // Rested: the next calls go straight to the healthy URL.
    for (int i = 0; i < 3; ++i) EXPECT_EQ(run_task(chain_id_of(rpc)), 0x2105U);
    EXPECT_EQ(hanging.requests(), 1);
    EXPECT_EQ(healthy.requests(), 4);
}

// --- no URL (and so no API key) in error texts --------------------------------------------------

TEST(RpcProvider, ErrorTextsNeverCarryTheUrlOrItsKey) {
    const std::string key = "k3yS3cr3tPlanted";
    ScriptedHttpServer failing([&](const std::string&, int) {
        Answer a{502, "<html>upstream /v3/" + key + " failed</html>", {}};
        a.content_type = "text/html";
        return a;
    });
    std::vector<std::string> texts;
    auto collect = [&](const std::vector<std::string>& urls) {
        try {
            RpcClient rpc(urls, {.timeout = milliseconds(300), .attempts = 1});
            run_task(chain_id_of(rpc));
            ADD_FAILURE() << "no error";
        } catch (const std::exception& e) {
            texts.emplace_back(e.what());
        }
    };
    collect({failing.url("/v3/" + key + "?apiKey=" + key)});  // HTTP 502, HTML body
    collect({"http://user:" + key + "@127.0.0.1:1/" + key});  // refused connection
    collect({"ftp://127.0.0.1/" + key});                      // not http(s)
    collect({"http://[not a url/" + key});                    // unparsable
    ChainRegistry registry({{8453, {"ftp://127.0.0.1/" + key}, ""}}, {});
    texts.push_back(registry.unreachable_reason(8453));
    for (const auto& text : texts) {
        EXPECT_EQ(text.find(key), std::string::npos) << text;
        EXPECT_FALSE(text.empty());
    }
    EXPECT_NE(texts[0].find("HTTP 502"), std::string::npos) << texts[0];
    EXPECT_NE(texts[0].find("127.0.0.1"), std::string::npos) << "the host still says which URL";
    EXPECT_EQ(redact_url("https://eth-mainnet.g.alchemy.com/v2/" + key),
              "https://eth-mainnet.g.alchemy.com");
}

// --- one classifier for every node's wording ----------------------------------------------------

TEST(RpcErrorWording, SendRefusalsOfGethNethermindErigonRethAndHardhat) {
    struct Case {
        const char* message;
        NodeSays says;
    };
    const Case cases[] = {
        // geth
        {"nonce too low", NodeSays::nonce_too_low},
        {"already known", NodeSays::already_known},
        {"replacement transaction underpriced", NodeSays::replacement_underpriced},
        // Nethermind
        {"OldNonce, Current nonce: 5, nonce of rejected tx: 3", NodeSays::nonce_too_low},
        {"AlreadyKnown", NodeSays::already_known},
        {"OwnNonceAlreadyUsed", NodeSays::replacement_underpriced},
        // Erigon
        {"INTERNAL_ERROR: existing tx with same hash", NodeSays::already_known},
        {"nonce too low: address 0x70997970c51812dc3a010c7d01b50e0d17dc79c8, tx: 3 state: 5",
         NodeSays::nonce_too_low},
        // Reth
        {"nonce too low: next nonce 5, tx nonce 3", NodeSays::nonce_too_low},
        {"[0x5c50...] already imported", NodeSays::already_known},
        {"insufficient gas price to replace existing transaction",
         NodeSays::replacement_underpriced},
        // Besu, Hardhat
        {"NONCE_TOO_LOW", NodeSays::nonce_too_low},
        {"Known transaction: 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
         NodeSays::already_known},
        {"Nonce too low. Expected nonce to be 5 but got 3.", NodeSays::nonce_too_low},
        // Refusals that are not "already sent"
        {"insufficient funds for gas * price + value", NodeSays::other},
        {"intrinsic gas too low", NodeSays::other},
        {"execution reverted: nonce too low", NodeSays::other},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(classify(-32000, c.message), c.says) << c.message;
        // The maker's and the faucets' check reads the same classifier.
        EXPECT_EQ(bridge::already_sent(c.message), means_already_sent(c.says)) << c.message;
    }
    EXPECT_TRUE(NonceManager::is_nonce_too_low(
        RpcError(RpcError::Kind::rpc, "OldNonce, Current nonce: 5, nonce of rejected tx: 3")));
    EXPECT_FALSE(NonceManager::is_nonce_too_low(RpcError(RpcError::Kind::rpc, "AlreadyKnown")));
}

TEST(RpcErrorWording, RateLimitsAndCapsOfProviders) {
    EXPECT_EQ(classify(-32005, "limit exceeded"), NodeSays::rate_limited);
    EXPECT_EQ(classify(429, "Your app has exceeded its compute units per second capacity"),
              NodeSays::rate_limited);
    EXPECT_EQ(classify(-32000, "rate limit exceeded"), NodeSays::rate_limited);
    EXPECT_EQ(classify(-32000, "Too Many Requests"), NodeSays::rate_limited);
    // Infura's result cap shares -32005 with its rate limit: it is a range cap.
    EXPECT_EQ(classify(-32005, "query returned more than 10000 results"),
              NodeSays::log_range_too_large);
    EXPECT_EQ(classify(-32602,
                       "Log response size exceeded. You can make eth_getLogs requests with "
                       "up to a 2K block range"),
              NodeSays::log_range_too_large);
    EXPECT_EQ(classify(-32000, "block range too large"), NodeSays::log_range_too_large);
    EXPECT_EQ(classify(-32000, "query exceeds max block range 100000"),
              NodeSays::log_range_too_large);
    EXPECT_EQ(classify(-32600, "batch too large"), NodeSays::batch_too_large);
    EXPECT_EQ(classify(-32000, "header not found"), NodeSays::other);
    EXPECT_EQ(retry_after_ms("2", 0), 2000);
    EXPECT_EQ(retry_after_ms("Wed, 21 Oct 2015 07:28:00 GMT", 1445412478), 2000);
    EXPECT_EQ(retry_after_ms("soon", 0), 0);
}

// --- eth_getLogs: range caps and lagging backends -----------------------------------------------

// A node with one log per block up to `head`, that refuses ranges wider than `cap` blocks the way
// Infura does, and knows no block after `has_up_to`.
struct LogNode {
    std::uint64_t cap = 10;
    std::uint64_t has_up_to = 1000;
    json::value answer(const std::string& method, const json::array& params) const {
        if (method == "eth_getBlockByNumber") {
            auto n = quantity_u64(params.at(0));
            if (n > has_up_to) return nullptr;
            return json::object{{"number", quantity_hex(n)}, {"hash", "0xh" + std::to_string(n)}};
        }
        const auto& filter = params.at(0).as_object();
        auto from = quantity_u64(filter.at("fromBlock"));
        auto to = quantity_u64(filter.at("toBlock"));
        if (to - from + 1 > cap) return error_of(-32005, "query returned more than 10000 results");
        json::array logs;
        for (auto b = from; b <= std::min(to, has_up_to); ++b)
            logs.push_back(json::object{{"blockNumber", quantity_hex(b)}});
        return logs;
    }
};

TEST(RpcLogs, TheRangeHalvesOnACapAndGrowsBack) {
    LogNode logs{.cap = 10};
    ScriptedHttpServer node([&](const std::string& body, int) {
        return Answer::json(answer_calls(
            body, [&](const std::string& m, const json::array& p) { return logs.answer(m, p); }));
    });
    RpcClient rpc({node.url()});
    LogSpan span(64, 2);
    auto read = run_task(get_logs_adaptive(rpc, {}, 1, 100, span));
    ASSERT_EQ(read.logs.size(), 100U);
    for (std::uint64_t i = 0; i < 100; ++i)
        EXPECT_EQ(quantity_u64(read.logs[i].at("blockNumber")), i + 1);  // each block once
    EXPECT_EQ(read.next_block, 101U);
    EXPECT_EQ(read.last_hash, "0xh100");
    EXPECT_LE(span.blocks(), 16U);  // grew back from 8 but never stays above what was refused
    // The provider lifts its cap: the span grows back to the maximum.
    logs.cap = 1000;
    for (int i = 0; i < 6; ++i) run_task(get_logs_adaptive(rpc, {}, 1, 2, span));
    EXPECT_EQ(span.blocks(), 64U);
}

TEST(RpcLogs, ANodeBehindTheHeadReadsNothingPastItsOwnHead) {
    LogNode logs{.cap = 1000, .has_up_to = 47};
    ScriptedHttpServer node([&](const std::string& body, int) {
        return Answer::json(answer_calls(
            body, [&](const std::string& m, const json::array& p) { return logs.answer(m, p); }));
    });
    RpcClient rpc({node.url()});
    LogSpan span(20);
    // Another node said the head is 50: this one stops where its blocks stop ("not yet").
    auto read = run_task(get_logs_adaptive(rpc, {}, 1, 50, span));
    EXPECT_EQ(read.next_block, 41U);  // 1-20 and 21-40 read; 41-50 not yet here
    EXPECT_EQ(read.logs.size(), 40U);
    EXPECT_EQ(read.last_hash, "0xh40");
    logs.has_up_to = 50;
    auto rest = run_task(get_logs_adaptive(rpc, {}, read.next_block, 50, span));
    EXPECT_EQ(rest.logs.size(), 10U);
    EXPECT_EQ(rest.next_block, 51U);
    // Nothing new at all: nothing read, the cursor stays.
    auto none = run_task(get_logs_adaptive(rpc, {}, 51, 50, span));
    EXPECT_EQ(none.next_block, 51U);
    EXPECT_TRUE(none.logs.empty());
}

TEST(RpcLogs, OneBlockThatIsStillTooLargeIsAnError) {
    LogNode logs{.cap = 0};
    ScriptedHttpServer node([&](const std::string& body, int) {
        return Answer::json(answer_calls(
            body, [&](const std::string& m, const json::array& p) { return logs.answer(m, p); }));
    });
    RpcClient rpc({node.url()});
    LogSpan span(8);
    try {
        run_task(get_logs_adaptive(rpc, {}, 1, 8, span));
        FAIL() << "no error";
    } catch (const RpcError& e) {
        EXPECT_TRUE(is_log_range_cap(e)) << e.what();
    }
    EXPECT_EQ(span.blocks(), 1U);
}

}  // namespace
}  // namespace perch::chain::rpc
