#include "rewards/service.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>

#include "chain/rpc/eth.hpp"
#include "chain/rpc/http_endpoint.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "rewards/checkin.hpp"
#include "rewards/planner.hpp"
#include "rewards/rules.hpp"

namespace perch::rewards {
namespace json = boost::json;

namespace {

Task<void> sleep_for(std::chrono::milliseconds d) {
    boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor, d);
    co_await timer.async_wait(boost::asio::use_awaitable);
}

// What a completed order is worth for its points: the deposit at the server's price now (the
// consumer credits an order within a poll of its completion), else at the config's fixed price.
OrderValue order_value(const store::CompletedOrder& order, const price::PriceTable& live,
                       const std::map<std::string, double>& fixed, const BridgeValueRule& rule) {
    auto usd = live.of(order.token);
    if (!usd)
        if (auto it = fixed.find(order.token); it != fixed.end()) usd = it->second;
    if (!usd)
        spdlog::warn("rewards: no USD price for {}: order {} earns the minimum", order.token,
                     order.order_key);
    return {value_cents(order.amount, static_cast<unsigned>(order.decimals), usd.value_or(0)),
            rule};
}

}  // namespace

RewardsService::RewardsService(store::RewardsStore& store, RewardsCatalog& catalog,
                               const chain::rpc::ChainRegistry& chains, RewardsOptions options)
    : store_(store), catalog_(catalog), chains_(chains), options_(std::move(options)) {
    if (!options_.social_verifier_url.empty()) {
        auto base = options_.social_verifier_url;
        while (!base.empty() && base.back() == '/') base.pop_back();
        verifier_ = std::make_unique<chain::rpc::HttpEndpoint>(base + "/verify");
    }
}

RewardsService::~RewardsService() = default;

Task<store::CheckInOutcome> RewardsService::check_in(std::string user, std::int64_t chain_id,
                                                     std::string tx_hash) {
    const CheckInContract* contract = nullptr;
    for (const auto& c : options_.checkin_contracts)
        if (c.chain_id == chain_id) contract = &c;
    if (!contract) {
        throw bad_request("chain " + std::to_string(chain_id) + " has no check-in contract");
    }
    auto hash = chain::Hash32::from_hex(tx_hash);
    if (!hash || tx_hash.size() != 66) throw bad_request("'hash' must be a 0x transaction hash");
    auto receipt =
        co_await mined_receipt(chain_id, *hash, "the check-in chain", "check-in transaction");
    const int today = utc_date(unix_now());
    auto check = check_checkin_receipt(receipt, *chain::Address::from_hex(contract->address),
                                       *chain::Address::from_hex(user), today);
    if (check.problem) throw bad_request(*check.problem);
    store::CheckInRequest request{user, check.date, chain_id, text::to_lower(tx_hash), unix_now()};
    store::CheckInPlanner planner = plan_checkin;
    auto outcome = co_await store_.record_checkin(std::move(request), std::move(planner));
    if (outcome.status == store::CheckInOutcome::Status::duplicate_tx)
        throw ApiError(ErrorKind::conflict, "this check-in transaction was already credited");
    if (outcome.status == store::CheckInOutcome::Status::already_checked_in)
        throw ApiError(ErrorKind::conflict, "this wallet already checked in today");
    co_return outcome;
}

