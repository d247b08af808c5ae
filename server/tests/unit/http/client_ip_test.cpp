#include "http/client_ip.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

using perch::http::ClientIpResolver;

TEST(ClientIp, PeerWhenNotBehindTrustedProxy) {
    ClientIpResolver r({});
    EXPECT_EQ(r.resolve("203.0.113.9", "77.88.8.8"), "203.0.113.9");
}

TEST(ClientIp, RightmostUntrustedHopBehindTrustedProxies) {
    ClientIpResolver r({"127.0.0.1", "10.0.0.0/8"});
    EXPECT_EQ(r.resolve("127.0.0.1", "77.88.8.8"), "77.88.8.8");
    // A client can prepend anything; only the hop added by our proxy counts.
    EXPECT_EQ(r.resolve("127.0.0.1", "1.1.1.1, 77.88.8.8, 10.1.2.3"), "77.88.8.8");
    EXPECT_EQ(r.resolve("127.0.0.1", ""), "127.0.0.1");
    EXPECT_EQ(r.resolve("127.0.0.1", "garbage"), "127.0.0.1");
}

TEST(ClientIp, CidrAndIpv6AndMappedAddresses) {
    ClientIpResolver r({"192.168.0.0/16", "::1", "2001:db8::/32"});
    EXPECT_TRUE(r.is_trusted("192.168.44.1"));
    EXPECT_FALSE(r.is_trusted("192.169.0.1"));
    EXPECT_TRUE(r.is_trusted("::1"));
    EXPECT_TRUE(r.is_trusted("2001:db8:1::5"));
    EXPECT_TRUE(r.is_trusted("::ffff:192.168.1.1"));
    EXPECT_FALSE(r.is_trusted("not an ip"));
}

TEST(ClientIp, BadEntriesAreConfigErrors) {
    EXPECT_THROW(ClientIpResolver({"10.0.0.0/33"}), perch::ConfigError);
    EXPECT_THROW(ClientIpResolver({"proxy.local"}), perch::ConfigError);
}

TEST(ClientIp, KeyIsTheIpv4AddressOrTheIpv6Slash64) {
    using perch::http::client_key;
    EXPECT_EQ(client_key("203.0.113.9"), "203.0.113.9");
    EXPECT_EQ(client_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
    EXPECT_EQ(client_key("2001:db8:1:2::1"), client_key("2001:db8:1:2:ffff::9"));
    EXPECT_NE(client_key("2001:db8:1:2::1"), client_key("2001:db8:1:3::1"));
    EXPECT_EQ(client_key("::ffff:203.0.113.9"), "203.0.113.9");  // a mapped IPv4 client
    EXPECT_EQ(client_key("::1"), "::/64");
    EXPECT_EQ(client_key("not an ip"), "not an ip");
    EXPECT_EQ(client_key(client_key("2001:db8::5")), client_key("2001:db8::5"));  // idempotent
}

TEST(ClientIp, BadEntriesNameTheirKey) {
    try {
        ClientIpResolver({"nope"}, "limits.uncapped_peers");
        FAIL() << "no error";
    } catch (const perch::ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("limits.uncapped_peers"), std::string::npos);
    }
}
