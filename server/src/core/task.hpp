#pragma once
// Coroutine vocabulary shared by every module (silkworm's Task<T> alias).
#include <boost/asio/awaitable.hpp>

namespace perch {
template <class T>
using Task = boost::asio::awaitable<T>;
}  // namespace perch
