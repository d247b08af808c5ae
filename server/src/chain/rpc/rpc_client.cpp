#include "chain/rpc/rpc_client.hpp"

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>

#include "chain/rpc/budget.hpp"
#include "chain/rpc/errors.hpp"
#include "chain/rpc/read_cache.hpp"
#include "core/enum_table.hpp"
#include "core/metrics.hpp"

namespace perch::chain::rpc {
namespace json = boost::json;
namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

struct RpcClient::Endpoint {
    Endpoint(const std::string& url, const std::string& ca_file)
        : http(url, ca_file), shown(redact_url(url)) {}
    HttpEndpoint http;
    std::string shown;  // for error texts: no path, query or user info
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
    return replies_of(doc, count, first_id, as_batch);
}

std::vector<Reply> replies_of(const json::value& doc, std::size_t count, std::uint64_t first_id,
                              bool as_batch) {
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
    : options_(std::move(options)),
      budget_(std::make_unique<RequestBudget>(
          options_.requests_per_second,
          options_.burst > 0 ? options_.burst : options_.requests_per_second)) {
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

std::size_t RpcClient::batch_size() const {
    auto learned = batch_cap_.load();
    auto configured = options_.batch_size;
    if (learned == 0) return configured;
    return configured == 0 ? learned : std::min(configured, learned);
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

using RpcKind = RpcError::Kind;
constexpr EnumRow<RpcKind, const char*> kOutcomes[] = {{RpcKind::transport, "transport"},
                                                       {RpcKind::timeout, "timeout"},
                                                       {RpcKind::rpc, "rpc"},
                                                       {RpcKind::bad_response, "bad_response"},
                                                       {RpcKind::rate_limited, "rate_limited"}};
static_assert(covers(kOutcomes, RpcKind::rate_limited), "one metrics outcome per RpcError kind");

const char* outcome_of(RpcKind kind) {
    return meaning_of(kOutcomes, kind, "error");
}

void observe(const std::string& label, const char* outcome, Clock::time_point started) {
    if (label.empty()) return;  // a client outside the chain registry (tests, tools)
    auto took = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
    metrics::registry().rpc.at({label, outcome}).observe(took);
}

Clock::rep clock_at(Clock::time_point t) {
    return t.time_since_epoch().count();
}

}  // namespace

Task<void> RpcClient::sleep(std::chrono::milliseconds wait) {
    if (wait.count() <= 0) co_return;
    asio::steady_timer timer(co_await asio::this_coro::executor, wait);
    co_await timer.async_wait(asio::use_awaitable);
}

Task<void> RpcClient::pace(std::size_t calls) {
    for (auto wait = budget_->admit(Clock::now()); wait > Clock::duration::zero();
         wait = budget_->admit(Clock::now())) {
        asio::steady_timer timer(co_await asio::this_coro::executor, wait);
        co_await timer.async_wait(asio::use_awaitable);
    }
    auto wait = budget_->reserve(static_cast<double>(calls), Clock::now());
    if (wait > Clock::duration::zero()) {
        asio::steady_timer timer(co_await asio::this_coro::executor, wait);
        co_await timer.async_wait(asio::use_awaitable);
    }
}

Task<json::value> RpcClient::send(std::string body) {
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

// A URL that answers 429 is rested for as long as it asked and the next URL is tried; when every
// URL is rate-limited, the caller (run) waits. A body that is not JSON (an HTML error page, a
// truncated answer) counts as not heard.
Task<json::value> RpcClient::send_once(std::string body) {
    auto delay = options_.backoff;
    std::string last_error = "no RPC URL answered";
    RpcError::Kind last_kind = RpcError::Kind::transport;
    for (int round = 0; round < options_.attempts; ++round) {
        bool all_limited = true;
        long long retry_after = 0;
        for (auto* endpoint : by_health()) {
            try {
                auto answer = co_await endpoint->http.post(body, options_.timeout);
                boost::system::error_code ec;
                auto doc = json::parse(answer, ec);
                if (ec)
                    throw RpcError(RpcError::Kind::transport,
                                   endpoint->shown + ": answer is not JSON (" + ec.message() + ")");
                endpoint->unhealthy_until = 0;
                co_return doc;
            } catch (const RpcError& e) {
                last_error = e.what();
                last_kind = e.kind();
                auto now = Clock::now();
                if (e.kind() == RpcError::Kind::rate_limited) {
                    retry_after = std::max(retry_after, e.retry_after_ms());
                    auto rest = std::chrono::milliseconds(
                        e.retry_after_ms() > 0 ? e.retry_after_ms() : options_.backoff.count());
                    endpoint->unhealthy_until = clock_at(now + rest);
                    continue;
                }
                all_limited = false;
                endpoint->unhealthy_until = clock_at(now + options_.cooldown);
            }
        }
        if (all_limited) throw RpcError(RpcError::Kind::rate_limited, last_error, 429, retry_after);
        if (round + 1 < options_.attempts) {
            co_await sleep(delay);
            delay *= 2;
        }
    }
    throw RpcError(last_kind, last_error);
}

// The calls of one HTTP request (positions in the caller's list) and what became of them.
struct RpcClient::Trip {
    std::vector<std::size_t> calls;
    std::vector<std::size_t> again;       // rate-limited: ask again after the wait
    std::vector<std::size_t> unanswered;  // the answer left them out
    long long retry_after_ms = 0;
    bool too_large = false;  // the provider refused the batch for its size
};

Task<void> RpcClient::exchange(const std::vector<Call>& calls, Trip& trip, bool as_batch,
                               std::vector<Reply>& replies) {
    std::vector<Call> part;
    part.reserve(trip.calls.size());
    for (auto i : trip.calls) part.push_back(calls[i]);
    co_await pace(part.size());
    auto first = next_id_.fetch_add(part.size());
    json::value doc;
    try {
        doc = co_await send(request_body(part, first, as_batch));
    } catch (const RpcError& e) {
        if (e.kind() != RpcError::Kind::rate_limited) throw;
        trip.again = trip.calls;
        trip.retry_after_ms = e.retry_after_ms();
        co_return;
    }
    auto got = replies_of(doc, part.size(), first, as_batch);
    if (as_batch && part.size() > 1 && doc.is_object() && got[0].error &&
        classify(*got[0].error) == NodeSays::batch_too_large) {
        trip.too_large = true;
        co_return;
    }
    for (std::size_t k = 0; k < got.size(); ++k) {
        auto i = trip.calls[k];
        if (got[k].error) {
            if (classify(*got[k].error) == NodeSays::rate_limited) {
                trip.again.push_back(i);
                continue;
            }
            if (got[k].error->kind() == RpcError::Kind::bad_response) trip.unanswered.push_back(i);
        }
        replies[i] = std::move(got[k]);
    }
}

Task<std::vector<Reply>> RpcClient::run(const std::vector<Call>& calls, bool as_batch) {
    std::vector<Reply> replies(calls.size());
    std::vector<std::size_t> pending(calls.size());
    for (std::size_t i = 0; i < pending.size(); ++i) pending[i] = i;
    std::vector<int> unanswered_times(calls.size(), 0);
    auto give_up_at = Clock::now() + options_.rate_limit_patience;
    auto backoff = options_.backoff;
    while (!pending.empty()) {
        std::vector<std::size_t> again;
        long long retry_after = 0;
        bool limited = false;
        for (std::size_t at = 0; at < pending.size();) {
            auto size = batch_size();
            if (size == 0 || !as_batch) size = pending.size();
            Trip trip;
            auto end = std::min(pending.size(), at + size);
            trip.calls.assign(pending.begin() + static_cast<std::ptrdiff_t>(at),
                              pending.begin() + static_cast<std::ptrdiff_t>(end));
            co_await exchange(calls, trip, as_batch, replies);
            if (trip.too_large) {
                // Smaller trips from here on, for every caller of this chain; one call alone is
                // never too large, so this ends.
                auto halved = std::max<std::size_t>(1, trip.calls.size() / 2);
                auto cap = batch_cap_.load();
                while ((cap == 0 || halved < cap) &&
                       !batch_cap_.compare_exchange_weak(cap, halved)) {
                }
                continue;  // the same position, in smaller trips
            }
            at = end;
            if (trip.again.empty()) budget_->answered();  // the provider is not throttling now
            if (!trip.again.empty()) {
                limited = true;
                retry_after = std::max(retry_after, trip.retry_after_ms);
                again.insert(again.end(), trip.again.begin(), trip.again.end());
            }
            for (auto i : trip.unanswered)
                if (++unanswered_times[i] < options_.attempts) again.push_back(i);
        }
        if (again.empty()) break;
        std::sort(again.begin(), again.end());
        pending = std::move(again);
        auto wait = retry_after > 0 ? std::chrono::milliseconds(retry_after) : backoff;
        backoff = std::min<std::chrono::milliseconds>(backoff * 2, std::chrono::seconds(5));
        if (!limited) {
            co_await sleep(wait);
            continue;
        }
        auto now = Clock::now();
        if (now + wait > give_up_at) {
            throw RpcError(RpcError::Kind::rate_limited,
                           "the chain's RPC provider kept rate-limiting " +
                               std::to_string(pending.size()) + " call(s) for " +
                               std::to_string(options_.rate_limit_patience.count()) + " ms",
                           429, retry_after);
        }
        budget_->hold_until(now + wait);  // every caller of this chain waits it out
    }
    co_return replies;
}

Task<std::vector<Reply>> RpcClient::answer(const std::vector<Call>& calls, bool as_batch) {
    if (!cache_) co_return co_await run(calls, as_batch);
    if (auto cached = cache_->answer(calls, Clock::now())) co_return std::move(*cached);
    cache_->note_interest(calls);
    auto replies = co_await run(calls, as_batch);
    for (std::size_t i = 0; i < calls.size(); ++i)
        if (!replies[i].error) cache_->remember(calls[i], replies[i].result, Clock::now());
    co_return replies;
}

Task<json::value> RpcClient::call(std::string method, json::array params) {
    std::vector<Call> calls;
    calls.push_back(Call{std::move(method), std::move(params)});
    auto replies = co_await answer(calls, false);
    if (replies[0].error) throw *replies[0].error;
    co_return std::move(replies[0].result);
}

Task<std::vector<Reply>> RpcClient::batch(std::vector<Call> calls) {
    if (calls.empty()) co_return std::vector<Reply>{};
    co_return co_await answer(calls, true);
}

Task<std::vector<Reply>> RpcClient::batch_from_node(std::vector<Call> calls) {
    if (calls.empty()) co_return std::vector<Reply>{};
    co_return co_await run(calls, true);
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
