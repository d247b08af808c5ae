#pragma once
// Runs one coroutine to completion from plain code, on an io_context of the caller's thread: for
// start-up and one-shot commands before (or without) the server's threads, and for tests and
// benchmarks. Never from an I/O thread: it blocks until the coroutine ends.
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <utility>

#include "core/task.hpp"

namespace perch {

// On `io`, which may be run again afterwards (a client that keeps idle connections per context
// needs one context that outlives it).
template <class T>
T run_blocking(Task<T> task, boost::asio::io_context& io) {
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.restart();
    io.run();
    return future.get();
}

// On a context of its own.
template <class T>
T run_blocking(Task<T> task) {
    boost::asio::io_context io;
    return run_blocking(std::move(task), io);
}

}  // namespace perch
