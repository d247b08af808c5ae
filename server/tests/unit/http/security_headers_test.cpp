#include "http/security_headers.hpp"

#include <gtest/gtest.h>

using perch::http::app_content_security_policy;
using perch::http::frame_ancestors;
using perch::http::is_embed_page;
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

TEST(SecurityHeaders, FrameAncestorsAreTheTrustedOrigins) {
    EXPECT_EQ(frame_ancestors({}), "'none'");
    EXPECT_EQ(frame_ancestors({"https://b.example/", "http://localhost:9321", "https://b.example"}),
              "http://localhost:9321 https://b.example");
    EXPECT_EQ(frame_ancestors({"https://a.example", "*"}), "*");
    // Nothing that could end the directive or the header gets in; with nothing left, no one.
    EXPECT_EQ(frame_ancestors({"https://a.example; script-src *", "javascript:x"}), "'none'");
}

TEST(SecurityHeaders, PolicyNamesItsEmbeddersAsFrameAncestors) {
    auto page = app_content_security_policy({"http://127.0.0.1:8545"}, true);
    auto embed =
        app_content_security_policy({"http://127.0.0.1:8545"}, true, {"https://partner.example"});
    EXPECT_NE(embed.find("; frame-ancestors https://partner.example; "), std::string::npos)
        << embed;
    auto same = embed;
    same.replace(same.find("https://partner.example;"),
                 std::string("https://partner.example").size(), "'none'");
    EXPECT_EQ(same, page);  // nothing else differs
}

TEST(SecurityHeaders, EmbedPageHoweverSpelled) {
    for (const char* t :
         {"/embed/bridge", "/embed/bridge?channel=7", "/embed/bridge/", "//embed//bridge",
          "/embed/./bridge", "/embed/%62ridge", "/x/../embed/bridge"})
        EXPECT_TRUE(is_embed_page(t)) << t;
    for (const char* t : {"/", "/embed", "/embed/bridge/x", "/embed/bridgex", "/api/embed/bridge",
                          "/embed/bridge%2Fx", "embed/bridge", "/embed/bridge#"})
        EXPECT_FALSE(is_embed_page(t)) << t;
}
