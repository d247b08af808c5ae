#pragma once
// Runs one coroutine to completion on a private io_context: for the start-up and one-shot
// commands, before (or without) the server's threads.
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>

#include "core/task.hpp"

namespace perch::app {

template <class T>
T run_now(Task<T> task) {
    boost::asio::io_context io;
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.run();
    return future.get();
}

}  // namespace perch::app
