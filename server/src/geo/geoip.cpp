#include "geo/geoip.hpp"

#include <spdlog/spdlog.h>

#include <cctype>

#include "core/error.hpp"

namespace perch::geo {

GeoIp::GeoIp(const std::string& path) {
    if (path.empty()) {
        spdlog::warn("no geoip_db configured: ip-info answers an empty country");
        return;
    }
    auto db = std::make_unique<MMDB_s>();
    int rc = MMDB_open(path.c_str(), MMDB_MODE_MMAP, db.get());
    if (rc != MMDB_SUCCESS) {
        throw ConfigError("config key 'geoip_db': cannot open '" + path +
                          "': " + MMDB_strerror(rc));
    }
    db_ = std::move(db);
}

GeoIp::~GeoIp() {
    if (db_) MMDB_close(db_.get());
}

std::string GeoIp::country(const std::string& ip) const {
    if (!db_) return {};
    int gai_error = 0;
    int mmdb_error = 0;
    auto result = MMDB_lookup_string(db_.get(), ip.c_str(), &gai_error, &mmdb_error);
    if (gai_error != 0 || mmdb_error != MMDB_SUCCESS || !result.found_entry) return {};
    MMDB_entry_data_s data{};
    // geo-whois-asn-country stores a flat country_code; MaxMind's own files use country.iso_code.
    int rc = MMDB_get_value(&result.entry, &data, "country_code", nullptr);
    if (rc != MMDB_SUCCESS || !data.has_data) {
        rc = MMDB_get_value(&result.entry, &data, "country", "iso_code", nullptr);
    }
    if (rc != MMDB_SUCCESS || !data.has_data || data.type != MMDB_DATA_TYPE_UTF8_STRING) return {};
    std::string code(data.utf8_string, data.data_size);
    for (auto& ch : code) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return code;
}

}  // namespace perch::geo
