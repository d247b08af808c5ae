#include "http/static_files.hpp"

#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace perch::http {
namespace fs = std::filesystem;

std::string_view content_type_for(std::string_view path) {
    static const std::pair<std::string_view, std::string_view> types[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "application/javascript"},
        {".mjs", "application/javascript"},
        {".css", "text/css"},
        {".json", "application/json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".jpg", "image/jpeg"},
        {".jpeg", "image/jpeg"},
        {".webp", "image/webp"},
        {".gif", "image/gif"},
        {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},
        {".woff", "font/woff"},
        {".txt", "text/plain; charset=utf-8"},
        {".webmanifest", "application/manifest+json"},
        {".map", "application/json"},
        {".wasm", "application/wasm"},
    };
    for (const auto& [ext, type] : types) {
        if (path.ends_with(ext)) return type;
    }
    return "application/octet-stream";
}

StaticFiles::StaticFiles(const std::string& root) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
        spdlog::warn("web root {} not found: the app is not built (run make web)", root);
        return;
    }
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file()) continue;
        auto rel = "/" + fs::relative(entry.path(), root).generic_string();
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream buf;
        buf << in.rdbuf();
        bool hashed = rel.starts_with("/assets/");
        std::string cache = hashed ? "public, max-age=31536000, immutable" : "no-cache";
        files_.emplace(rel, make_payload(std::string(content_type_for(rel)), buf.str(), cache));
    }
    if (auto it = files_.find("/index.html"); it != files_.end()) index_ = it->second;
    spdlog::info("serving {} files of the web app from {}", files_.size(), root);
}

bool StaticFiles::is_app_route(std::string_view path) {
    if (path.starts_with("/assets/")) return false;
    auto name = path.substr(path.rfind('/') + 1);
    return name.find('.') == std::string_view::npos;
}

std::shared_ptr<const Payload> StaticFiles::find(std::string_view path) const {
    if (auto it = files_.find(std::string(path)); it != files_.end()) return it->second;
    return is_app_route(path) ? index_ : nullptr;
}

}  // namespace perch::http
