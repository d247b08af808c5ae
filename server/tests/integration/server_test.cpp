// The real perch binary over HTTP: health, reference data, errors, limits, CORS, static files,
// shutdown and configuration failures.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <fstream>
#include <set>

#include "harness.hpp"
#include "test_paths.hpp"

namespace json = boost::json;
using perch::testing::PerchProcess;
using perch::testing::run_perch;

namespace {

json::object parse(const std::string& body) {
    return json::parse(body).as_object();
}

// A tiny built app so static serving is tested without depending on the web build.
std::string make_web_root(const std::filesystem::path& dir) {
    auto root = dir / "dist";
    std::filesystem::create_directories(root / "assets");
    std::ofstream(root / "index.html") << "<!doctype html><title>Perch</title><div id=root></div>";
    std::ofstream(root / "assets" / "app-3f2a1b.js") << std::string(4096, 'x');
    return root.string();
}

// A tiny built app in a temp directory of its own, removed with it; config() points perch at it.
struct TempWebRoot {
    explicit TempWebRoot(const std::string& name)
        : dir(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))),
          root(make_web_root(dir)) {}
    ~TempWebRoot() { std::filesystem::remove_all(dir); }
    TempWebRoot(const TempWebRoot&) = delete;
    TempWebRoot& operator=(const TempWebRoot&) = delete;
    std::string config() const { return "\"web_root\": \"" + root + "\""; }

    std::filesystem::path dir;
    std::string root;
};

std::int64_t count_rows(const perch::testing::TestDatabase& db, const char* sql) {
    auto rows = db.column(sql);
    return rows.empty() ? -1 : std::stoll(rows.front());
}

}  // namespace

TEST(Server, HealthReportsSchemaVersion) {
    PerchProcess perch;
    auto res = perch.get("/api/health");
    ASSERT_EQ(res.status, 200);
    auto body = parse(res.body);
    EXPECT_EQ(body.at("code").as_int64(), 0);
    EXPECT_EQ(body.at("data").at("status").as_string(), "ok");
    EXPECT_GE(body.at("data").at("schema_version").as_int64(), 1);
}

TEST(Server, AllChainsHasSpecIdsAndFields) {
    PerchProcess perch;
    auto res = perch.get("/api/bridge_api/v1/get-all-chains");
    ASSERT_EQ(res.status, 200);
    auto body = parse(res.body);
    EXPECT_EQ(body.at("msg").as_string(), "success");
    const auto& list = body.at("data").at("list").as_array();
    EXPECT_GE(list.size(), 80U);
    std::set<std::int64_t> ids;
    for (const auto& c : list) {
        ids.insert(c.at("chain_id").to_number<std::int64_t>());
        for (const char* field :
             {"chain_name", "alias_name", "is_testnet", "explorer_url", "network_code",
              "popular_item_list", "icon", "flags", "disabled", "order", "searchText",
              "native_currency", "rpc_urls", "block_explorers"}) {
            EXPECT_TRUE(c.as_object().contains(field))
                << field << " missing on " << c.at("chain_id");
        }
    }
    for (std::int64_t id :
         {59144,  534351, 204,   5611,      169,      255,      534352,    7000,     195,
          167000, 424,    42766, 22776,     81457,    196,      4200,      1116,     60808,
          7560,   185,    43114, 250,       146,      1868,     2741,      10143,    80094,
          43111,  2345,   54176, 666666666, 83797601, 69677601, 999706684, 66706701, 9889}) {
        EXPECT_TRUE(ids.count(id)) << "chain " << id << " missing";
    }
    EXPECT_FALSE(ids.count(61022));
    EXPECT_FALSE(ids.count(8086));
}

TEST(Server, ChainProfileOverlaysLocalRpcAndTokens) {
    PerchProcess perch(R"("chain_profile": "config/devnet.json")");
    auto chains = parse(perch.get("/api/bridge_api/v1/get-all-chains").body);
    bool found = false;
    for (const auto& c : chains.at("data").at("list").as_array()) {
        if (c.at("chain_id").to_number<std::int64_t>() != 8453) continue;
        found = true;
        EXPECT_EQ(c.at("rpc_urls").as_array().at(0).as_string(), "http://127.0.0.1:8546");
    }
    EXPECT_TRUE(found);
    auto tokens = parse(perch.get("/api/bridge_api/v1/all-tokens").body);
    int devnet_usdc = 0;
    for (const auto& t : tokens.at("data").at("list").as_array()) {
        if (t.at("symbol") == "USDC" && t.at("chainId").to_number<std::int64_t>() == 1868)
            ++devnet_usdc;
    }
    EXPECT_EQ(devnet_usdc, 1);
}

