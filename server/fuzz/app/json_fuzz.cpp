// libFuzzer: arbitrary bodies for every POST route (the first byte picks the route, the rest is
// the JSON body), so each handler's JSON body parser meets malformed, deep, huge and wrongly typed
// documents. Nothing may crash, leak, hang or escape as an exception.
#include <cstdint>
#include <string>
#include <vector>

#include "harness.hpp"

namespace bhttp = boost::beast::http;

namespace {

// A concrete path for a pattern: parameters filled with valid values.
std::string concrete(const std::string& pattern) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '{') {
            out += pattern[i];
            continue;
        }
        auto end = pattern.find('}', i);
        auto kind = pattern.substr(i, end - i);
        out += kind.find(":int") != std::string::npos
                   ? "1"
                   : "0x00000000000000000000000000000000000a11ce";
        i = end;
    }
    return out;
}

const std::vector<std::string>& post_paths() {
    static const auto paths = [] {
        std::vector<std::string> out;
        for (const auto& r : perch::fuzz::wiring().dispatcher.router().routes()) {
            if (r.method == bhttp::verb::post) out.push_back(concrete(r.pattern));
        }
        return out;
    }();
    return paths;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto& paths = post_paths();
    perch::http::RawRequest req{bhttp::verb::post, paths[data[0] % paths.size()], 11};
    req.set(bhttp::field::host, "127.0.0.1");
    req.set(bhttp::field::content_type, "application/json");
    req.set("X-Admin-Token", "fuzz-admin-token");
    req.body().assign(reinterpret_cast<const char*>(data + 1), size - 1);
    req.prepare_payload();
    perch::fuzz::run(req);
    return 0;
}
