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
