// Webhooks against the real devnet and a real receiver (webhook_receiver.hpp): registered through
// the admin API, a bridged deposit's every state arrives in order, signed; with the receiver down
// while a second order moves and perch restarted in the middle, every event still arrives, once
// per event (retries keep their delivery id), none lost. A MakerOn test: one maker at a time.
#include <gtest/gtest.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <cstdlib>
#include <set>
#include <thread>

#include "chain/hex.hpp"
#include "harness.hpp"
#include "maker_support.hpp"
#include "orders.hpp"
#include "wait.hpp"
#include "webhook_receiver.hpp"

namespace json = boost::json;
using namespace perch::testing::maker;

namespace {

constexpr const char* kAdminToken = "webhook-admin-token-0123456789";
const std::map<std::string, std::string> kAdmin{{"X-Admin-Token", kAdminToken},
                                                {"Content-Type", "application/json"}};

// The signature computed apart from perch's libsodium code: OpenSSL's HMAC.
std::string openssl_signature(const std::string& secret, const std::string& timestamp,
                              const std::string& body) {
    auto text = timestamp + "." + body;
    unsigned char mac[32];
    unsigned int len = 0;
    HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
         reinterpret_cast<const unsigned char*>(text.data()), text.size(), mac, &len);
    return "v1=" + to_hex(ByteView(mac, len), false);
}

struct Delivered {
    std::int64_t id = 0;
    std::int64_t event_id = 0;
    std::int64_t order_id = 0;
    std::string state;
    json::object order;
};

// What the receiver got for the order with this deposit hash, deduplicated by delivery id as a
// receiver does, in arrival order; each request's signature checked.
std::vector<Delivered> delivered_for(const WebhookReceiver& receiver, const std::string& secret,
                                     const std::string& tx_hash) {
    std::vector<Delivered> out;
    std::set<std::int64_t> seen;
    for (const auto& r : receiver.received()) {
        const auto& ts = r.headers.at("x-perch-timestamp");
        EXPECT_EQ(r.headers.at("x-perch-signature"), openssl_signature(secret, ts, r.body))
            << r.body;
        EXPECT_LE(std::abs(std::stoll(ts) - std::chrono::duration_cast<std::chrono::seconds>(
                                                std::chrono::system_clock::now().time_since_epoch())
                                                .count()),
                  300);
        auto body = json::parse(r.body).as_object();
        EXPECT_EQ(r.headers.at("x-perch-delivery"), std::to_string(body.at("id").as_int64()));
        const auto& order = body.at("order").as_object();
        if (text_of(order, "src_tx_hash") != tx_hash) continue;
        if (!seen.insert(body.at("id").as_int64()).second) continue;
        out.push_back({body.at("id").as_int64(), body.at("event_id").as_int64(),
                       body.at("order_id").as_int64(), std::string(body.at("state").as_string()),
                       order});
    }
    return out;
}

std::vector<std::string> states_of(const std::vector<Delivered>& list) {
    std::vector<std::string> out;
    for (const auto& d : list) out.push_back(d.state);
    return out;
}

// The order's timeline as GET order answers it: the states every webhook must have received.
std::vector<std::string> timeline_of(const json::object& order) {
    std::vector<std::string> out;
    for (const auto& e : order.at("timeline").as_array())
        out.emplace_back(e.at("state").as_string());
    return out;
}

void wait_for_deliveries(const WebhookReceiver& receiver, const std::string& secret,
                         const std::string& tx_hash, std::size_t count, int seconds) {
    wait_for("the webhook's deliveries", std::chrono::seconds(seconds), [&] {
        auto got = delivered_for(receiver, secret, tx_hash).size();
        return got >= count ? Seen::yes()
                            : Seen::not_yet(std::to_string(got) + " of " + std::to_string(count));
    });
}

json::object data_of(const HttpResult& r) {
    return json::parse(r.body).at("data").as_object();
}

}  // namespace

