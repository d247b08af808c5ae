#pragma once
// JSON-RPC 2.0 to one chain through one or more URLs, shaped by what real providers do. Each
// request has a timeout; a URL that is not heard (reset, hang, 5xx, a truncated or malformed body)
// is rested for a cool-down and the next URL is tried; when every URL failed the request is retried
// with exponential backoff. Rate limits (HTTP 429 with Retry-After, or a rate-limit error inside an
// answer) are waited out and the same calls asked again, for up to `rate_limit_patience`; they
// never reach a caller as the node's answer. Calls pass the chain's request budget (a token
// bucket), and batches go in trips of at most `batch_size` calls (halved when the provider says a
// batch is too large). The node's own error answers are returned per call, never retried.
#include <atomic>
#include <boost/json/array.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chain/rpc/http_endpoint.hpp"
#include "chain/rpc/rpc_error.hpp"
#include "core/task.hpp"

namespace perch::chain::rpc {

class ReadCache;

struct RpcOptions {
    std::chrono::milliseconds timeout{5000};   // per attempt on one URL
    int attempts = 3;                          // rounds over all URLs
    std::chrono::milliseconds backoff{100};    // doubled after each failed round
    std::chrono::milliseconds cooldown{5000};  // how long a failing URL is skipped
    std::string ca_file;             // TLS trust store for https URLs; empty: the system's
    std::string label;               // the metrics' chain label (the registry sets the chain id)
    double requests_per_second = 0;  // the chain's request budget in calls; 0: none
    double burst = 0;                // calls that may go at once; 0: one second's worth
    std::size_t batch_size = 0;      // most calls in one HTTP request; 0: any number
    // How long rate limits are waited out before the call fails as RpcError::Kind::rate_limited.
    std::chrono::milliseconds rate_limit_patience{30000};
};

struct Call {
    std::string method;
    boost::json::array params;
};

// One answer of a batch: a result, or the node's error for that call.
struct Reply {
    boost::json::value result;
    std::optional<RpcError> error;
};

class RpcClient {
  public:
    RpcClient(const std::vector<std::string>& urls, RpcOptions options = {});
    ~RpcClient();
    RpcClient(const RpcClient&) = delete;
    RpcClient& operator=(const RpcClient&) = delete;

    // Throws RpcError when no URL answered or the node answered with an error.
    Task<boost::json::value> call(std::string method, boost::json::array params);
    // One HTTP round trip for all calls; replies in the order of `calls`.
    Task<std::vector<Reply>> batch(std::vector<Call> calls);
    // The same in round trips of at most `per_trip` calls each, so that no single request keeps
    // a node busy for long; replies in the order of `calls`.
    Task<std::vector<Reply>> batch(std::vector<Call> calls, std::size_t per_trip);

    // The chain follower's reads: always the node's answers, never the cache's.
    Task<std::vector<Reply>> batch_from_node(std::vector<Call> calls);
    // From now on calls near the head are answered from what the chain's follower read (see
    // read_cache.hpp). Set before the client is used from other threads.
    void set_read_cache(std::shared_ptr<ReadCache> cache) { cache_ = std::move(cache); }

    const std::string& label() const { return options_.label; }
    std::size_t url_count() const { return endpoints_.size(); }
    std::vector<std::string> urls() const;
    // The batch size in use: the configured one, or smaller once the provider refused a batch.
    std::size_t batch_size() const;
    // How many of the URLs are in their cool-down now (for health reporting and tests).
    std::size_t unhealthy_count() const;

  private:
    struct Endpoint;
    struct Trip;
    // From the read cache when it has every answer, else from the node.
    Task<std::vector<Reply>> answer(const std::vector<Call>& calls, bool as_batch);
    // Every call answered (or failed by the node's own error), rate limits waited out.
    Task<std::vector<Reply>> run(const std::vector<Call>& calls, bool as_batch);
    // One HTTP request for `trip` calls: its answers, or the calls to ask again.
    Task<void> exchange(const std::vector<Call>& calls, Trip& trip, bool as_batch,
                        std::vector<Reply>& replies);
    Task<boost::json::value> send(std::string body);       // send_once, timed for the metrics
    Task<boost::json::value> send_once(std::string body);  // every URL, every attempt
    Task<void> pace(std::size_t calls);                    // waits for the request budget
    Task<void> sleep(std::chrono::milliseconds wait);
    std::vector<Endpoint*> by_health();

    RpcOptions options_;
    std::vector<std::unique_ptr<Endpoint>> endpoints_;
    std::unique_ptr<class RequestBudget> budget_;
    std::shared_ptr<ReadCache> cache_;
    std::atomic<std::size_t> batch_cap_{0};  // learned from "batch too large"; 0: none
    std::atomic<std::uint64_t> next_id_{1};
};

// Pure helpers, unit-tested: build a request body and read an answer.
std::string request_body(const std::vector<Call>& calls, std::uint64_t first_id, bool as_batch);
std::vector<Reply> parse_replies(const std::string& body, std::size_t count, std::uint64_t first_id,
                                 bool as_batch);
std::vector<Reply> replies_of(const boost::json::value& doc, std::size_t count,
                              std::uint64_t first_id, bool as_batch);

}  // namespace perch::chain::rpc
