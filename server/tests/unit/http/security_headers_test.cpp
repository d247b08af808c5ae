#include "http/security_headers.hpp"

#include <gtest/gtest.h>

using perch::http::app_content_security_policy;
using perch::http::url_origin;

TEST(SecurityHeaders, OriginOfAnHttpUrl) {
    EXPECT_EQ(url_origin("http://127.0.0.1:8545"), "http://127.0.0.1:8545");
    EXPECT_EQ(url_origin("https://rpc.example.org/v1/key?x=1"), "https://rpc.example.org");
    EXPECT_EQ(url_origin("wss://rpc.example.org"), std::nullopt);
    EXPECT_EQ(url_origin("https://"), std::nullopt);
    EXPECT_EQ(url_origin("https://a.b; script-src *"), std::nullopt);
    EXPECT_EQ(url_origin("https://user:pw@a.b/"), std::nullopt);
}

TEST(SecurityHeaders, PolicyAllowsOwnScriptsAndRpcOriginsOnly) {
    auto csp = app_content_security_policy(
        {"http://127.0.0.1:8545", "http://127.0.0.1:8545/", "https://rpc.example.org/key", "junk"});
    EXPECT_NE(csp.find("script-src 'self';"), std::string::npos) << csp;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos);
    EXPECT_NE(csp.find("object-src 'none'"), std::string::npos);
    EXPECT_NE(csp.find("connect-src 'self' http://127.0.0.1:8545 https://rpc.example.org;"),
              std::string::npos)
        << csp;
    EXPECT_EQ(csp.find("unsafe-inline"), std::string::npos);
    EXPECT_EQ(csp.find("unsafe-eval"), std::string::npos);
    EXPECT_EQ(csp.find("walletconnect"), std::string::npos);
}

TEST(SecurityHeaders, WalletConnectRelayOnlyWithAProjectId) {
    auto csp = app_content_security_policy({"http://127.0.0.1:8545"}, true);
    EXPECT_NE(csp.find("connect-src 'self' http://127.0.0.1:8545 wss://relay.walletconnect.org "
                       "https://verify.walletconnect.org https://pulse.walletconnect.org;"),
              std::string::npos)
        << csp;
}
