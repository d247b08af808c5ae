#pragma once
// Country of an IP address from a MaxMind-format database (the CC0 geo-whois-asn-country file).
// Lookups are read-only on a memory-mapped file, so any thread may call them.
#include <maxminddb.h>

#include <memory>
#include <string>

namespace perch::geo {

class GeoIp {
  public:
    // An empty path gives a GeoIp that knows no country (lookups return "").
    explicit GeoIp(const std::string& path);
    ~GeoIp();
    GeoIp(const GeoIp&) = delete;
    GeoIp& operator=(const GeoIp&) = delete;

    bool loaded() const { return db_ != nullptr; }
    // Two-letter ISO country code, upper case, or "" when unknown (private ranges, bad input).
    std::string country(const std::string& ip) const;

  private:
    std::unique_ptr<MMDB_s> db_;
};

}  // namespace perch::geo
