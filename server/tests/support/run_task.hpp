#pragma once
// Runs a coroutine to completion on a private io_context (tests and benchmarks of the store).
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <utility>

#include "core/task.hpp"

namespace perch::testing {

template <class T>
T run(Task<T> task) {
    boost::asio::io_context io;
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.run();
    return future.get();
}

}  // namespace perch::testing
