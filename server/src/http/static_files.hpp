#pragma once
// The built web app, read once at start and served from memory with precomputed gzip. Hashed
// assets (/assets/...) are cached for a year; index.html is revalidated. A path that names no file
// of the build gets index.html when it is an app route (its last segment has no dot and it is not
// under /assets/), so the app's router can take it; a missing file is not found.
#include <memory>
#include <string>
#include <unordered_map>

#include "http/message.hpp"

namespace perch::http {

class StaticFiles {
  public:
    explicit StaticFiles(const std::string& root);
    bool ready() const { return index_ != nullptr; }
    std::size_t file_count() const { return files_.size(); }
    // The file for a path, or index.html for an app route; null for a missing file (and for
    // everything when the app was not built: see ready()).
    std::shared_ptr<const Payload> find(std::string_view path) const;
    // Whether a path is one of the app's own routes rather than a file's name.
    static bool is_app_route(std::string_view path);

  private:
    std::unordered_map<std::string, std::shared_ptr<const Payload>> files_;
    std::shared_ptr<const Payload> index_;
};

std::string_view content_type_for(std::string_view path);

}  // namespace perch::http
