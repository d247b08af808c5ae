#pragma once
// Tests and benchmarks of the store run their coroutines with core/run_blocking.hpp.
#include "core/run_blocking.hpp"

namespace perch::testing {

template <class T>
T run(Task<T> task) {
    return run_blocking(std::move(task));
}

}  // namespace perch::testing