TEST(Server, GzipAndEtagOnReferenceData) {
    PerchProcess perch;
    auto zipped = perch.get("/api/bridge_api/v1/get-all-chains", {{"Accept-Encoding", "gzip, br"}});
    ASSERT_EQ(zipped.status, 200);
    EXPECT_EQ(zipped.headers["content-encoding"], "gzip");
    auto plain = perch.get("/api/bridge_api/v1/get-all-chains");
    EXPECT_LT(zipped.body.size(), plain.body.size() / 3);
    auto again =
        perch.get("/api/bridge_api/v1/get-all-chains", {{"If-None-Match", plain.headers["etag"]}});
    EXPECT_EQ(again.status, 304);
    EXPECT_TRUE(again.body.empty());
}

TEST(Server, EcosystemDirectoryFromConfig) {
    PerchProcess perch;
    auto res = perch.get("/api/ecosystem_api/v1/directory", {{"Accept-Encoding", "gzip"}});
    EXPECT_EQ(res.status, 200);
    EXPECT_EQ(res.headers["content-encoding"], "gzip");
    auto plain = perch.get("/api/ecosystem_api/v1/directory");
    auto data = parse(plain.body).at("data").as_object();
    EXPECT_GE(data.at("projects").as_array().size(), 10U);
    const auto& first = data.at("projects").as_array().at(0).as_object();
    for (const char* key : {"name", "category", "networks", "link", "text"})
        EXPECT_TRUE(first.contains(key)) << key;
}

TEST(Server, TokensAndExchanges) {
    PerchProcess perch;
    auto tokens = parse(perch.get("/api/bridge_api/v1/all-tokens").body);
    EXPECT_GT(tokens.at("data").at("list").as_array().size(), 10U);
    auto exchanges = perch.post("/api/bridge_api/v1/get_all_exchange_infos", "{}");
    ASSERT_EQ(exchanges.status, 200);
    bool binance = false;
    auto exchange_body = parse(exchanges.body);
    for (const auto& e : exchange_body.at("data").at("list").as_array()) {
        if (e.at("id").to_number<std::int64_t>() == 11) binance = true;
    }
    EXPECT_TRUE(binance) << "exchange id 11 (BTC's only exchange) missing";
}

TEST(Server, ChannelByDomain) {
    PerchProcess perch;
    auto main = parse(
        perch.get("/api/bridge_api/v1/getChannelIDByDomainName?domain_name=127.0.0.1:8080").body);
    EXPECT_EQ(main.at("data").at("channel_id").as_int64(), 98675412);
    EXPECT_FALSE(main.at("data").at("powered_by").as_bool());
    auto unknown = parse(
        perch.get("/api/bridge_api/v1/getChannelIDByDomainName?domain_name=example.org").body);
    EXPECT_EQ(unknown.at("data").at("channel_id").as_int64(), 98675412);
    std::ifstream in(std::string(perch::test::root_dir()) + "/config/channels.json");
    std::stringstream buf;
    buf << in.rdbuf();
    auto channels = json::parse(buf.str());
    for (const auto& ch : channels.at("channels").as_array()) {
        auto id = ch.at("channel_id").to_number<std::int64_t>();
        if (id == 98675412) continue;
        auto domain = std::string(ch.at("domains").as_array().at(0).as_string());
        auto got = parse(
            perch.get("/api/bridge_api/v1/getChannelIDByDomainName?domain_name=" + domain).body);
        EXPECT_EQ(got.at("data").at("channel_id").to_number<std::int64_t>(), id) << domain;
        EXPECT_TRUE(got.at("data").at("powered_by").as_bool());
    }
}

