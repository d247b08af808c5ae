#include "core/context_pool.hpp"

#include <spdlog/spdlog.h>

namespace perch {

ContextPool::ContextPool(unsigned size) {
    if (size == 0) size = std::max(1U, std::thread::hardware_concurrency());
    for (unsigned i = 0; i < size; ++i) {
        contexts_.push_back(std::make_unique<boost::asio::io_context>(1));
        guards_.emplace_back(contexts_.back()->get_executor());
    }
}

ContextPool::~ContextPool() {
    stop();
}

void ContextPool::start() {
    for (auto& ctx : contexts_) {
        threads_.emplace_back([&io = *ctx] {
            for (;;) {
                try {
                    io.run();
                    return;
                } catch (const std::exception& e) {
                    // A handler let an exception escape: log it and keep the context serving.
                    spdlog::error("io_context handler failed: {}", e.what());
                }
            }
        });
    }
}

void ContextPool::stop() {
    guards_.clear();
    for (auto& ctx : contexts_) ctx->stop();
    threads_.clear();  // jthread joins
}

boost::asio::io_context& ContextPool::next() {
    return *contexts_[next_.fetch_add(1, std::memory_order_relaxed) % contexts_.size()];
}

}  // namespace perch
