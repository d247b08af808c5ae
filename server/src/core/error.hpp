#pragma once
// Errors carry two texts: what the client may read and what the operator needs in the log.
#include <stdexcept>
#include <string>

namespace perch {

enum class ErrorKind {
    bad_request,
    unauthorized,
    forbidden,
    not_found,
    conflict,
    too_large,
    too_many_requests,
    unavailable,
    internal
};

int http_status_of(ErrorKind kind);

class ApiError : public std::runtime_error {
  public:
    ApiError(ErrorKind kind, std::string client_text, const std::string& log_text = {})
        : std::runtime_error(log_text.empty() ? client_text : log_text),
          kind_(kind),
          client_text_(std::move(client_text)) {}

    ErrorKind kind() const { return kind_; }
    int http_status() const { return http_status_of(kind_); }
    const std::string& client_text() const { return client_text_; }
    std::string log_text() const { return what(); }

  private:
    ErrorKind kind_;
    std::string client_text_;
};

inline ApiError bad_request(std::string text) {
    return {ErrorKind::bad_request, std::move(text)};
}
inline ApiError not_found(std::string text) {
    return {ErrorKind::not_found, std::move(text)};
}

// A configuration problem found at start; names the key so the operator can fix it.
class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace perch
