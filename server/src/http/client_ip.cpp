#include "http/client_ip.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "core/error.hpp"
#include "core/text.hpp"

namespace perch::http {
namespace ip = boost::asio::ip;
namespace {

std::array<unsigned char, 16> bytes_of(const ip::address& a) {
    if (a.is_v4()) return ip::make_address_v6(ip::v4_mapped, a.to_v4()).to_bytes();
    return a.to_v6().to_bytes();
}

bool in_block(const ip::address& a, const ip::address& base, unsigned prefix) {
    auto x = bytes_of(a);
    auto y = bytes_of(base);
    if (base.is_v4()) prefix += 96;  // v4 blocks live in the v4-mapped part of the v6 space
    for (unsigned i = 0; i < 16 && prefix > 0; ++i) {
        unsigned bits = std::min(prefix, 8U);
        auto mask = static_cast<unsigned char>(0xFF << (8 - bits));
        if ((x[i] & mask) != (y[i] & mask)) return false;
        prefix -= bits;
    }
    return true;
}

}  // namespace

std::string client_key(std::string_view text) {
    boost::system::error_code ec;
    auto a = ip::make_address(text, ec);
    if (ec) return std::string(text);
    if (a.is_v4()) return a.to_string();
    auto v6 = a.to_v6();
    if (v6.is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, v6).to_string();
    auto bytes = v6.to_bytes();
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    return ip::address_v6(bytes).to_string() + "/64";
}

ClientIpResolver::ClientIpResolver(const std::vector<std::string>& trusted,
                                   std::string_view config_key) {
    const std::string key(config_key);
    for (const auto& entry : trusted) {
        auto slash = entry.find('/');
        boost::system::error_code ec;
        auto base = ip::make_address(entry.substr(0, slash), ec);
        unsigned max_prefix = base.is_v4() ? 32 : 128;
        unsigned prefix = max_prefix;
        if (!ec && slash != std::string::npos) {
            auto digits = std::string_view(entry).substr(slash + 1);
            auto [end, err] = std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
            if (err != std::errc{} || end != digits.data() + digits.size() || prefix > max_prefix) {
                throw ConfigError("config key '" + key + "': bad prefix in '" + entry + "'");
            }
        }
        if (ec) throw ConfigError("config key '" + key + "': '" + entry + "' is not an IP or CIDR");
        trusted_.push_back({base, prefix});
    }
}

bool ClientIpResolver::is_trusted(std::string_view text) const {
    boost::system::error_code ec;
    auto a = ip::make_address(text, ec);
    if (ec) return false;
    if (a.is_v6() && a.to_v6().is_v4_mapped()) a = ip::make_address_v4(ip::v4_mapped, a.to_v6());
    for (const auto& block : trusted_) {
        if (in_block(a, block.base, block.prefix)) return true;
    }
    return false;
}

std::string ClientIpResolver::resolve(std::string_view peer, std::string_view forwarded_for) const {
    if (forwarded_for.empty() || !is_trusted(peer)) return std::string(peer);
    auto hops = text::split(forwarded_for, ',');
    for (auto it = hops.rbegin(); it != hops.rend(); ++it) {
        boost::system::error_code ec;
        ip::make_address(*it, ec);
        if (ec) return std::string(peer);  // a garbled header proves nothing
        if (!is_trusted(*it)) return *it;
    }
    return hops.empty() ? std::string(peer) : hops.front();
}

}  // namespace perch::http
