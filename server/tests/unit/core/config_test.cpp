#include "core/config.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>
#include <map>

#include "core/error.hpp"

using namespace perch;

namespace {

EnvLookup env_of(std::map<std::string, std::string> vars) {
    return [vars = std::move(vars)](const char* name) -> std::optional<std::string> {
        auto it = vars.find(name);
        if (it == vars.end()) return std::nullopt;
        return it->second;
    };
}

Config parse(std::string_view text, std::map<std::string, std::string> env = {}) {
    return parse_config(boost::json::parse(text), env_of(std::move(env)));
}

std::string error_of(std::string_view text, std::map<std::string, std::string> env = {}) {
    try {
        parse(text, std::move(env));
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(Config, DefaultsWhenEmpty) {
    auto c = parse("{}");
    EXPECT_EQ(c.port, 8080);
    EXPECT_EQ(c.limits.body_bytes, 1U << 20);
    EXPECT_EQ(c.database_url, "sqlite:data/perch.db");
}

TEST(Config, FileValuesThenEnvironmentOverrides) {
    auto c = parse(
        R"({"port": 9000, "trusted_proxies": ["10.0.0.0/8"], "limits": {"body_bytes": 4096}})",
        {{"PERCH_PORT", "9100"}, {"PERCH_CORS_ORIGINS", "http://a.test, http://b.test"}});
    EXPECT_EQ(c.port, 9100);
    EXPECT_EQ(c.trusted_proxies, std::vector<std::string>{"10.0.0.0/8"});
    EXPECT_EQ(c.cors_origins, (std::vector<std::string>{"http://a.test", "http://b.test"}));
    EXPECT_EQ(c.limits.body_bytes, 4096U);
}

TEST(Config, RpcCallsHaveATimeoutAndAttempts) {
    auto defaults = parse("{}", {});
    EXPECT_EQ(defaults.rpc.timeout, std::chrono::milliseconds(3000));
    EXPECT_EQ(defaults.rpc.attempts, 2);
    auto c = parse(R"({"rpc": {"timeout_ms": 800, "attempts": 1}})", {});
    EXPECT_EQ(c.rpc.timeout, std::chrono::milliseconds(800));
    EXPECT_EQ(c.rpc.attempts, 1);
    EXPECT_NE(error_of(R"({"rpc": {"attempts": 0}})").find("'rpc.attempts'"), std::string::npos);
    EXPECT_NE(error_of(R"({"rpc": {"timeout": 1}})").find("'rpc.timeout'"), std::string::npos);
}

TEST(Config, ErrorsNameTheKey) {
    EXPECT_NE(error_of(R"({"port": "x"})").find("'port'"), std::string::npos);
    EXPECT_NE(error_of(R"({"port": 70000})").find("'port'"), std::string::npos);
    EXPECT_NE(error_of(R"({"prot": 1})").find("'prot'"), std::string::npos);
    EXPECT_NE(error_of(R"({"limits": {"body_bytes": 1}})").find("'limits.body_bytes'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"database_url": "mysql://x"})").find("'database_url'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"cors_origins": ["ftp://x"]})").find("'cors_origins'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"log_level": "loud"})").find("'log_level'"), std::string::npos);
    EXPECT_NE(error_of("{}", {{"PERCH_THREADS", "-1"}}).find("'PERCH_THREADS'"), std::string::npos);
    EXPECT_NE(error_of("[]").find("JSON object"), std::string::npos);
}

TEST(Config, WalletConnectProjectIdIsOptionalAndChecked) {
    EXPECT_EQ(parse("{}").walletconnect_project_id, "");
    EXPECT_EQ(parse(R"({"walletconnect_project_id": "0123456789abcdef0123456789abcdef"})")
                  .walletconnect_project_id,
              "0123456789abcdef0123456789abcdef");
    EXPECT_EQ(
        parse("{}", {{"PERCH_WALLETCONNECT_PROJECT_ID", "perch-e2e"}}).walletconnect_project_id,
        "perch-e2e");
    EXPECT_NE(error_of(R"({"walletconnect_project_id": "a b"})").find("'walletconnect_project_id'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"walletconnect_project_id": "x';script-src *"})")
                  .find("'walletconnect_project_id'"),
              std::string::npos);
}

TEST(Config, MakerIsOffUnlessConfiguredAndEnvironmentCanSwitchIt) {
    EXPECT_FALSE(parse("{}").maker.enabled);
    auto c = parse(R"({"maker": {"enabled": true, "confirmations": 2, "poll_ms": 50}})");
    EXPECT_TRUE(c.maker.enabled);
    EXPECT_EQ(c.maker.confirmations.for_chain(1), 2U);
    EXPECT_EQ(c.maker.poll, std::chrono::milliseconds(50));
    auto off = parse(R"({"maker": {"enabled": true}})",
                     {{"PERCH_MAKER", "off"}, {"PERCH_MAKER_CONFIRMATIONS", "6"}});
    EXPECT_FALSE(off.maker.enabled);
    EXPECT_EQ(off.maker.confirmations.for_chain(8453), 6U);
    EXPECT_NE(error_of(R"({"maker": {"confirmations": 0}})").find("'maker.confirmations'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"maker": {"enable": true}})").find("'maker.enable'"), std::string::npos);
    EXPECT_EQ(parse("{}").maker.lease_ttl, std::chrono::milliseconds(5000));
    EXPECT_EQ(parse(R"({"maker": {"lease_ttl_ms": 30000}})").maker.lease_ttl,
              std::chrono::milliseconds(30000));
    // Under three renewals a lease would be lost to one slow renewal.
    EXPECT_NE(error_of(R"({"maker": {"lease_ttl_ms": 2000}})").find("'maker.lease_ttl_ms'"),
              std::string::npos);
    EXPECT_NE(error_of("{}", {{"PERCH_MAKER", "yes"}}).find("'PERCH_MAKER'"), std::string::npos);
}

TEST(Config, MakerGasPolicyIsReadWithItsKeyPaths) {
    auto defaults = parse("{}").maker.gas;
    EXPECT_EQ(defaults.estimate_margin_percent, 20);
    EXPECT_EQ(defaults.bump_percent, 25);
    EXPECT_EQ(defaults.max_fee_gwei, 500U);
    EXPECT_EQ(defaults.stuck_after, std::chrono::milliseconds(120000));
    EXPECT_EQ(defaults.max_gas_limit, 500000U);
    EXPECT_EQ(defaults.unsignable_refund_after, std::chrono::milliseconds(300000));
    auto g = parse(R"({"maker": {"gas": {"estimate_margin_percent": 30, "bump_percent": 10,
        "max_fee_gwei": {"default": 200, "8453": 5}, "stuck_after_ms": 60000,
        "low_balance": {"31337": {"USDC": "1000"}}}}})")
                 .maker.gas;
    EXPECT_EQ(g.estimate_margin_percent, 30);
    EXPECT_EQ(g.bump_percent, 10);
    EXPECT_EQ(g.max_fee_gwei, 200U);
    EXPECT_EQ(g.max_fee_gwei_by_chain.at(8453), 5U);
    EXPECT_EQ(g.stuck_after, std::chrono::milliseconds(60000));
    EXPECT_EQ(g.low_balance.at(31337).at("USDC"), "1000");
    EXPECT_EQ(parse(R"({"maker": {"gas": {"max_fee_gwei": 50}}})").maker.gas.max_fee_gwei, 50U);
    auto l = parse(R"({"maker": {"gas": {"max_gas_limit": {"default": 300000, "42161": 3000000},
        "unsignable_refund_after_ms": 60000}}})")
                 .maker.gas;
    EXPECT_EQ(l.max_gas_limit, 300000U);
    EXPECT_EQ(l.max_gas_limit_by_chain.at(42161), 3000000U);
    EXPECT_EQ(l.unsignable_refund_after, std::chrono::milliseconds(60000));
    EXPECT_EQ(parse(R"({"maker": {"gas": {"max_gas_limit": 90000}}})").maker.gas.max_gas_limit,
              90000U);
    // Below a plain transfer's 21,000 nothing could ever be signed.
    EXPECT_NE(error_of(R"({"maker": {"gas": {"max_gas_limit": 20000}}})")
                  .find("'maker.gas.max_gas_limit'"),
              std::string::npos);
    // Under the nodes' own 10 % a replacement is refused as underpriced.
    EXPECT_NE(
        error_of(R"({"maker": {"gas": {"bump_percent": 5}}})").find("'maker.gas.bump_percent'"),
        std::string::npos);
    EXPECT_NE(error_of(R"({"maker": {"gas": {"max_fee_gwei": {"base": 5}}}})")
                  .find("'maker.gas.max_fee_gwei'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"maker": {"gas": {"margin": 5}}})").find("'maker.gas.margin'"),
              std::string::npos);
}