TEST(Server, IpInfoTrustsForwardedForOnlyFromProxies) {
    PerchProcess trusting(R"("trusted_proxies": ["127.0.0.0/8"])");
    auto ru =
        parse(trusting.get("/api/nocore_api/v1/ip-info", {{"X-Forwarded-For", "77.88.8.8"}}).body);
    EXPECT_EQ(ru.at("code").as_int64(), 0);
    EXPECT_EQ(ru.at("data").at("country_code").as_string(), "RU");
    auto us = parse(
        trusting.get("/api/nocore_api/v1/ip-info", {{"X-Forwarded-For", "77.88.8.8, 8.8.8.8"}})
            .body);
    EXPECT_EQ(us.at("data").at("country_code").as_string(), "US");

    PerchProcess wary;
    auto ignored =
        parse(wary.get("/api/nocore_api/v1/ip-info", {{"X-Forwarded-For", "77.88.8.8"}}).body);
    EXPECT_EQ(ignored.at("data").at("country_code").as_string(), "");
    EXPECT_EQ(ignored.at("data").at("ip").as_string(), "127.0.0.1");
}

TEST(Server, UserActionIsValidatedAndStored) {
    PerchProcess perch;
    const auto& db = perch.db();
    auto ok = perch.post(
        "/api/config/user-action",
        R"({"user_address":"0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC","action":"connect",)"
        R"("sign":"","agent":"Mozilla/5.0","wallet_name":"MetaMask"})");
    ASSERT_EQ(ok.status, 200) << ok.body;
    EXPECT_EQ(
        count_rows(db,
                   "SELECT COUNT(*) FROM user_actions WHERE user_address = "
                   "'0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' AND wallet_name = 'MetaMask'"),
        1);

    auto malformed = perch.post("/api/config/user-action", R"({"user_address": )");
    EXPECT_EQ(malformed.status, 400);
    EXPECT_NE(parse(malformed.body).at("msg").as_string().find("malformed JSON"),
              json::string::npos);
    auto missing = perch.post("/api/config/user-action",
                              R"({"user_address":"0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"})");
    EXPECT_EQ(missing.status, 400);
    EXPECT_NE(parse(missing.body).at("msg").as_string().find("'action'"), json::string::npos);
    auto bad_address =
        perch.post("/api/config/user-action", R"({"user_address":"nobody","action":"x"})");
    EXPECT_EQ(bad_address.status, 400);
    EXPECT_EQ(count_rows(db, "SELECT COUNT(*) FROM user_actions"), 1)
        << "a rejected request wrote a row";
}

TEST(Server, UnknownPathsAndMethods) {
    PerchProcess perch;
    auto api = perch.get("/api/nope");
    EXPECT_EQ(api.status, 404);
    EXPECT_EQ(parse(api.body).at("code").as_int64(), 404);
    EXPECT_EQ(api.headers["content-type"], "application/json");
    auto wrong_method = perch.post("/api/health", "{}");
    EXPECT_EQ(wrong_method.status, 405);
}

TEST(Server, PathParameterMustBeAnAddress) {
    PerchProcess perch;
    auto bad = perch.get("/api/campaign_api/v1/not-an-address/points");
    EXPECT_EQ(bad.status, 400);
    EXPECT_NE(parse(bad.body).at("msg").as_string().find("'user'"), json::string::npos);
    auto good = perch.get("/api/campaign_api/v1/0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC/points");
    ASSERT_EQ(good.status, 200);
    auto data = parse(good.body).at("data").as_object();
    for (const char* f : {"campaign_points", "cross_points", "refer_points", "check_in_points",
                          "pool_points", "cross_points_v1", "refer_points_v1"}) {
        EXPECT_EQ(data.at(f).as_int64(), 0) << f;
    }
    EXPECT_DOUBLE_EQ(data.at("multiplier").as_double(), 1.0);
}

TEST(Server, BodyLimitGives413) {
    PerchProcess perch(R"("limits": {"body_bytes": 2048})");
    auto res = perch.post("/api/config/user-action", std::string(4096, ' '));
    EXPECT_EQ(res.status, 413);
    auto after = perch.get("/api/health");  // the server carries on
    EXPECT_EQ(after.status, 200);
}

