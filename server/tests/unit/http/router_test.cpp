#include "http/router.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

using namespace perch::http;

namespace {

Handler answer(int n) {
    return [n](Request&) -> perch::Task<Response> {
        Response r;
        r.body = std::to_string(n);
        co_return r;
    };
}

}  // namespace

TEST(Router, LiteralAndParameterRoutes) {
    Router r;
    r.get("/api/campaign_api/v1/themes", "", answer(1));
    r.get("/api/campaign_api/v1/{user:address}/points", "", answer(2));
    r.post("/api/campaign_api/v1/{user:address}/campaigns/{id:int}", "", answer(3));

    EXPECT_NE(r.match(bhttp::verb::get, "/api/campaign_api/v1/themes").handler, nullptr);
    auto m = r.match(bhttp::verb::get,
                     "/api/campaign_api/v1/0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC/points");
    ASSERT_NE(m.handler, nullptr);
    EXPECT_EQ(m.params.at("user"), "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    auto c =
        r.match(bhttp::verb::post,
                "/api/campaign_api/v1/0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC/campaigns/17/");
    ASSERT_NE(c.handler, nullptr);
    EXPECT_EQ(c.params.at("id"), "17");
}

TEST(Router, WrongKindIsBadRequestNamingTheParameter) {
    Router r;
    r.get("/api/x/{user:address}/points", "", answer(1));
    r.get("/api/y/{id:int}", "", answer(2));
    try {
        r.match(bhttp::verb::get, "/api/x/bob/points");
        FAIL() << "expected a bad request";
    } catch (const perch::ApiError& e) {
        EXPECT_EQ(e.http_status(), 400);
        EXPECT_NE(e.client_text().find("'user'"), std::string::npos);
    }
    EXPECT_THROW(r.match(bhttp::verb::get, "/api/y/12a"), perch::ApiError);
}

TEST(Router, MissesAndOtherMethods) {
    Router r;
    r.get("/api/health", "", answer(1));
    EXPECT_EQ(r.match(bhttp::verb::get, "/api/healthz").handler, nullptr);
    auto m = r.match(bhttp::verb::post, "/api/health");
    EXPECT_EQ(m.handler, nullptr);
    EXPECT_TRUE(m.other_method);
}

TEST(Router, RejectsUnknownParameterKind) {
    Router r;
    EXPECT_THROW(r.get("/api/{x:uuid}", "", answer(1)), std::invalid_argument);
}

TEST(NormalizePath, CollapsesEmptySegmentsAndResolvesDotSegments) {
    EXPECT_EQ(normalize_path("/api/auth/nonce"), "/api/auth/nonce");
    EXPECT_EQ(normalize_path("/api//auth/nonce"), "/api/auth/nonce");
    EXPECT_EQ(normalize_path("//api///auth//nonce//"), "/api/auth/nonce");
    EXPECT_EQ(normalize_path("/api/auth/nonce/"), "/api/auth/nonce");
    EXPECT_EQ(normalize_path("/api/./auth/nonce/."), "/api/auth/nonce");
    EXPECT_EQ(normalize_path("/api/x/../auth/nonce"), "/api/auth/nonce");
    EXPECT_EQ(normalize_path("/../../api/auth/nonce"), "/api/auth/nonce");  // never above the root
    EXPECT_EQ(normalize_path("/api/auth/nonce/.."), "/api/auth");
    EXPECT_EQ(normalize_path("/"), "/");
    EXPECT_EQ(normalize_path(""), "/");
    EXPECT_EQ(normalize_path("//"), "/");
    EXPECT_EQ(normalize_path("/.."), "/");
    // Only whole "." and ".." segments are special.
    EXPECT_EQ(normalize_path("/a/.well-known/..x"), "/a/.well-known/..x");
}

TEST(NormalizePath, KnowsWhatIsAlreadyNormal) {
    for (const char* normal : {"/", "/api", "/api/auth/nonce", "/a/.b/..c"})
        EXPECT_TRUE(is_normal_path(normal)) << normal;
    for (const char* other :
         {"", "api", "//", "/api/", "/api//x", "/api/./x", "/api/../x", "/api/.", "/api/.."})
        EXPECT_FALSE(is_normal_path(other)) << other;
}
