#include "maker/maker.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <random>

#include "maker/evm_side.hpp"

namespace perch::maker {
namespace asio = boost::asio;

std::uint32_t confirmations_for(const MakerOptions& options, std::int64_t chain_id,
                                const chain::U256& amount, const chain::U256& large_from) {
    bridge::ConfirmationPolicy policy{options.confirmations.for_chain(chain_id),
                                      options.large_confirmations.for_chain(chain_id), large_from};
    return bridge::confirmations_for(policy, amount);
}

PerChainCount with_profile_confirmations(PerChainCount configured,
                                         const std::map<std::int64_t, std::uint32_t>& profile) {
    for (const auto& [chain_id, count] : profile) {
        if (configured.by_chain.contains(chain_id) || configured.tags.contains(chain_id)) continue;
        configured.by_chain[chain_id] = count;
    }
    return configured;
}

Maker::Maker(asio::io_context& ctx, store::OrderStore& orders, const bridge::RouteTable& routes,
             balance::BalanceService& balances, std::map<std::int64_t, chain::Address> depositors,
             chain::PrivateKey key, MakerOptions options, swap::SwapService* swap)
    : ctx_(ctx),
      orders_(orders),
      routes_(routes),
      balances_(balances),
      swap_(swap),
      depositors_(std::move(depositors)),
      key_(std::move(key)),
      address_(key_.address()),
      options_(std::move(options)) {
    std::array<char, 256> host{};
    gethostname(host.data(), host.size() - 1);
    holder_ = std::string(host.data()) + ":" + std::to_string(getpid()) + ":" +
              std::to_string(std::random_device{}() % 1000000);
}

void Maker::add_side(std::unique_ptr<ChainSide> side) {
    auto id = side->chain_id();
    sides_[id] = std::move(side);
}

void Maker::wake_payer(std::int64_t chain_id) {
    if (auto it = pay_wake_.find(chain_id); it != pay_wake_.end()) it->second->notify();
}

void Maker::start(const std::vector<std::int64_t>& evm_chain_ids) {
    // The EVM chains get the EVM side; a chain without a reachable RPC is neither watched nor
    // paid on (said once here).
    for (auto id : evm_chain_ids) {
        if (sides_.count(id)) continue;
        if (!depositors_.contains(id)) {
            spdlog::warn("maker: no watcher for chain {}: the profile deploys no Depositor there",
                         id);
        } else if (auto* rpc = balances_.rpc(id)) {
            sides_[id] = std::make_unique<EvmSide>(*this, id, *rpc);
        } else {
            spdlog::warn("maker: no watcher for chain {}: {}", id,
                         balances_.unreachable_reason(id));
        }
    }
    std::vector<std::int64_t> chain_ids;
    for (const auto& [id, side] : sides_) chain_ids.push_back(id);
    chains_.insert(chain_ids.begin(), chain_ids.end());
    lease_wake_ = std::make_unique<Wakeup>(ctx_.get_executor());
    lease_done_ = lease_ended_.get_future();
    asio::co_spawn(ctx_, lease_loop(), [this](const std::exception_ptr& e) {
        lease_ended_.set_value();
        if (!e) return;
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& ex) {
            spdlog::error("maker: the lease loop ended: {}", ex.what());
        }
    });
    for (auto id : chain_ids) {
        watch_wake_[id] = std::make_unique<Wakeup>(ctx_.get_executor());
        pay_wake_[id] = std::make_unique<Wakeup>(ctx_.get_executor());
        published_heads_[id] = std::make_unique<std::atomic<std::uint64_t>>(0);
    }
    for (auto id : chain_ids) {
        auto on_error = [id](const std::exception_ptr& e) {
            if (!e) return;
            try {
                std::rethrow_exception(e);
            } catch (const std::exception& ex) {
                spdlog::error("maker: loop of chain {} ended: {}", id, ex.what());
            }
        };
        asio::co_spawn(ctx_, leader_loop(id, Role::watcher, *sides_.at(id)), on_error);
        asio::co_spawn(ctx_, leader_loop(id, Role::payer, *sides_.at(id)), on_error);
        // New heads from the chain's follower, which has read the block when it calls (so the
        // watcher's reads of it are answered without asking the node again).
        if (auto* follower = balances_.is_evm_chain(id) ? balances_.follower(id) : nullptr) {
            auto subscription = follower->subscribe([this, id](const chain::rpc::Head& h) {
                asio::post(ctx_, [this, id, h] { on_head(id, h); });
            });
            followed_.emplace_back(follower, subscription);
            continue;
        }
        // Without one: new heads pushed over a WebSocket where the node offers one; polling
        // covers the rest.
        auto* rpc = balances_.is_evm_chain(id) ? balances_.rpc(id) : nullptr;
        if (!options_.head_feed || !rpc || rpc->urls().empty()) continue;
        auto feed = std::make_unique<chain::rpc::HeadFeed>(
            rpc->urls().front(), [this, id](const chain::rpc::Head& h) { on_head(id, h); });
        if (!feed->usable()) continue;
        asio::co_spawn(ctx_, feed->run(), on_error);
        feeds_.push_back(std::move(feed));
    }
    std::string confirmations;
    for (auto id : chain_ids) {
        confirmations += (confirmations.empty() ? "" : ", ") + std::to_string(id) + ": " +
                         std::to_string(options_.confirmations.for_chain(id)) + "/" +
                         std::to_string(options_.large_confirmations.for_chain(id));
    }
    spdlog::info("maker {} watching and paying on {} chains (confirmations/large: {})",
                 address_.lower_hex(), chain_ids.size(), confirmations);
}

