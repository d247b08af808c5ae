#include "http/compress.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

using namespace perch::http;

namespace {

std::string gunzip(const std::string& data) {
    z_stream zs{};
    inflateInit2(&zs, 15 + 16);
    std::string out(1 << 20, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    zs.avail_in = static_cast<uInt>(data.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    inflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    inflateEnd(&zs);
    return out;
}

}  // namespace

TEST(Compress, GzipRoundTrips) {
    std::string text;
    for (int i = 0; i < 500; ++i) text += "{\"chain_id\":" + std::to_string(i) + "},";
    auto packed = gzip(text, 6);
    EXPECT_LT(packed.size(), text.size() / 4);
    EXPECT_EQ(gunzip(packed), text);
}

TEST(Compress, AcceptEncodingParsing) {
    EXPECT_TRUE(accepts_gzip("gzip, deflate, br"));
    EXPECT_TRUE(accepts_gzip("br;q=1.0, gzip;q=0.8"));
    EXPECT_FALSE(accepts_gzip("gzip;q=0"));
    EXPECT_FALSE(accepts_gzip("br"));
    EXPECT_FALSE(accepts_gzip(""));
}

TEST(Compress, CompressibleTypes) {
    EXPECT_TRUE(is_compressible("application/json"));
    EXPECT_TRUE(is_compressible("text/html; charset=utf-8"));
    EXPECT_FALSE(is_compressible("image/png"));
}

TEST(Compress, EtagIsStableAndSensitive) {
    EXPECT_EQ(content_etag("abc"), content_etag("abc"));
    EXPECT_NE(content_etag("abc"), content_etag("abd"));
    EXPECT_EQ(content_etag("abc").size(), 16U);
}
