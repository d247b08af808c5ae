#pragma once
#include <string>
#include <string_view>

namespace perch::http {

inline constexpr std::size_t kMinCompressBytes = 1024;

std::string gzip(std::string_view data, int level);
bool is_compressible(std::string_view content_type);
bool accepts_gzip(std::string_view accept_encoding);
// A short, stable fingerprint of a body for ETag (FNV-1a 64, hex).
std::string content_etag(std::string_view body);

}  // namespace perch::http
