#pragma once
#include <stdexcept>
#include <string>

namespace perch::chain::rpc {

// A JSON-RPC call that did not produce a result. `transport` and `timeout` mean the node was not
// heard (worth another URL or a retry); `rate_limited` means the provider refused to answer now
// (worth the same call later, never a refusal of its content); `rpc` is the node's own error answer
// (not retried). Messages never carry a URL's path, query or user info (where API keys live).
class RpcError : public std::runtime_error {
  public:
    enum class Kind { transport, timeout, rpc, bad_response, rate_limited };
    RpcError(Kind kind, const std::string& message, long long code = 0,
             long long retry_after_ms = 0)
        : std::runtime_error(message), kind_(kind), code_(code), retry_after_ms_(retry_after_ms) {}
    Kind kind() const { return kind_; }
    long long code() const { return code_; }
    // The wait the provider asked for (HTTP Retry-After), 0 when it named none.
    long long retry_after_ms() const { return retry_after_ms_; }
    bool retryable() const {
        return kind_ == Kind::transport || kind_ == Kind::timeout || kind_ == Kind::rate_limited;
    }

  private:
    Kind kind_;
    long long code_;
    long long retry_after_ms_;
};

}  // namespace perch::chain::rpc