TEST(Config, MakerOutflowLimitsAreReadWithTheirKeyPaths) {
    auto defaults = parse("{}").maker.outflow;
    EXPECT_EQ(defaults.hour, std::chrono::seconds(3600));
    EXPECT_EQ(defaults.day, std::chrono::seconds(86400));
    EXPECT_TRUE(defaults.caps.empty());
    EXPECT_EQ(defaults.delay_above_usd, 0);
    auto o = parse(R"({"maker": {"outflow": {"hour_seconds": 20, "day_seconds": 60,
        "caps": {"8453:42161:ETH": {"hour": "0.01", "day": "0.02"}, "USDC": {"hour": "500"}},
        "delay_above_usd": 50, "delay_seconds": 15, "pause_net_outflow": {"ETH": "3"},
        "price_disagreement_bps": 300}}})")
                 .maker.outflow;
    EXPECT_EQ(o.hour, std::chrono::seconds(20));
    EXPECT_EQ(o.day, std::chrono::seconds(60));
    EXPECT_EQ(o.caps.at("8453:42161:ETH").hour, "0.01");
    EXPECT_EQ(o.caps.at("8453:42161:ETH").day, "0.02");
    EXPECT_EQ(o.caps.at("USDC").day, "");
    EXPECT_EQ(o.delay_above_usd, 50);
    EXPECT_EQ(o.delay, std::chrono::seconds(15));
    EXPECT_EQ(o.pause_net_outflow.at("ETH"), "3");
    EXPECT_EQ(o.price_disagreement_bps, 300U);
    EXPECT_NE(error_of(R"({"maker": {"outflow": {"caps": {"ETH": {"hours": "1"}}}}})")
                  .find("'maker.outflow.caps.ETH.hours'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"maker": {"outflow": {"hour_seconds": 100, "day_seconds": 50}}})")
                  .find("'maker.outflow.day_seconds'"),
              std::string::npos);
}