Task<json::object> RewardsService::mined_receipt(std::int64_t chain_id, const chain::Hash32& hash,
                                                 const std::string& chain_name,
                                                 const std::string& tx_name) {
    auto* rpc = chains_.find(chain_id);
    if (!rpc) {
        throw ApiError(ErrorKind::unavailable, chain_name + " cannot be reached",
                       chains_.unreachable_reason(chain_id));
    }
    chain::rpc::Eth eth(*rpc);
    // A transaction the node has never heard of is a wrong hash (or another chain's): said after a
    // short grace for propagation, not after the whole wait for mining.
    constexpr auto kUnknownGrace = std::chrono::seconds(3);
    const auto started = std::chrono::steady_clock::now();
    const auto deadline = started + options_.receipt_wait;
    while (true) {
        std::optional<json::object> receipt, pending;
        try {
            receipt = co_await eth.get_transaction_receipt(hash);
            if (!receipt) pending = co_await eth.get_transaction_by_hash(hash);
        } catch (const chain::rpc::RpcError& e) {
            throw ApiError(ErrorKind::unavailable, chain_name + " cannot be reached", e.what());
        }
        if (receipt) co_return std::move(*receipt);
        const auto now = std::chrono::steady_clock::now();
        if (!pending && now - started >= kUnknownGrace)
            throw bad_request("the " + tx_name + " is not known on " +
                              (chain_name.starts_with("the ") ? chain_name.substr(4) : chain_name));
        if (now >= deadline) throw bad_request("the " + tx_name + " is not mined yet; try again");
        co_await sleep_for(std::chrono::milliseconds(500));
    }
}

Task<DeploymentOutcome> RewardsService::record_deployment(std::int64_t chain_id,
                                                          std::string tx_hash) {
    auto hash = chain::Hash32::from_hex(tx_hash);
    if (!hash || tx_hash.size() != 66) throw bad_request("'tx_hash' must be a 0x transaction hash");
    const std::string chain_name = "chain " + std::to_string(chain_id);
    auto receipt = co_await mined_receipt(chain_id, *hash, chain_name, "deployment transaction");
    auto check = check_deployment_receipt(receipt);
    if (check.problem) throw bad_request(*check.problem);
    std::optional<json::object> tx;
    // The deployment counts at its block's time, not when it is reported: a contract deployed
    // before a campaign opened and reported during it is outside the campaign's window.
    std::int64_t deployed_at = 0;
    try {
        chain::rpc::Eth eth(*chains_.find(chain_id));
        tx = co_await eth.get_transaction_by_hash(*hash);
        auto block = co_await eth.get_block_by_number(
            chain::rpc::quantity_hex(static_cast<std::uint64_t>(check.block_number)), false);
        if (block.is_object() && block.as_object().contains("timestamp"))
            deployed_at = static_cast<std::int64_t>(
                chain::rpc::quantity_u64(block.as_object().at("timestamp")));
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, chain_name + " cannot be reached", e.what());
    }
    if (deployed_at == 0)
        throw ApiError(ErrorKind::unavailable,
                       chain_name + " does not have the block yet; try again",
                       "block " + std::to_string(check.block_number) + " missing");
    const auto* input = tx ? tx->if_contains("input") : nullptr;
    DeploymentOutcome out;
    out.deployment = {check.deployer,
                      chain_id,
                      text::to_lower(tx_hash),
                      check.contract,
                      template_of(input && input->is_string() ? std::string_view(input->as_string())
                                                              : std::string_view(),
                                  options_.deploy.templates),
                      check.block_number,
                      deployed_at};
    out.recorded_now = co_await store_.record_deployment(out.deployment);
    // Credited after the record, idempotently: a retry after a failure here credits then.
    const auto points = options_.deploy.points_per_network;
    if (points > 0) {
        store::Credit credit{check.deployer, "campaign", points,
                             deploy_credit_source(chain_id, check.deployer)};
        if (co_await store_.credit(std::move(credit), unix_now())) out.points_credited = points;
    }
    out.points_credited += co_await credit_deploy_tasks(check.deployer);
    co_return out;
}

Task<std::int64_t> RewardsService::credit_deploy_tasks(std::string user) {
    constexpr int kCounted = 1000;  // far more deployments than any task asks for
    auto list = co_await store_.deployments_of(user, kCounted);
    std::vector<DeploymentRecord> records;
    records.reserve(list.size());
    for (const auto& d : list) records.push_back({d.chain_id, d.created_at});
    auto snap = catalog_.snapshot();
    std::int64_t credited = 0;
    for (const auto& c : snap->campaigns) {
        if (c.status != 1 || c.invisible) continue;  // hidden campaigns credit nothing
        auto progress = campaign_progress(c, {}, records);
        for (std::size_t i = 0; i < c.tasks.size(); ++i) {
            const auto& task = c.tasks[i];
            if (!task.is_deploy() || !progress.tiers_reached[i] || task.points <= 0) continue;
            store::Credit credit{user, "campaign", task.points,
                                 campaign_tier_source(c.id, i, user)};
            if (co_await store_.credit(std::move(credit), unix_now())) credited += task.points;
        }
    }
    co_return credited;
}

