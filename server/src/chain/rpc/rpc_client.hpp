#pragma once
// JSON-RPC 2.0 to one chain through one or more URLs. Each call has a timeout; a URL that is not
// heard is marked unhealthy for a cool-down and the next URL is tried; when every URL failed the
// call is retried with exponential backoff. Node error answers are returned, never retried.
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

struct RpcOptions {
    std::chrono::milliseconds timeout{5000};   // per attempt on one URL
    int attempts = 3;                          // rounds over all URLs
    std::chrono::milliseconds backoff{100};    // doubled after each failed round
    std::chrono::milliseconds cooldown{5000};  // how long a failing URL is skipped
    std::string ca_file;  // TLS trust store for https URLs; empty: the system's
    std::string label;    // the metrics' chain label (the registry sets the chain id)
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

    std::size_t url_count() const { return endpoints_.size(); }
    std::vector<std::string> urls() const;
    // How many of the URLs are in their cool-down now (for health reporting and tests).
    std::size_t unhealthy_count() const;

  private:
    struct Endpoint;
    Task<std::string> send(std::string body);       // send_once, timed for the metrics
    Task<std::string> send_once(std::string body);  // every URL, every attempt
    std::vector<Endpoint*> by_health();

    RpcOptions options_;
    std::vector<std::unique_ptr<Endpoint>> endpoints_;
    std::atomic<std::uint64_t> next_id_{1};
};

// Pure helpers, unit-tested: build a request body and read an answer.
std::string request_body(const std::vector<Call>& calls, std::uint64_t first_id, bool as_batch);
std::vector<Reply> parse_replies(const std::string& body, std::size_t count, std::uint64_t first_id,
                                 bool as_batch);

}  // namespace perch::chain::rpc
