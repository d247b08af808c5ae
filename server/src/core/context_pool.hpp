#pragma once
// One io_context per thread (silkworm's context pool): no locks inside a connection, and work is
// spread by handing each new connection to the next context.
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <memory>
#include <thread>
#include <vector>

namespace perch {

class ContextPool {
  public:
    explicit ContextPool(unsigned size);
    ~ContextPool();
    ContextPool(const ContextPool&) = delete;
    ContextPool& operator=(const ContextPool&) = delete;

    void start();  // one thread per context
    void stop();   // stops every context and joins the threads; safe to call twice
    boost::asio::io_context& next();
    boost::asio::io_context& at(std::size_t i) { return *contexts_.at(i); }
    std::size_t size() const { return contexts_.size(); }

  private:
    using Guard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;
    std::vector<std::unique_ptr<boost::asio::io_context>> contexts_;
    std::vector<Guard> guards_;
    std::vector<std::jthread> threads_;
    std::atomic<std::size_t> next_{0};
};

}  // namespace perch
