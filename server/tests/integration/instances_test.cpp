// Several perch instances on one database behind nginx, in the documented configuration
// (deploy/nginx.conf with only its ports changed): identical answers from every instance,
// sessions valid on all of them, X-Forwarded-For taken from nginx only, and a dead instance
// routed around. On PostgreSQL in the postgresql/ run, on one SQLite file otherwise.
#include <gtest/gtest.h>
#include <signal.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/json.hpp>
#include <filesystem>
#include <thread>

#include "harness.hpp"
#include "test_paths.hpp"
#include "wallet_session.hpp"

using perch::testing::http_request;
using perch::testing::PerchProcess;
namespace fs = std::filesystem;
namespace json = boost::json;
using perch::testing::free_port;

namespace {

// deploy/nginx.conf through scripts/start-nginx.sh, on a free port in front of the given instances.
class Nginx {
  public:
    Nginx(int first, int second) : port_(free_port()) {
        dir_ = fs::temp_directory_path() / ("perch-nginx-" + std::to_string(::getpid()));
        auto start = std::string(perch::test::root_dir()) + "/scripts/start-nginx.sh " +
                     dir_.string() + " " + std::to_string(port_) + " " + std::to_string(first) +
                     " " + std::to_string(second);
        if (std::system(start.c_str()) != 0) throw std::runtime_error("nginx failed to start");
    }
    ~Nginx() {
        std::system(("kill $(cat " + (dir_ / "nginx.pid").string() + ") 2>/dev/null").c_str());
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    Nginx(const Nginx&) = delete;
    Nginx& operator=(const Nginx&) = delete;
    int port() const { return port_; }

  private:
    fs::path dir_;
    int port_;
};

const std::string kTrustNginx = R"("trusted_proxies": ["127.0.0.1"])";

}  // namespace

TEST(Instances, TwoBehindNginxAnswerAlikeShareSessionsAndSurviveALoss) {
    auto first = std::make_unique<PerchProcess>(kTrustNginx);
    PerchProcess second(kTrustNginx, {{"PERCH_DATABASE_URL", first->db().url()}});
    Nginx nginx(first->port(), second.port());

    const std::string chains = "/api/bridge_api/v1/get-all-chains";
    auto via_nginx = http_request(nginx.port(), "GET", chains);
    ASSERT_EQ(via_nginx.status, 200) << via_nginx.body;
    EXPECT_EQ(via_nginx.body, first->get(chains).body);
    EXPECT_EQ(via_nginx.body, second.get(chains).body);

    // A session made on one instance is valid on the other: sessions live in the database.
    auto wallet = perch::testing::Wallet::fresh();
    auto session = perch::testing::sign_in(*first, wallet);
    const std::string mine = "/api/campaign_api/v1/" + session.user + "/referrer";
    auto bind = second.request("POST", mine,
                               R"({"referrer": "0x00000000000000000000000000000000000000aa"})",
                               session.headers());
    EXPECT_EQ(bind.status, 200) << bind.body;

    // nginx replaces whatever X-Forwarded-For a client sends with the client's own address.
    auto action = http_request(
        nginx.port(), "POST", "/api/config/user-action",
        R"({"user_address":"0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC","action":"connect"})",
        {{"Content-Type", "application/json"}, {"X-Forwarded-For", "6.6.6.6"}});
    ASSERT_EQ(action.status, 200) << action.body;
    EXPECT_EQ(first->db().column("SELECT client_ip FROM user_actions"),
              std::vector<std::string>{"127.0.0.1"});
    EXPECT_EQ(http_request(nginx.port(), "GET", "/metrics").status, 404);

    // One instance dies: nginx sends every request to the other.
    first->kill_now();
    for (int i = 0; i < 10; ++i) {
        auto res = http_request(nginx.port(), "GET", chains);
        EXPECT_EQ(res.status, 200) << "request " << i << ": " << res.body;
    }
}

// Campaign edits are made through whichever instance the admin reached; the others read the
// stored edits again every 5 s.
TEST(Instances, AnAdminEditOnOneInstanceReachesTheOther) {
    const std::string token = "instances-admin-token-0123456789";
    PerchProcess first({}, {{"PERCH_ADMIN_TOKEN", token}});
    PerchProcess second({},
                        {{"PERCH_ADMIN_TOKEN", token}, {"PERCH_DATABASE_URL", first.db().url()}});
    auto shows_77 = [](const PerchProcess& perch) {
        auto list = json::parse(perch.get("/api/campaign_api/v1/campaigns").body)
                        .at("data")
                        .at("list")
                        .as_array();
        for (const auto& c : list)
            if (c.at("id").as_int64() == 77) return true;
        return false;
    };
    ASSERT_FALSE(shows_77(second));
    auto created =
        first.request("POST", "/api/admin/api/campaigns",
                      R"({"id": 77, "name": "Both Instances", "status": 1, "theme_id": 1,
            "start_time": 1790000000, "end_time": 0, "tasks": [
            {"points": 15, "conditions": {"transfer_count": 1, "to_chain": 1}}]})",
                      {{"Content-Type", "application/json"}, {"Authorization", "Bearer " + token}});
    ASSERT_EQ(created.status, 200) << created.body;
    EXPECT_TRUE(shows_77(first));
    auto from = std::chrono::steady_clock::now();
    while (!shows_77(second) && std::chrono::steady_clock::now() - from < std::chrono::seconds(8))
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_TRUE(shows_77(second));
}