Task<bool> RewardsService::verify_social(std::string platform, std::string subject,
                                         std::string user) {
    if (!verifier_) {
        throw ApiError(ErrorKind::unavailable, "social tasks cannot be verified right now",
                       "no social_verifier_url configured");
    }
    auto body =
        json::serialize(json::object{{"platform", platform}, {"subject", subject}, {"user", user}});
    std::string answer;
    try {
        answer = co_await verifier_->post(std::move(body), std::chrono::seconds(10));
    } catch (const std::exception& e) {
        throw ApiError(ErrorKind::unavailable, "social tasks cannot be verified right now",
                       std::string("verifier: ") + e.what());
    }
    json::error_code ec;
    auto doc = json::parse(answer, ec);
    if (ec || !doc.is_object() || !doc.as_object().contains("ok") ||
        !doc.as_object().at("ok").is_bool()) {
        throw ApiError(ErrorKind::unavailable, "social tasks cannot be verified right now",
                       "verifier answered: " + answer.substr(0, 200));
    }
    co_return doc.as_object().at("ok").as_bool();
}

Task<void> RewardsService::load_overrides() {
    auto rows = co_await store_.config_overrides();
    std::vector<RewardsCatalog::Entry> entries;
    std::vector<const store::ConfigOverride*> sources;  // the row of each entry, for the warnings
    for (const auto& row : rows) {
        json::error_code ec;
        auto doc = json::parse(row.body, ec);
        if (ec || !doc.is_object()) {
            spdlog::warn("rewards: stored {} {} ignored: not a JSON object", row.kind, row.id);
            continue;
        }
        entries.push_back({row.kind, std::move(doc.as_object())});
        sources.push_back(&row);
    }
    auto errors = catalog_.put_many(entries);
    for (std::size_t i = 0; i < errors.size(); ++i) {
        if (errors[i])
            spdlog::warn("rewards: stored {} {} ignored: {}", sources[i]->kind, sources[i]->id,
                         *errors[i]);
    }
}

Task<store::ConsumeResult> RewardsService::consume_once() {
    auto snapshot = catalog_.snapshot();
    auto live = prices_ ? prices_->current() : std::make_shared<const price::PriceTable>();
    // Valued inside the store's transaction that credits the points and keeps the value with
    // them: a replay finds the credit made and adds nothing, whatever the price is by then.
    store::OrderPlanner planner = [snapshot, live, fixed = fixed_prices_,
                                   rule = options_.bridge_value](const store::OrderContext& ctx) {
        return plan_order(ctx, order_value(ctx.order, *live, fixed, rule), snapshot->campaigns);
    };
    co_return co_await store_.consume_completed_orders(std::move(planner), 200, unix_now());
}

Task<void> RewardsService::consume_loop(std::chrono::milliseconds interval) {
    spdlog::info("rewards: bridge consumer started (every {} ms)", interval.count());
    auto reloaded = std::chrono::steady_clock::now();
    while (!stopping_) {
        // Admin edits made through another instance on the same database: read again every 5 s.
        if (std::chrono::steady_clock::now() - reloaded >= kOverridesReload) {
            reloaded = std::chrono::steady_clock::now();
            try {
                co_await load_overrides();
            } catch (const std::exception& e) {
                spdlog::warn("rewards: campaign edits not reloaded: {}", e.what());
            }
        }
        try {
            auto r = co_await consume_once();
            if (r.orders > 0) {
                spdlog::info("rewards: {} completed order(s) read, {} credit(s), cursor {}",
                             r.orders, r.credits, r.cursor);
            }
            if (r.orders >= 200) continue;  // more waiting
        } catch (const std::exception& e) {
            spdlog::error("rewards: bridge consumer pass failed: {}", e.what());
        }
        co_await sleep_for(interval);
    }
}

}  // namespace perch::rewards
