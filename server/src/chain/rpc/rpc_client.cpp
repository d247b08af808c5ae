#include "chain/rpc/rpc_client.hpp"

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>

#include "core/metrics.hpp"

namespace perch::chain::rpc {
namespace json = boost::json;
namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

struct RpcClient::Endpoint {
    Endpoint(const std::string& url, const std::string& ca_file) : http(url, ca_file) {}
    HttpEndpoint http;
    std::atomic<Clock::rep> unhealthy_until{0};
    bool healthy(Clock::time_point now) const {
        return unhealthy_until.load() <= now.time_since_epoch().count();
    }
};

namespace {

json::object request_object(const Call& call, std::uint64_t id) {
    return json::object{
        {"jsonrpc", "2.0"}, {"id", id}, {"method", call.method}, {"params", call.params}};
}

Reply reply_of(const json::object& obj) {
    Reply r;
    if (const auto* error = obj.if_contains("error"); error && !error->is_null()) {
        std::string message = "rpc error";
        long long code = 0;
        if (error->is_object()) {
            if (const auto* m = error->as_object().if_contains("message"); m && m->is_string())
                message = m->as_string();
            if (const auto* c = error->as_object().if_contains("code"); c && c->is_number())
                code = c->to_number<long long>();
        }
        r.error = RpcError(RpcError::Kind::rpc, message, code);
    } else if (const auto* result = obj.if_contains("result")) {
        r.result = *result;
    } else {
        r.error = RpcError(RpcError::Kind::bad_response, "answer has neither result nor error");
    }
    return r;
}

}  // namespace

std::vector<std::string> RpcClient::urls() const {
    std::vector<std::string> all;
    all.reserve(endpoints_.size());
    for (const auto& e : endpoints_) all.push_back(e->http.url());
    return all;
}

std::string request_body(const std::vector<Call>& calls, std::uint64_t first_id, bool as_batch) {
    if (!as_batch) return json::serialize(request_object(calls.at(0), first_id));
    json::array all;
    for (std::size_t i = 0; i < calls.size(); ++i)
        all.push_back(request_object(calls[i], first_id + i));
    return json::serialize(all);
}

std::vector<Reply> parse_replies(const std::string& body, std::size_t count, std::uint64_t first_id,
                                 bool as_batch) {
    boost::system::error_code ec;
    auto doc = json::parse(body, ec);
    if (ec)
        throw RpcError(RpcError::Kind::bad_response,
                       "node answered malformed JSON: " + ec.message());
    std::vector<Reply> replies(count);
    for (auto& r : replies)
        r.error = RpcError(RpcError::Kind::bad_response, "no answer for this call");
    auto place = [&](const json::value& item) {
        if (!item.is_object()) return;
        const auto* id = item.as_object().if_contains("id");
        if (!id || !id->is_number()) return;
        auto index = id->to_number<std::uint64_t>() - first_id;
        if (index < count) replies[index] = reply_of(item.as_object());
    };
    if (as_batch && doc.is_array()) {
        for (const auto& item : doc.as_array()) place(item);
    } else if (doc.is_object()) {
        if (!as_batch) {
            replies[0] = reply_of(doc.as_object());
        } else {
            // Some nodes answer a whole batch with a single error object.
            for (auto& r : replies) r = reply_of(doc.as_object());
        }
    } else {
        throw RpcError(RpcError::Kind::bad_response,
                       "node answered neither an object nor an array");
    }
    return replies;
}

RpcClient::RpcClient(const std::vector<std::string>& urls, RpcOptions options)
    : options_(std::move(options)) {
    for (const auto& url : urls)
        endpoints_.push_back(std::make_unique<Endpoint>(url, options_.ca_file));
    if (endpoints_.empty())
        throw RpcError(RpcError::Kind::transport, "a chain needs at least one RPC URL");
}

RpcClient::~RpcClient() = default;

std::size_t RpcClient::unhealthy_count() const {
    auto now = Clock::now();
    return static_cast<std::size_t>(std::count_if(endpoints_.begin(), endpoints_.end(),
                                                  [&](const auto& e) { return !e->healthy(now); }));
}

std::vector<RpcClient::Endpoint*> RpcClient::by_health() {
    auto now = Clock::now();
    std::vector<Endpoint*> order;
    for (auto& e : endpoints_)
        if (e->healthy(now)) order.push_back(e.get());
    for (auto& e : endpoints_)
        if (!e->healthy(now)) order.push_back(e.get());  // last resort
    return order;
}

namespace {

const char* outcome_of(RpcError::Kind kind) {
    switch (kind) {
        case RpcError::Kind::transport:
            return "transport";
        case RpcError::Kind::timeout:
            return "timeout";
        case RpcError::Kind::rpc:
            return "rpc";
        case RpcError::Kind::bad_response:
            return "bad_response";
    }
    return "error";
}

void observe(const std::string& label, const char* outcome, Clock::time_point started) {
    if (label.empty()) return;  // a client outside the chain registry (tests, tools)
    auto took = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
    metrics::registry().rpc.at({label, outcome}).observe(took);
}

}  // namespace

Task<std::string> RpcClient::send(std::string body) {
    auto started = Clock::now();
    try {
        auto answer = co_await send_once(std::move(body));
        observe(options_.label, "ok", started);
        co_return answer;
    } catch (const RpcError& e) {
        observe(options_.label, outcome_of(e.kind()), started);
        throw;
    }
}

Task<std::string> RpcClient::send_once(std::string body) {
    auto delay = options_.backoff;
    std::string last_error = "no RPC URL answered";
    RpcError::Kind last_kind = RpcError::Kind::transport;
    for (int round = 0; round < options_.attempts; ++round) {
        for (auto* endpoint : by_health()) {
            try {
                auto answer = co_await endpoint->http.post(body, options_.timeout);
                endpoint->unhealthy_until = 0;
                co_return answer;
            } catch (const RpcError& e) {
                last_error = e.what();
                last_kind = e.kind();
                endpoint->unhealthy_until =
                    (Clock::now() + options_.cooldown).time_since_epoch().count();
            }
        }
        if (round + 1 < options_.attempts) {
            asio::steady_timer timer(co_await asio::this_coro::executor, delay);
            co_await timer.async_wait(asio::use_awaitable);
            delay *= 2;
        }
    }
    throw RpcError(last_kind, last_error);
}

Task<json::value> RpcClient::call(std::string method, json::array params) {
    std::vector<Call> calls;
    calls.push_back(Call{std::move(method), std::move(params)});
    auto id = next_id_.fetch_add(1);
    auto body = request_body(calls, id, false);
    auto answer = co_await send(std::move(body));
    auto replies = parse_replies(answer, 1, id, false);
    if (replies[0].error) throw *replies[0].error;
    co_return std::move(replies[0].result);
}

Task<std::vector<Reply>> RpcClient::batch(std::vector<Call> calls) {
    if (calls.empty()) co_return std::vector<Reply>{};
    auto first = next_id_.fetch_add(calls.size());
    auto body = request_body(calls, first, true);
    auto answer = co_await send(std::move(body));
    co_return parse_replies(answer, calls.size(), first, true);
}

Task<std::vector<Reply>> RpcClient::batch(std::vector<Call> calls, std::size_t per_trip) {
    if (per_trip == 0) per_trip = calls.size();  // one trip
    std::vector<Reply> replies;
    replies.reserve(calls.size());
    for (std::size_t at = 0; at < calls.size(); at += per_trip) {
        auto end = std::min(calls.size(), at + per_trip);
        std::vector<Call> trip(
            std::make_move_iterator(calls.begin() + static_cast<std::ptrdiff_t>(at)),
            std::make_move_iterator(calls.begin() + static_cast<std::ptrdiff_t>(end)));
        auto part = co_await batch(std::move(trip));
        for (auto& reply : part) replies.push_back(std::move(reply));
    }
    co_return replies;
}

}  // namespace perch::chain::rpc