TEST(Config, MakerConfirmationsArePerChainOrOneNumber) {
    auto defaults = parse("{}").maker;
    EXPECT_EQ(defaults.confirmations.for_chain(1), 1U);
    EXPECT_EQ(defaults.large_confirmations.for_chain(1), 3U);

    auto plain = parse(R"({"maker": {"confirmations": 4, "large_confirmations": 9}})").maker;
    EXPECT_EQ(plain.confirmations.for_chain(1), 4U);
    EXPECT_EQ(plain.confirmations.for_chain(42161), 4U);
    EXPECT_EQ(plain.large_confirmations.for_chain(8453), 9U);

    auto per_chain = parse(R"({"maker": {"confirmations": {"default": 1, "1": 2},
                                          "large_confirmations": {"1": 12, "8453": 5}}})")
                         .maker;
    EXPECT_EQ(per_chain.confirmations.for_chain(1), 2U);
    EXPECT_EQ(per_chain.confirmations.for_chain(8453), 1U);
    EXPECT_EQ(per_chain.large_confirmations.for_chain(1), 12U);
    EXPECT_EQ(per_chain.large_confirmations.for_chain(8453), 5U);
    EXPECT_EQ(per_chain.large_confirmations.for_chain(42161), 3U) << "no default: the built-in";

    // The environment's single number applies to every chain.
    auto env = parse(R"({"maker": {"confirmations": {"default": 1, "1": 2}}})",
                     {{"PERCH_MAKER_CONFIRMATIONS", "7"}})
                   .maker;
    EXPECT_EQ(env.confirmations.for_chain(1), 7U);
    EXPECT_EQ(env.confirmations.for_chain(10), 7U);

    auto error = [](std::string_view text) { return error_of(text); };
    EXPECT_NE(error(R"({"maker": {"confirmations": {"1": 0}}})").find("'maker.confirmations.1'"),
              std::string::npos);
    EXPECT_NE(error(R"({"maker": {"confirmations": {"base": 2}}})").find("'base'"),
              std::string::npos);
    EXPECT_NE(error(R"({"maker": {"large_confirmations": {"default": "2"}}})")
                  .find("'maker.large_confirmations.default'"),
              std::string::npos);
    EXPECT_NE(error(R"({"maker": {"confirmations": "2"}})").find("'maker.confirmations'"),
              std::string::npos);
}