TEST(Server, CorsOnlyForConfiguredOrigins) {
    PerchProcess perch(R"("cors_origins": ["http://localhost:5173"])");
    auto allowed = perch.get("/api/health", {{"Origin", "http://localhost:5173"}});
    EXPECT_EQ(allowed.headers["access-control-allow-origin"], "http://localhost:5173");
    auto other = perch.get("/api/health", {{"Origin", "http://evil.example"}});
    EXPECT_EQ(other.headers.count("access-control-allow-origin"), 0U);
    auto preflight = perch.request(
        "OPTIONS", "/api/config/user-action", {},
        {{"Origin", "http://localhost:5173"}, {"Access-Control-Request-Method", "POST"}});
    EXPECT_EQ(preflight.status, 204);
    EXPECT_NE(preflight.headers["access-control-allow-methods"].find("POST"), std::string::npos);
}

TEST(Server, ServesAppWithSpaFallbackAndCaching) {
    TempWebRoot web("perch-web-root-test");
    PerchProcess perch(web.config());
    auto index = perch.get("/");
    EXPECT_EQ(index.status, 200);
    EXPECT_NE(index.body.find("<title>Perch</title>"), std::string::npos);
    EXPECT_EQ(index.headers["cache-control"], "no-cache");
    auto deep = perch.get("/network/u2u/history");
    EXPECT_EQ(deep.status, 200);
    EXPECT_EQ(deep.body, index.body);
    auto asset = perch.get("/assets/app-3f2a1b.js", {{"Accept-Encoding", "gzip"}});
    EXPECT_EQ(asset.headers["cache-control"], "public, max-age=31536000, immutable");
    EXPECT_EQ(asset.headers["content-encoding"], "gzip");
    EXPECT_EQ(asset.headers["content-type"], "application/javascript");
    auto head = perch.request("HEAD", "/");
    EXPECT_EQ(head.status, 200);
    EXPECT_EQ(head.headers["content-length"], std::to_string(index.body.size()));
}

// A file the build does not have is a 404, never the app shell with 200: a browser, a crawler or
// a scanner asking for a script, an icon or a dotfile learns it is not there. Paths without a file
// name (app routes) keep the shell, so the app's router shows its own not-found page.
TEST(Server, MissingStaticFilesAreNotFound) {
    TempWebRoot web("perch-web-root-404");
    PerchProcess perch(web.config());
    for (const char* path : {"/assets/nope.js", "/favicon.ico", "/.env", "/.git/config", "/assets/",
                             "/robots.txt", "/network/u2u/logo.png"}) {
        auto res = perch.get(path);
        EXPECT_EQ(res.status, 404) << path;
        EXPECT_EQ(res.body.find("<title>Perch</title>"), std::string::npos) << path;
    }
    for (const char* path : {"/no-such-page", "/network/u2u", "/history"})
        EXPECT_EQ(perch.get(path).status, 200) << path;
}

// The framing headers of an answer: X-Frame-Options ("" when absent), the policy's
// frame-ancestors sources, and the rest of the policy.
struct Framing {
    std::string x_frame_options;
    std::string ancestors;
    std::string rest;
};

Framing framing_of(const perch::testing::HttpResult& res) {
    Framing f;
    if (auto it = res.headers.find("x-frame-options"); it != res.headers.end())
        f.x_frame_options = it->second;
    f.rest = res.headers.at("content-security-policy");
    const std::string name = "frame-ancestors ";
    auto at = f.rest.find(name);
    if (at == std::string::npos) return f;
    auto end = std::min(f.rest.find(';', at), f.rest.size());
    f.ancestors = f.rest.substr(at + name.size(), end - at - name.size());
    f.rest.erase(at, end - at);
    return f;
}

// The iframe embed (/embed/bridge, however spelled) may be framed by the partners the operator
// lists in cors_origins, and it alone: every other page and the API keep DENY and 'none'.
TEST(Server, OnlyTheEmbedPageMayBeFramedByTheCorsOrigins) {
    TempWebRoot web("perch-web-root-embed");
    PerchProcess perch(
        web.config() +
        R"(, "cors_origins": ["https://partner.example", "http://localhost:9321/"])");
    auto home = framing_of(perch.get("/"));
    EXPECT_EQ(home.x_frame_options, "DENY");
    EXPECT_EQ(home.ancestors, "'none'");
    for (const char* target : {"/embed/bridge", "/embed/bridge?channel=7&theme=dark",
                               "/embed/bridge/", "//embed/./bridge", "/embed/%62ridge"}) {
        auto res = perch.get(target);
        ASSERT_EQ(res.status, 200) << target;
        EXPECT_EQ(res.headers["content-type"], "text/html; charset=utf-8") << target;
        auto page = framing_of(res);
        EXPECT_EQ(page.x_frame_options, "") << target;
        EXPECT_EQ(page.ancestors, "http://localhost:9321 https://partner.example") << target;
        EXPECT_EQ(page.rest, home.rest) << target;  // the rest of the app's policy, unchanged
    }
    // HEAD and a revalidation (304) are answered on the general path: the same headers.
    auto first = perch.get("/embed/bridge");
    for (const auto& res :
         {perch.request("HEAD", "/embed/bridge"),
          perch.get("/embed/bridge", {{"If-None-Match", first.headers["etag"]}})}) {
        EXPECT_EQ(framing_of(res).x_frame_options, "") << res.status;
        EXPECT_EQ(framing_of(res).ancestors, "http://localhost:9321 https://partner.example");
    }
    for (const char* target : {"/history", "/embed", "/embed/bridge/more", "/embed/bridgex",
                               "/api/health", "/api/embed/bridge"}) {
        auto f = framing_of(perch.get(target));
        EXPECT_EQ(f.x_frame_options, "DENY") << target;
        EXPECT_EQ(f.ancestors, "'none'") << target;
    }
}

// With no trusted origins the embed page is sent exactly as every other page.
TEST(Server, WithoutCorsOriginsNoPageMayBeFramed) {
    TempWebRoot web("perch-web-root-embed-none");
    PerchProcess perch(web.config());
    auto home = perch.get("/");
    auto embed = perch.get("/embed/bridge?channel=7");
    ASSERT_EQ(embed.status, 200);
    EXPECT_EQ(embed.headers["x-frame-options"], "DENY");
    EXPECT_EQ(framing_of(embed).ancestors, "'none'");
    EXPECT_EQ(embed.headers["content-security-policy"], home.headers["content-security-policy"]);
}

TEST(Server, OpenApiListsRoutes) {
    PerchProcess perch;
    auto doc = parse(perch.get("/api/openapi.json").body);
    const auto& paths = doc.at("paths").as_object();
    EXPECT_TRUE(paths.contains("/api/bridge_api/v1/get-all-chains"));
    EXPECT_TRUE(paths.contains("/api/campaign_api/v1/{user}/points"));
    // The documented routes carry their query parameters and error codes.
    const auto& quote = paths.at("/api/bridge_api/v1/quote").at("get").as_object();
    EXPECT_EQ(quote.at("parameters").as_array().size(), 7U);  // with to_token, slippage_bps
    EXPECT_TRUE(quote.at("responses").as_object().contains("400"));
    EXPECT_TRUE(quote.at("responses").as_object().contains("404"));  // no swap route
    EXPECT_TRUE(doc.at("components").at("schemas").as_object().contains("Order"));
}

TEST(Server, StopsGracefullyOnSigterm) {
    PerchProcess perch;
    ASSERT_EQ(perch.get("/api/health").status, 200);
    EXPECT_EQ(perch.stop(), 0);
    EXPECT_NE(perch.output().find("perch stopped"), std::string::npos);
}

TEST(Config, BadConfigNamesTheKey) {
    auto dir =
        std::filesystem::temp_directory_path() / ("perch-bad-config-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "bad.json") << R"({"port": "eighty"})";
    auto [status, out] = run_perch({"serve", "--config", (dir / "bad.json").string()});
    EXPECT_EQ(status, 2);
    EXPECT_NE(out.find("'port'"), std::string::npos) << out;

    std::ofstream(dir / "unknown.json") << R"({"limits": {"body": 1}})";
    std::tie(status, out) = run_perch({"serve", "--config", (dir / "unknown.json").string()});
    EXPECT_EQ(status, 2);
    EXPECT_NE(out.find("limits.body"), std::string::npos) << out;

    std::tie(status, out) = run_perch({"serve"}, {{"PERCH_PORT", "eighty"}});
    EXPECT_EQ(status, 2);
    EXPECT_NE(out.find("PERCH_PORT"), std::string::npos) << out;
    std::filesystem::remove_all(dir);
}

TEST(Config, MigrateAppliesOnce) {
    auto files =
        std::distance(std::filesystem::directory_iterator(std::string(perch::test::root_dir()) +
                                                          "/server/src/store/migrations"),
                      std::filesystem::directory_iterator{});
    perch::testing::TestDatabase db;
    auto url = db.url();
    auto [status, out] = run_perch({"migrate"}, {{"PERCH_DATABASE_URL", url}});
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find(std::to_string(files) + " migration(s) applied"), std::string::npos) << out;
    std::tie(status, out) = run_perch({"migrate"}, {{"PERCH_DATABASE_URL", url}});
    EXPECT_NE(out.find("0 migration(s) applied"), std::string::npos) << out;
}

// What an operator's load balancer and dashboards read: the store, the maker (off here), ready.
TEST(Server, HealthSaysWhatThisInstanceIsAndReadyAnswers) {
    PerchProcess perch;
    auto health = perch.get("/api/health");
    ASSERT_EQ(health.status, 200) << health.body;
    auto data = boost::json::parse(health.body).at("data").as_object();
    EXPECT_EQ(data.at("store").as_string(),
              perch::testing::testing_postgresql() ? "postgresql" : "sqlite");
    EXPECT_FALSE(data.at("maker").at("enabled").as_bool());
    auto ready = perch.get("/api/ready");
    ASSERT_EQ(ready.status, 200) << ready.body;
    auto r = boost::json::parse(ready.body).at("data").as_object();
    EXPECT_TRUE(r.at("ready").as_bool());
    EXPECT_EQ(r.at("schema_version").as_int64(), data.at("schema_version").as_int64());
}

// GET /metrics: behind the admin token, in the Prometheus text format, counting what it served.
TEST(Server, MetricsNeedTheAdminTokenAndCountRequestsByRouteAndStatus) {
    const std::string token = "metrics-test-token-0123456789";
    PerchProcess perch("\"admin_token\": \"" + token + "\"");
    EXPECT_EQ(perch.get("/metrics").status, 401);
    EXPECT_EQ(perch.get("/metrics", {{"Authorization", "Bearer wrong-token-0123456789"}}).status,
              401);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(perch.get("/api/health").status, 200);
    EXPECT_EQ(perch.get("/api/bridge_api/v1/order?chain_id=x&tx_hash=y").status, 400);
    // A request is counted once its answer is written, so the client can ask for /metrics (on
    // another I/O thread) a moment before the last one is in: read until it is, up to 2 s.
    const std::string bad_order = "route=\"/api/bridge_api/v1/order\",status=\"400\"";
    const std::string health_3 =
        "perch_http_request_duration_seconds_count{route=\"/api/health\",status=\"200\"} 3";
    auto res = perch.get("/metrics", {{"Authorization", "Bearer " + token}});
    for (int i = 0; i < 40 && (res.body.find(bad_order) == std::string::npos ||
                               res.body.find(health_3) == std::string::npos);
         ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        res = perch.get("/metrics", {{"Authorization", "Bearer " + token}});
    }
    ASSERT_EQ(res.status, 200) << res.body;
    EXPECT_EQ(res.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8");
    const auto& text = res.body;
    EXPECT_NE(text.find("# TYPE perch_http_request_duration_seconds histogram"), std::string::npos);
    EXPECT_NE(text.find(health_3), std::string::npos) << text;
    EXPECT_NE(text.find(bad_order), std::string::npos);
    EXPECT_NE(text.find("perch_db_connections{use=\"total\"}"), std::string::npos);
    EXPECT_NE(text.find("# TYPE perch_orders gauge"), std::string::npos);
    // Without a token configured the endpoint is closed.
    PerchProcess closed;
    EXPECT_EQ(closed.get("/metrics").status, 403);
}