void Maker::stop() {
    stopping_ = true;
    for (auto& feed : feeds_) feed->stop();
    for (auto& [follower, subscription] : followed_) follower->unsubscribe(subscription);
    followed_.clear();
    // The lease loop hands the lease back so another instance takes over at once; waited for
    // here (on the stopping thread, not an I/O thread) before the contexts stop.
    if (!lease_wake_) return;
    asio::post(ctx_, [this] { lease_wake_->notify(); });
    if (lease_done_.wait_for(std::chrono::seconds(3)) != std::future_status::ready)
        spdlog::warn("maker: the lease was not handed back in 3 s; it expires by itself");
}

Task<void> Maker::leader_loop(std::int64_t chain_id, Role role, ChainSide& side) {
    auto& wake = role == Role::watcher ? *watch_wake_.at(chain_id) : *pay_wake_.at(chain_id);
    const char* name = role == Role::watcher ? "watcher" : "payer";
    int failures = 0;
    bool woken = false;
    while (!stopping_) {
        if (!leading_) {  // another instance leads; this one waits to be elected
            woken = co_await wake.wait(options_.poll);
            continue;
        }
        try {
            if (role == Role::watcher)
                co_await side.watch_round(woken);
            else
                co_await side.pay_round(woken);
            failures = 0;
        } catch (const store::LeaseLost& e) {
            if (role == Role::payer) {
                spdlog::warn("maker: payer of chain {} stops: {}", chain_id, e.what());
                depose();
            } else if (failures++ == 0) {
                spdlog::warn("maker: watcher of chain {}: {}", chain_id, e.what());
            }
        } catch (const std::exception& e) {
            // A node that is down is retried every poll; logged once per outage, not per poll.
            if (failures++ == 0)
                spdlog::warn("maker: {} of chain {}: {}", name, chain_id, e.what());
        }
        woken = co_await wake.wait(options_.poll);
    }
}

Task<void> Maker::lease_loop() {
    using namespace std::chrono;
    auto now_ms = [] {
        return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    };
    auto renewed = steady_clock::now();
    while (!stopping_) {
        try {
            // Decided by the lease's token and expiry alone: a holder's name proves nothing of
            // its process (another machine may have the same hostname, and any pid).
            auto taken = co_await orders_.take_lease(holder_, now_ms(), options_.lease_ttl.count());
            if (taken && (!lease_ || lease_->token != taken->token)) elect(*taken);
            if (!taken && lease_) depose();
            if (taken) renewed = steady_clock::now();
        } catch (const std::exception& e) {
            // The database is unreachable: keep leading only while the lease surely runs.
            spdlog::warn("maker: lease not renewed: {}", e.what());
            if (lease_ && steady_clock::now() - renewed > options_.lease_ttl - options_.lease_renew)
                depose();
        }
        co_await lease_wake_->wait(options_.lease_renew);
    }
    if (!lease_) co_return;
    auto lease = *lease_;
    depose();
    try {
        co_await orders_.release_lease(std::move(lease));
    } catch (const std::exception& e) {
        spdlog::warn("maker: lease not released (it expires by itself): {}", e.what());
    }
}

void Maker::elect(const store::Lease& lease) {
    // What this instance remembered from an earlier term may be stale: another leader paid since.
    nonce_floor_.clear();
    cursors_.clear();
    fees_.clear();
    held_.clear();
    refusals_.clear();
    last_broadcast_.clear();
    for (auto& [id, side] : sides_) side->forget();
    lease_ = lease;
    leading_ = true;
    spdlog::info("maker: this instance ({}) leads, lease {}", holder_, lease.token);
    for (auto& [id, wake] : watch_wake_) wake->notify();
    for (auto& [id, wake] : pay_wake_) wake->notify();
}

void Maker::depose() {
    if (!lease_) return;
    spdlog::warn("maker: this instance ({}) no longer leads", holder_);
    lease_.reset();
    leading_ = false;
}

std::map<std::int64_t, std::uint64_t> Maker::last_blocks() const {
    std::map<std::int64_t, std::uint64_t> out;
    for (const auto& [id, number] : published_heads_) out[id] = number->load();
    return out;
}

void Maker::publish_head(std::int64_t chain_id, std::uint64_t number) {
    if (auto it = published_heads_.find(chain_id); it != published_heads_.end())
        it->second->store(number);
}

void Maker::on_head(std::int64_t chain_id, const chain::rpc::Head& head) {
    auto& seen = heads_[chain_id];
    // A lower or equal number with another hash is a reorganisation: taken as the head too.
    if (head.number == seen.number && head.hash == seen.hash) return;
    seen = {head.number, head.hash, std::chrono::steady_clock::now()};
    publish_head(chain_id, head.number);
    watch_wake_.at(chain_id)->notify();
}

Task<void> Maker::sleep(std::chrono::milliseconds d) {
    asio::steady_timer timer(co_await asio::this_coro::executor, d);
    co_await timer.async_wait(asio::use_awaitable);
}

}  // namespace perch::maker