TEST(Config, MakerConfirmationsMayBeTheChainsSafeOrFinalizedTag) {
    auto tagged = parse(R"({"maker": {"confirmations": {"default": 2, "1": "finalized",
                                                        "8453": "safe"}}})")
                      .maker;
    EXPECT_EQ(tagged.confirmations.tag_for(1), "finalized");
    EXPECT_EQ(tagged.confirmations.tag_for(8453), "safe");
    EXPECT_EQ(tagged.confirmations.tag_for(42161), "");
    EXPECT_EQ(tagged.confirmations.for_chain(1), 1U) << "a tagged chain counts its block only";
    EXPECT_EQ(tagged.confirmations.for_chain(42161), 2U);

    auto every = parse(R"({"maker": {"confirmations": "safe"}})").maker;
    EXPECT_EQ(every.confirmations.tag_for(10), "safe");
    auto by_default =
        parse(R"({"maker": {"confirmations": {"default": "finalized", "42161": 3}}})").maker;
    EXPECT_EQ(by_default.confirmations.tag_for(1), "finalized");
    EXPECT_EQ(by_default.confirmations.tag_for(42161), "") << "a chain's own count wins";
    EXPECT_EQ(by_default.confirmations.for_chain(42161), 3U);

    EXPECT_NE(error_of(R"({"maker": {"confirmations": {"1": "latest"}}})")
                  .find("'maker.confirmations.1'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"maker": {"large_confirmations": "safe"}})")
                  .find("'maker.large_confirmations'"),
              std::string::npos)
        << "only the base count may be a tag";
}

TEST(Config, RateLimitsDefaultAndChangeFieldByField) {
    auto defaults = parse("{}").rate_limits;
    ASSERT_FALSE(defaults.empty());
    EXPECT_EQ(defaults.front().name, "auth");
    EXPECT_GT(defaults.front().per_ip.burst, 0);

    auto c = parse(R"({"rate_limits": {"auth": {"per_ip": {"burst": 2, "per_minute": 6}},
                      "drops": {"paths": ["/api/drops/"], "methods": ["POST"],
                                 "per_address": {"burst": 1, "per_minute": 1}}}})");
    ASSERT_EQ(c.rate_limits.size(), defaults.size() + 1);
    EXPECT_EQ(c.rate_limits.front().per_ip.burst, 2);
    EXPECT_EQ(c.rate_limits.front().per_ip.per_minute, 6);
    EXPECT_EQ(c.rate_limits.front().paths, defaults.front().paths);  // kept
    const auto& drops = c.rate_limits.back();
    EXPECT_EQ(drops.name, "drops");
    EXPECT_EQ(drops.methods, std::vector<std::string>{"POST"});
    EXPECT_EQ(drops.per_address.burst, 1);
    EXPECT_EQ(drops.per_ip.burst, 0);  // no per-IP limit unless configured
}

TEST(Config, RateLimitErrorsNameTheKey) {
    EXPECT_NE(error_of(R"({"rate_limits": {"new": {"per_ip": {"burst": 1, "per_minute": 1}}}})")
                  .find("'rate_limits.new.paths'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"rate_limits": {"auth": {"per_ip": {"burst": -1}}}})")
                  .find("'rate_limits.auth.per_ip.burst'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"rate_limits": {"auth": {"per_ip": {"burst": 5, "per_minute": 0}}}})")
                  .find("'rate_limits.auth.per_ip.per_minute'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"rate_limits": {"auth": {"rate": 1}}})").find("'rate_limits.auth.rate'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"rate_limits": []})").find("'rate_limits'"), std::string::npos);
}

