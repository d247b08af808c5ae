#pragma once
// The built web app, read once at start and served from memory with precomputed gzip. Hashed
// assets (/assets/...) are cached for a year; index.html is revalidated; any other path that is not
// a file gets index.html so the app's router can take it (SPA fallback).
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
    // The file for a path, or index.html; null when the app was not built.
    std::shared_ptr<const Payload> find(std::string_view path) const;

  private:
    std::unordered_map<std::string, std::shared_ptr<const Payload>> files_;
    std::shared_ptr<const Payload> index_;
};

std::string_view content_type_for(std::string_view path);

}  // namespace perch::http
