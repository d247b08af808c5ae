// Orders of the bridge API group: one order by its deposit transaction, a wallet's history (paged,
// optionally within a partner channel) and a Server-Sent Events stream of one order's changes.
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <chrono>

#include "api/order_json.hpp"
#include "api/params.hpp"
#include "api/routes.hpp"
#include "api/services.hpp"
#include "bridge/order.hpp"
#include "bridge/solana_address.hpp"
#include "bridge/solana_memo.hpp"
#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain/solana/keypair.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "http/rate_limit.hpp"

namespace perch::api {
namespace json = boost::json;
namespace asio = boost::asio;
namespace {

struct OrderRef {
    std::int64_t chain_id = 0;
    std::string tx_hash;
};

OrderRef order_ref(const http::Request& req) {
    auto query = Params::query(req);
    auto chain = chain_id(query, "chain_id");
    auto text = query.required("tx_hash");
    if (chain == bridge::kSolanaChainId) {
        // A Solana transaction id: its first signature, base58 (case matters).
        if (!chain::solana::Signature::from_base58(text))
            params::invalid("tx_hash", text, "a Solana transaction signature (base58)");
        return {chain, text};
    }
    auto hash = chain::Hash32::from_hex(text);
    if (!hash) params::invalid("tx_hash", text, "a 32-byte 0x transaction hash");
    return {chain, hash->hex()};
}

Task<http::Response> order(Services& s, http::Request& req) {
    auto ref = order_ref(req);
    auto found = co_await s.store.orders().order_by_tx(ref.chain_id, ref.tx_hash);
    co_return http::envelope(order_json(found));
}

Task<http::Response> history(Services& s, http::Request& req) {
    auto query = Params::query(req);
    store::HistoryQuery q;
    if (auto address = query.find("address"))
        q.address = parse_wallet_address("address", *address).key();
    if (query.find("channel")) q.channel = whole_number(query, "channel", 0, 2147483647);
    if (q.address.empty() && !q.channel) throw bad_request("'address' or 'channel' is required");
    auto paging = page(query);
    q.page = paging.page;
    q.size = paging.size;
    auto result = co_await s.store.orders().history(std::move(q));
    json::array list;
    for (auto& o : result.list) list.push_back(order_json(std::move(o)));
    co_return http::envelope(page_json(std::move(list), result.total, paging));
}

// Re-reads the order whenever this instance's store says something changed, and at least every
// second (another instance on the same database may have paid it); sends it when it differs
// from what was sent; ends after a final state; a comment every 15 s keeps proxies from closing it.
class OrderStream final : public http::EventStream {
  public:
    OrderStream(store::OrderStore& orders, OrderRef ref, http::ConcurrencyCap::Slot slot)
        : orders_(orders), ref_(std::move(ref)), slot_(std::move(slot)) {}

    Task<std::optional<std::string>> next() override {
        using namespace std::chrono_literals;
        auto since_ping = 0ms;
        for (auto waited = 0ms; !done_ && waited < kMaxLife; waited += kPoll) {
            auto changes = orders_.change_count();
            if (first_ || changes != seen_changes_ || since_read_ >= kReread) {
                first_ = false;
                seen_changes_ = changes;
                since_read_ = 0ms;
                auto found = co_await orders_.order_by_tx(ref_.chain_id, ref_.tx_hash);
                auto text = json::serialize(order_json(found));
                if (found) {
                    auto state = bridge::parse_order_state(found->state);
                    done_ = state && bridge::is_final(*state);
                }
                if (text != last_sent_) {
                    last_sent_ = text;
                    co_return "event: order\ndata: " + text + "\n\n";
                }
            }
            if (since_ping >= 15s) co_return std::string(": ping\n\n");
            asio::steady_timer timer(co_await asio::this_coro::executor, kPoll);
            co_await timer.async_wait(asio::use_awaitable);
            since_ping += kPoll;
            since_read_ += kPoll;
        }
        co_return std::nullopt;
    }

  private:
    static constexpr std::chrono::milliseconds kPoll{250};
    static constexpr std::chrono::milliseconds kReread{1000};
    static constexpr std::chrono::milliseconds kMaxLife{30 * 60 * 1000};
    store::OrderStore& orders_;
    OrderRef ref_;
    bool first_ = true;
    bool done_ = false;
    std::uint64_t seen_changes_ = 0;
    std::chrono::milliseconds since_read_{0};
    std::string last_sent_;
    http::ConcurrencyCap::Slot slot_;  // the client's place among its open streams, while open
};

// Each stream holds a connection and polls the store for up to half an hour: a client may keep
// only so many open at once.
Task<http::Response> order_stream(Services& s, http::ConcurrencyCap& streams, http::Request& req) {
    auto ref = order_ref(req);
    auto slot = streams.acquire(req.client_key);
    if (!slot) {
        throw ApiError(ErrorKind::too_many_requests,
                       "too many open order streams from your address (at most " +
                           std::to_string(streams.cap()) + "): close one first");
    }
    http::Response res;
    res.stream = std::make_shared<OrderStream>(s.store.orders(), std::move(ref), std::move(*slot));
    co_return res;
}

}  // namespace

constexpr Route kRoutes[] = {
    {kGet, "/api/bridge_api/v1/order", order, "A bridge order by source chain and deposit tx hash"},
    {kGet, "/api/bridge_api/v1/history", history,
     "Bridge orders of an address (sender or recipient), newest first, paged"},
};

void register_bridge_order_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
    auto streams = std::make_shared<http::ConcurrencyCap>(s.config.limits.order_streams_per_ip);
    router.get("/api/bridge_api/v1/order/stream",
               "Server-Sent Events: the order each time it changes, until it is final",
               [&s, streams](http::Request& req) { return order_stream(s, *streams, req); });
}

}  // namespace perch::api