TEST(Config, IndexerIsOffUnlessConfigured) {
    auto c = parse("{}");
    EXPECT_FALSE(c.indexer.enabled);
    c = parse(R"({"indexer": {"enabled": true, "confirmations": 0, "batch_blocks": 20,
                  "poll_ms": 250, "start_block": 7, "chains": [1, 1868]}})");
    EXPECT_TRUE(c.indexer.enabled);
    EXPECT_EQ(c.indexer.confirmations, 0u);
    EXPECT_EQ(c.indexer.batch_blocks, 20u);
    EXPECT_EQ(c.indexer.poll.count(), 250);
    EXPECT_EQ(c.indexer.start_block, 7);
    EXPECT_EQ(c.indexer.chains, (std::vector<std::int64_t>{1, 1868}));
    EXPECT_FALSE(
        parse(R"({"indexer": {"enabled": true}})", {{"PERCH_INDEXER", "off"}}).indexer.enabled);
    EXPECT_NE(error_of(R"({"indexer": {"batch_blocks": 0}})").find("indexer.batch_blocks"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"indexer": {"chain": [1]}})").find("indexer."), std::string::npos);
}

TEST(Config, PricesAndPortfolioDefaultAndParse) {
    auto d = parse("{}");
    EXPECT_EQ(d.prices.source, "fixed");
    EXPECT_EQ(d.prices.fixed.at("USDC"), 1.0);
    EXPECT_EQ(d.portfolio.max_watched, 10000);
    EXPECT_EQ(d.portfolio.expire_days, 30);
    auto c = parse(
        R"({"prices": {"source": "http", "url": "https://prices.example/usd.json", "refresh_ms": 10000,
                       "stale_after_s": 60, "fixed": {"ETH": 2500.5}},
            "portfolio": {"max_watched": 5, "expire_days": 7, "snapshot_every_ms": 5000}})");
    EXPECT_EQ(c.prices.source, "http");
    EXPECT_EQ(c.prices.url, "https://prices.example/usd.json");
    EXPECT_EQ(c.prices.refresh.count(), 10000);
    EXPECT_EQ(c.prices.stale_after_seconds, 60);
    EXPECT_EQ(c.prices.fixed, (std::map<std::string, double>{{"ETH", 2500.5}}));
    EXPECT_EQ(c.portfolio.max_watched, 5);
    EXPECT_EQ(c.portfolio.expire_days, 7);
    EXPECT_EQ(c.portfolio.snapshot_every.count(), 5000);
}

TEST(Config, PriceErrorsNameTheKey) {
    EXPECT_NE(error_of(R"({"prices": {"source": "oracle"}})").find("'prices.source'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"prices": {"source": "http"}})").find("'prices.url'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"prices": {"fixed": {"ETH": "3000"}}})").find("'prices.fixed.ETH'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"prices": {"speed": 1}})").find("'prices.speed'"), std::string::npos);
    EXPECT_NE(error_of(R"({"portfolio": {"expire_days": 0}})").find("'portfolio.expire_days'"),
              std::string::npos);
}

TEST(Config, RewardsValueRuleDefaultsParseAndNameTheKey) {
    auto d = parse("{}");
    EXPECT_EQ(d.rewards.reference_usd, 100);
    EXPECT_EQ(d.rewards.cap_usd, 10000);
    auto c = parse(R"({"rewards": {"reference_usd": 50, "cap_usd": 500}})");
    EXPECT_EQ(c.rewards.reference_usd, 50);
    EXPECT_EQ(c.rewards.cap_usd, 500);
    EXPECT_NE(error_of(R"({"rewards": {"reference_usd": 0}})").find("'rewards.reference_usd'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"rewards": {"cap_usd": 50}})").find("'rewards.cap_usd'"),
              std::string::npos);  // below the reference
    EXPECT_NE(error_of(R"({"rewards": {"cap_usd": 1e12}})").find("'rewards.cap_usd'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"rewards": {"per_bridge": 1}})").find("'rewards.per_bridge'"),
              std::string::npos);
}

