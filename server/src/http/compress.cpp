#include "http/compress.hpp"

#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "core/text.hpp"

namespace perch::http {

std::string gzip(std::string_view data, int level) {
    z_stream zs{};
    // windowBits 15 + 16 asks zlib for a gzip wrapper instead of raw zlib.
    if (deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        throw std::runtime_error("deflateInit2 failed");
    }
    std::string out(deflateBound(&zs, data.size()), '\0');
    zs.next_in =
        reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));  // zlib's API is not const
    zs.avail_in = static_cast<uInt>(data.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    int rc = deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    if (rc != Z_STREAM_END) throw std::runtime_error("deflate failed");
    return out;
}

bool is_compressible(std::string_view content_type) {
    return content_type.starts_with("text/") || content_type.starts_with("application/json") ||
           content_type.starts_with("application/javascript") ||
           content_type.starts_with("image/svg+xml") ||
           content_type.starts_with("application/manifest+json");
}

bool accepts_gzip(std::string_view accept_encoding) {
    for (const auto& part : text::split(accept_encoding, ',')) {
        std::string_view item(part);
        auto token = text::trim(item.substr(0, item.find(';')));
        if (token != "gzip" && token != "*") continue;
        auto q = item.find("q=");
        return q == std::string_view::npos ||
               std::strtod(std::string(item.substr(q + 2)).c_str(), nullptr) > 0;
    }
    return false;
}

std::string content_etag(std::string_view body) {
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : body) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

}  // namespace perch::http