TEST(MakerOn, WebhooksDeliverEveryStateInOrderThroughAnOutageAndARestart) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    mine_past_earlier_deposits(chains, devnet);
    WebhookReceiver receiver;
    const auto config = maker_config(devnet) + ", \"admin_token\": \"" + kAdminToken + "\"";
    auto perch = std::make_unique<PerchProcess>(config);
    const auto& db = perch->db();
    wait_for_watchers(db, devnet.rpc_urls.size());

    // Bad input and a missing token are refused with the house's errors.
    auto url = "http://127.0.0.1:" + std::to_string(receiver.port()) + "/perch";
    auto bad = perch->request("POST", "/api/admin/webhooks",
                              R"({"url": "ftp://example.com/x", "channel": 98675412})", kAdmin);
    EXPECT_EQ(bad.status, 400) << bad.body;
    EXPECT_EQ(json::parse(bad.body).at("msg").as_string(),
              "'url' must be an http or https URL with a host");
    auto unknown = perch->request("POST", "/api/admin/webhooks",
                                  R"({"url": ")" + url + R"(", "channel": 5})", kAdmin);
    EXPECT_EQ(unknown.status, 400) << unknown.body;
    EXPECT_EQ(perch->post("/api/admin/webhooks", "{}").status, 401);

    auto made = perch->request("POST", "/api/admin/webhooks",
                               R"({"url": ")" + url + R"(", "channel": 98675412})", kAdmin);
    ASSERT_EQ(made.status, 200) << made.body;
    auto hook_id = data_of(made).at("id").as_int64();
    const std::string secret(data_of(made).at("secret").as_string());
    ASSERT_TRUE(secret.starts_with("whsec_"));

    // One bridge: every state of its timeline arrives, in order, once, signed.
    auto sender = fresh_wallet(chains, 8453, kEth);
    auto recipient = fresh_wallet(chains, 42161, U256());
    auto first =
        deposit(chains, devnet, 8453, sender, "", *U256::parse_units("0.01", 18), 42161, recipient);
    auto done = wait_for_state(*perch, 8453, first.tx_hash, "completed");
    auto timeline = timeline_of(done);
    EXPECT_EQ(timeline, (std::vector<std::string>{"confirming", "queued", "paying", "completed"}));
    wait_for_deliveries(receiver, secret, first.tx_hash, timeline.size(), 30);
    auto got = delivered_for(receiver, secret, first.tx_hash);
    EXPECT_EQ(states_of(got), timeline);
    for (std::size_t i = 1; i < got.size(); ++i) EXPECT_GT(got[i].event_id, got[i - 1].event_id);
    EXPECT_EQ(got.back().order.at("dst_tx_hash"), done.at("dst_tx_hash"));

    // The receiver is down while a second order moves; perch is restarted in the middle.
    receiver.down();
    auto second =
        deposit(chains, devnet, 8453, sender, "", *U256::parse_units("0.02", 18), 42161, recipient);
    wait_for("a refused attempt", std::chrono::seconds(30), [&] {
        auto failed = db.column(
            "SELECT COUNT(*) FROM webhook_deliveries WHERE attempts > 0 AND "
            "state = 'pending' AND last_status = 0");
        return failed.at(0) != "0" ? Seen::yes() : Seen::not_yet("no attempt yet");
    });
    ASSERT_EQ(perch->stop(), 0) << perch->output();
    EXPECT_EQ(perch->output().find(secret), std::string::npos) << "the secret was logged";
    PerchProcess restarted(config, {{"PERCH_DATABASE_URL", db.url()}});
    auto second_done = wait_for_state(restarted, 8453, second.tx_hash, "completed");
    receiver.up();
    auto second_timeline = timeline_of(second_done);
    wait_for_deliveries(receiver, secret, second.tx_hash, second_timeline.size(), 60);
    auto got_second = delivered_for(receiver, secret, second.tx_hash);
    EXPECT_EQ(states_of(got_second), second_timeline);
    std::set<std::int64_t> events;
    for (const auto& d : got_second) EXPECT_TRUE(events.insert(d.event_id).second) << d.event_id;

    // The deliveries as the admin API lists them (other tests' deposits may add some): the
    // refused one was tried again and delivered.
    auto listed = restarted.request(
        "GET", "/api/admin/webhooks/" + std::to_string(hook_id) + "/deliveries?size=100", {},
        kAdmin);
    ASSERT_EQ(listed.status, 200) << listed.body;
    const std::set<std::int64_t> ours{got.front().order_id, got_second.front().order_id};
    std::size_t listed_ours = 0;
    bool retried = false;
    auto listed_data = data_of(listed);
    for (const auto& d : listed_data.at("list").as_array()) {
        if (!ours.contains(d.at("order_id").as_int64())) continue;
        ++listed_ours;
        EXPECT_EQ(d.at("state").as_string(), "delivered") << json::serialize(d);
        if (d.at("attempts").as_int64() > 1) retried = true;
    }
    EXPECT_EQ(listed_ours, timeline.size() + second_timeline.size());
    EXPECT_TRUE(retried) << listed.body;

    // A replay sends the same delivery again now, with its id: the receiver sees it twice.
    auto replay_id = got.front().id;
    auto before = receiver.received().size();
    auto replayed = restarted.request(
        "POST", "/api/admin/webhooks/deliveries/" + std::to_string(replay_id) + "/replay", "{}",
        kAdmin);
    ASSERT_EQ(replayed.status, 200) << replayed.body;
    EXPECT_EQ(data_of(replayed).at("attempts").as_int64(), 2);
    EXPECT_EQ(data_of(replayed).at("last_status").as_int64(), 200);
    auto all = receiver.received();
    auto again = std::count_if(all.begin() + static_cast<std::ptrdiff_t>(before), all.end(),
                               [&](const WebhookReceiver::Request& r) {
                                   return json::parse(r.body).at("id").as_int64() == replay_id;
                               });
    EXPECT_EQ(again, 1);
    EXPECT_EQ(
        restarted.request("POST", "/api/admin/webhooks/deliveries/999999/replay", "{}", kAdmin)
            .status,
        404);

    // Disabled: listed as such, and a second delete finds nothing active.
    auto target = "/api/admin/webhooks/" + std::to_string(hook_id);
    EXPECT_EQ(restarted.request("DELETE", target, {}, kAdmin).status, 200);
    EXPECT_EQ(restarted.request("DELETE", target, {}, kAdmin).status, 404);
    auto hooks = restarted.request("GET", "/api/admin/webhooks", {}, kAdmin);
    ASSERT_EQ(hooks.status, 200);
    auto hooks_answer = json::parse(hooks.body);
    const auto& row = hooks_answer.at("data").as_array().at(0).as_object();
    EXPECT_GT(row.at("disabled_at").as_int64(), 0);
    EXPECT_FALSE(row.contains("secret"));
}