TEST(Config, SignInDomainsDefaultToThisServerAndItsCorsOrigins) {
    auto c = parse(R"({"host": "127.0.0.1", "cors_origins": ["http://localhost:5173", "*"]})");
    EXPECT_TRUE(c.public_domains.empty());
    EXPECT_EQ(sign_in_domains(c, 8180),
              (std::vector<std::string>{"127.0.0.1:8180", "localhost:8180", "[::1]:8180",
                                        "localhost:5173"}));
    // On port 80 a browser names the host alone.
    auto on_80 = sign_in_domains(parse(R"({"host": "0.0.0.0"})"), 80);
    EXPECT_NE(std::find(on_80.begin(), on_80.end(), "localhost"), on_80.end());
    // A server bound to one public address: that address only.
    EXPECT_EQ(sign_in_domains(parse(R"({"host": "203.0.113.7"})"), 8080),
              std::vector<std::string>{"203.0.113.7:8080"});
}

TEST(Config, PublicDomainsReplaceTheDefaultsAndTheEnvironmentOverrides) {
    auto c = parse(R"({"public_domains": ["Bridge.Example", "bridge.example:8443"]})");
    EXPECT_EQ(sign_in_domains(c, 8080),
              (std::vector<std::string>{"bridge.example", "bridge.example:8443"}));
    auto env = parse(R"({"public_domains": ["a.example"]})",
                     {{"PERCH_PUBLIC_DOMAINS", "b.example,c.example:444"}});
    EXPECT_EQ(env.public_domains, (std::vector<std::string>{"b.example", "c.example:444"}));
    EXPECT_NE(
        error_of(R"({"public_domains": ["https://bridge.example"]})").find("'public_domains'"),
        std::string::npos);
    EXPECT_NE(error_of(R"({"public_domains": ["bridge.example/app"]})").find("'public_domains'"),
              std::string::npos);
}

TEST(Config, PerClientCapsDefaultAndParse) {
    auto d = parse("{}").limits;
    EXPECT_GT(d.connections_per_ip, 0U);
    EXPECT_GT(d.order_streams_per_ip, 0U);
    EXPECT_GT(d.sign_in_nonces_per_ip, 0U);
    EXPECT_GT(d.sign_in_sessions_per_ip, 0U);
    EXPECT_EQ(d.uncapped_peers, (std::vector<std::string>{"127.0.0.0/8", "::1"}));
    auto c = parse(R"({"limits": {"connections_per_ip": 8, "order_streams_per_ip": 2,
                      "sign_in_nonces_per_ip": 0, "sign_in_sessions_per_ip": 3,
                      "uncapped_peers": []}})");
    EXPECT_EQ(c.limits.connections_per_ip, 8U);
    EXPECT_EQ(c.limits.order_streams_per_ip, 2U);
    EXPECT_EQ(c.limits.sign_in_nonces_per_ip, 0U);
    EXPECT_EQ(c.limits.sign_in_sessions_per_ip, 3U);
    EXPECT_TRUE(c.limits.uncapped_peers.empty());
    EXPECT_NE(
        error_of(R"({"limits": {"connections_per_ip": -1}})").find("'limits.connections_per_ip'"),
        std::string::npos);
}

// A key inside a section is named with its whole path, so the operator finds it in the file.
TEST(Config, NestedErrorsNameTheFullKeyPath) {
    EXPECT_NE(error_of(R"({"solana": {"maker_key_file": 5}})").find("'solana.maker_key_file'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"prices": {"url": 5}})").find("'prices.url'"), std::string::npos);
    EXPECT_NE(error_of(R"({"rate_limits": {"auth": {"paths": "/api/auth/"}}})")
                  .find("'rate_limits.auth.paths'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"rate_limits": {"auth": {"methods": [1]}}})")
                  .find("'rate_limits.auth.methods'"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"solana": {"commitment": 1}})").find("'solana.commitment'"),
              std::string::npos);
}
