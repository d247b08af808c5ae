#pragma once
// Coroutines run at once on the caller's executor, the caller waiting for all of them: reads on
// several chains then cost the slowest chain's time, not the sum of all.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/deferred.hpp>
#include <boost/asio/experimental/parallel_group.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <optional>
#include <utility>
#include <vector>

#include "core/task.hpp"

namespace perch {

// The tasks' results in the tasks' order (not the order they finish in); none for a task that
// threw, which the caller reports as it reports a failed read.
template <class T>
Task<std::vector<std::optional<T>>> in_parallel(std::vector<Task<T>> tasks) {
    namespace asio = boost::asio;
    std::vector<std::optional<T>> out;
    if (tasks.empty()) co_return out;
    auto executor = co_await asio::this_coro::executor;
    using Op = decltype(asio::co_spawn(std::declval<asio::any_io_executor>(),
                                       std::declval<Task<T>>(), asio::deferred));
    std::vector<Op> ops;
    ops.reserve(tasks.size());
    for (auto& task : tasks)
        ops.push_back(asio::co_spawn(executor, std::move(task), asio::deferred));
    auto group = asio::experimental::make_parallel_group(std::move(ops));
    // (completion order, exceptions, values), each indexed as the tasks are.
    auto done = co_await group.async_wait(asio::experimental::wait_for_all(), asio::use_awaitable);
    const auto& errors = std::get<1>(done);
    auto& values = std::get<2>(done);
    out.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (errors[i])
            out.emplace_back(std::nullopt);
        else
            out.emplace_back(std::move(values[i]));
    }
    co_return out;
}

// in_parallel, with `failed(i)` standing in for the i-th task's result when it threw (tasks that
// catch their own failures: a throw is a programming error, reported like a failed read).
template <class T, class Failed>
Task<std::vector<T>> in_parallel_or(std::vector<Task<T>> tasks, Failed failed) {
    auto answers = co_await in_parallel(std::move(tasks));
    std::vector<T> out;
    out.reserve(answers.size());
    for (std::size_t i = 0; i < answers.size(); ++i)
        out.push_back(answers[i] ? std::move(*answers[i]) : failed(i));
    co_return out;
}

}  // namespace perch
