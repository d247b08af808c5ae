#include "faucet/faucet_service.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/json.hpp>
#include <set>

#include "bridge/order.hpp"
#include "bridge/sending.hpp"
#include "chain/rpc/eth.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"

namespace perch::faucet {
namespace asio = boost::asio;
using chain::U256;
using chain::rpc::Eth;

namespace {

constexpr int kListLimit = 50;
constexpr int kBatch = 50;  // claims signed per chain per round

U256 amount_of(const store::FaucetClaim& claim) {
    auto amount = U256::from_dec(claim.amount);
    return amount ? *amount : U256();
}

std::string limit_message(const FaucetNetwork& network, const LastClaims& last,
                          std::int64_t wait_seconds, std::int64_t window_seconds) {
    auto window = std::to_string(window_seconds / 3600) + " hours";
    auto who = last.by_address ? std::string("This wallet has")
                               : std::string("Someone on your network has");
    return who + " already claimed from the " + network.name + " faucet in the last " + window +
           ". Try again in " + format_wait(wait_seconds) + ".";
}

}  // namespace

FaucetService::FaucetService(store::FaucetStore& store, const chain::rpc::ChainRegistry& chains,
                             FaucetOptions options)
    : store_(store), chains_(chains), options_(std::move(options)) {
    if (options_.key) address_ = options_.key->address();
}

FaucetService::~FaucetService() = default;

const FaucetNetwork& FaucetService::network(const std::string& slug) const {
    const auto* n = options_.rules.find(slug);
    if (!n) throw not_found("there is no faucet '" + slug + "'");
    return *n;
}

std::string FaucetService::address() const {
    return address_ ? address_->checksum_hex() : std::string();
}

chain::Address FaucetService::token_of(const FaucetNetwork& network) const {
    if (network.token_address.empty()) return chain::Address{};
    return *chain::Address::from_hex(network.token_address);
}

void FaucetService::add_claim(Spend& spend, const FaucetNetwork& network, const U256& amount,
                              const bridge::Fees& fees) const {
    auto transfer = bridge::transfer_of(token_of(network), *address_, amount);
    spend.add(network.token_address, amount, bridge::native_transfer_cost(transfer, fees));
}

Task<Spend> FaucetService::pending_spend(std::int64_t chain_id, const bridge::Fees& fees,
                                         bool queued_too) {
    Spend spend;
    std::vector<std::string> statuses{"sent"};
    if (queued_too) statuses.emplace_back("queued");
    for (const auto& status : statuses) {
        for (const auto& c : co_await store_.claims_in(chain_id, status, 10000))
            if (const auto* n = options_.rules.find(c.slug))
                add_claim(spend, *n, amount_of(c), fees);
    }
    co_return spend;
}

Task<Holdings> FaucetService::holdings(chain::rpc::RpcClient& rpc, const Spend& spend) {
    Eth eth(rpc);
    Holdings held;
    held.native = co_await eth.get_balance(*address_);
    for (const auto& [token, amount] : spend.tokens) {
        auto call = chain::rpc::erc20_balance_call(*chain::Address::from_hex(token), *address_);
        held.tokens[token] = chain::rpc::quantity(co_await rpc.call(call.method, call.params));
    }
    co_return held;
}

Task<FaucetView> FaucetService::view(const FaucetNetwork& network, std::string user,
                                     std::string client_ip) {
    FaucetView v{&network, {}, false, 0};
    auto since = unix_now() - options_.rules.window_seconds;
    if (!user.empty() || !client_ip.empty()) {
        auto [by_address, by_ip] =
            co_await store_.last_claims(network.slug, user, client_ip, since);
        v.wait_seconds = seconds_until_next_claim({user.empty() ? std::nullopt : by_address, by_ip},
                                                  unix_now(), options_.rules.window_seconds);
    }
    auto* rpc = chains_.find(network.chain_id);
    if (!address_) {
        v.unavailable = "This faucet is not set up on this server.";
    } else if (!network.unavailable.empty()) {
        v.unavailable = network.unavailable;
    } else if (!rpc) {
        v.unavailable = "This server cannot reach " + network.name + ".";
    } else {
        try {
            auto fees = co_await bridge::read_current_fees(*rpc);
            auto spend = co_await pending_spend(network.chain_id, fees, true);
            add_claim(spend, network, network.amount_units, fees);
            v.empty = !covers(co_await holdings(*rpc, spend), spend);
        } catch (const chain::rpc::RpcError& e) {
            spdlog::warn("faucet {}: balance read failed: {}", network.slug, e.what());
            v.unavailable = network.name + " is not answering right now. Try again in a minute.";
        }
    }
    co_return v;
}

Task<store::FaucetClaim> FaucetService::claim(const FaucetNetwork& network, std::string user,
                                              std::string client_ip) {
    auto v = co_await view(network, user, client_ip);
    if (!v.unavailable.empty()) throw ApiError(ErrorKind::unavailable, v.unavailable);
    if (v.empty)
        throw ApiError(ErrorKind::unavailable,
                       "The " + network.name + " faucet is empty right now. Try again later.");
    auto now = unix_now();
    store::NewClaim request{
        {0, network.slug, network.chain_id, user, client_ip, network.amount_units.to_dec(),
         "queued", std::nullopt, "", "", "", now, now, 0},
        now - options_.rules.window_seconds};
    auto admission = co_await store_.add_claim(std::move(request));
    if (!admission.added) {
        LastClaims last{admission.last_by_address, admission.last_by_ip};
        auto wait = seconds_until_next_claim(last, now, options_.rules.window_seconds);
        throw ApiError(ErrorKind::too_many_requests,
                       limit_message(network, last, wait, options_.rules.window_seconds));
    }
    if (ctx_) {
        asio::post(*ctx_, [this, chain_id = network.chain_id] {
            auto it = senders_.find(chain_id);
            if (it != senders_.end()) it->second.wake->notify();
        });
    }
    co_return *admission.added;
}

Task<std::vector<store::FaucetClaim>> FaucetService::claims_of(std::string user) {
    co_return co_await store_.claims_of(std::move(user), kListLimit);
}

void FaucetService::start(asio::io_context& ctx) {
    if (!address_) return;
    ctx_ = &ctx;
    std::set<std::int64_t> chain_ids;
    for (const auto& n : options_.rules.networks) chain_ids.insert(n.chain_id);
    for (auto id : chain_ids) {
        auto* rpc = chains_.find(id);
        if (!rpc) {
            spdlog::warn("faucet: chain {} is unreachable here ({}); its faucet stays closed", id,
                         chains_.unreachable_reason(id));
            continue;
        }
        auto& sender = senders_[id];
        sender.rpc = rpc;
        sender.wake = std::make_unique<Wakeup>(ctx.get_executor());
    }
    for (auto& [id, sender] : senders_) asio::co_spawn(ctx, send_loop(id), asio::detached);
    spdlog::info("faucet {} sends on {} chain(s)", address_->checksum_hex(), senders_.size());
}

void FaucetService::stop() {
    stopping_ = true;
    if (!ctx_) return;
    asio::post(*ctx_, [this] {
        for (auto& [id, sender] : senders_) sender.wake->notify();
    });
}

Task<void> FaucetService::send_loop(std::int64_t chain_id) {
    auto& sender = senders_.at(chain_id);
    while (!stopping_) {
        try {
            co_await follow_sent(chain_id, sender);
            co_await sign_queued(chain_id, sender);
        } catch (const std::exception& e) {
            // The next round starts over from the store and the node.
            spdlog::warn("faucet on chain {}: {}", chain_id, e.what());
            sender.next_nonce.reset();
        }
        co_await sender.wake->wait(options_.poll);
    }
}

Task<void> FaucetService::follow_sent(std::int64_t chain_id, Sender& sender) {
    auto sent = co_await store_.claims_in(chain_id, "sent", kBatch);
    Eth eth(*sender.rpc);
    auto now = std::chrono::steady_clock::now();
    for (const auto& claim : sent) {
        auto receipt =
            co_await eth.get_transaction_receipt(*chain::Hash32::from_hex(claim.tx_hash));
        if (receipt) {
            const auto* status = receipt->if_contains("status");
            if (status && status->is_string() && status->as_string() == "0x1") {
                co_await store_.mark_done(claim.id, unix_now());
            } else {
                co_await store_.mark_failed(claim.id, "The transfer failed on chain.", unix_now());
            }
            sender.broadcast_at.erase(claim.id);
            continue;
        }
        auto it = sender.broadcast_at.find(claim.id);
        if (it == sender.broadcast_at.end() || now - it->second >= options_.rebroadcast_every)
            co_await broadcast(sender, claim);  // after a restart, or forgotten by the node
    }
}

Task<void> FaucetService::sign_queued(std::int64_t chain_id, Sender& sender) {
    auto queued = co_await store_.claims_in(chain_id, "queued", kBatch);
    if (queued.empty()) co_return;
    Eth eth(*sender.rpc);
    if (!sender.next_nonce) {
        auto pending = co_await eth.get_transaction_count(*address_, "pending");
        auto stored = co_await store_.max_nonce(chain_id);
        sender.next_nonce = stored ? std::max(pending, *stored + 1) : pending;
    }
    auto fees = co_await bridge::read_current_fees(*sender.rpc);
    auto spend = co_await pending_spend(chain_id, fees, false);
    Spend everything = spend;  // what the balances must be read for: the queued claims' assets too
    for (const auto& claim : queued)
        if (const auto* n = options_.rules.find(claim.slug))
            add_claim(everything, *n, amount_of(claim), fees);
    auto held = co_await holdings(*sender.rpc, everything);
    for (const auto& claim : queued) {
        auto to = chain::Address::from_hex(claim.address);
        const auto* network = options_.rules.find(claim.slug);
        if (!to || !network) {
            co_await store_.mark_failed(claim.id, "The claim is not valid any more.", unix_now());
            continue;
        }
        auto transfer = bridge::transfer_of(token_of(*network), *to, amount_of(claim));
        auto with_this = spend;
        add_claim(with_this, *network, amount_of(claim), fees);
        if (!covers(held, with_this)) {
            co_await store_.mark_failed(
                claim.id, "The faucet ran out before your claim was sent. Try again later.",
                unix_now());
            continue;
        }
        auto tx = bridge::transaction_for(transfer, static_cast<std::uint64_t>(chain_id),
                                          *sender.next_nonce, fees);
        chain::sign_transaction(tx, *options_.key);
        auto raw = chain::to_hex(chain::encode_transaction(tx));
        auto hash = chain::transaction_hash(tx).hex();
        // Stored before it is sent: a crash from here on re-broadcasts this very transaction.
        if (!co_await store_.store_signed(claim.id, *sender.next_nonce, raw, hash, unix_now()))
            continue;
        ++*sender.next_nonce;
        spend = std::move(with_this);
        auto signed_claim = claim;
        signed_claim.raw_tx = std::move(raw);
        signed_claim.tx_hash = std::move(hash);
        co_await broadcast(sender, signed_claim);
    }
}

Task<void> FaucetService::broadcast(Sender& sender, const store::FaucetClaim& claim) {
    sender.broadcast_at[claim.id] = std::chrono::steady_clock::now();
    auto raw = chain::from_hex(claim.raw_tx);
    if (!raw) co_return;
    try {
        co_await Eth(*sender.rpc).send_raw_transaction(std::move(*raw));
    } catch (const chain::rpc::RpcError& e) {
        if (!bridge::already_sent(e.what()))
            spdlog::warn("faucet claim {}: broadcast refused ({}); it is sent again later",
                         claim.id, e.what());
    }
}

}  // namespace perch::faucet
