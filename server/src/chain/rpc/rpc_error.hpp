#pragma once
#include <stdexcept>
#include <string>

namespace perch::chain::rpc {

// A JSON-RPC call that did not produce a result. `transport` and `timeout` mean the node was not
// heard (worth another URL or a retry); `rpc` is the node's own error answer (not retried).
class RpcError : public std::runtime_error {
  public:
    enum class Kind { transport, timeout, rpc, bad_response };
    RpcError(Kind kind, const std::string& message, long long code = 0)
        : std::runtime_error(message), kind_(kind), code_(code) {}
    Kind kind() const { return kind_; }
    long long code() const { return code_; }
    bool retryable() const { return kind_ == Kind::transport || kind_ == Kind::timeout; }

  private:
    Kind kind_;
    long long code_;
};

}  // namespace perch::chain::rpc
