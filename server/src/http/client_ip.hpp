#pragma once
// Who is the client? The socket peer, unless the peer is a trusted proxy: then X-Forwarded-For is
// read from the right, skipping trusted hops, and the first untrusted address is the client.
// Anything else in the header is client-supplied and ignored.
#include <boost/asio/ip/address.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace perch::http {

// The client as per-client limits count it: an IPv4 address as it is, an IPv6 address by its /64
// ("2001:db8:1:2::/64"), since one subscriber is handed a whole /64 and could otherwise take a new
// address for every request. An IPv4-mapped IPv6 address counts as its IPv4 address; text that is
// no address is returned unchanged.
std::string client_key(std::string_view ip);

class ClientIpResolver {
  public:
    // Entries are single addresses or CIDR blocks ("10.0.0.0/8", "::1"); a bad entry throws
    // ConfigError naming `config_key`.
    explicit ClientIpResolver(const std::vector<std::string>& trusted,
                              std::string_view config_key = "trusted_proxies");
    std::string resolve(std::string_view peer, std::string_view forwarded_for) const;
    bool is_trusted(std::string_view ip) const;

  private:
    struct Block {
        boost::asio::ip::address base;
        unsigned prefix;
    };
    std::vector<Block> trusted_;
};

}  // namespace perch::http
