#pragma once
// A table from each value of an enum to what it stands for (a text, a status code): one row per
// value, in declaration order, looked up by the value's position. It stands in for a switch of
// one-line cases; `covers` keeps the switch's compile-time guard, so each table's static_assert
// fails when a row is missing or out of order, or the enum's last value has none.
#include <cstddef>

namespace perch {

template <class E, class T>
struct EnumRow {
    E value;
    T meaning;
};

// Whether `rows` holds one row per value of E, in declaration order, from the first to `last`.
template <class E, class T, std::size_t N>
constexpr bool covers(const EnumRow<E, T> (&rows)[N], E last) {
    if (N != static_cast<std::size_t>(last) + 1) return false;
    for (std::size_t i = 0; i < N; ++i) {
        if (static_cast<std::size_t>(rows[i].value) != i) return false;
    }
    return true;
}

// The row's meaning, or `fallback` for a value outside the enum's declared ones.
template <class E, class T, std::size_t N>
constexpr T meaning_of(const EnumRow<E, T> (&rows)[N], E value, T fallback) {
    auto i = static_cast<std::size_t>(value);
    return i < N ? rows[i].meaning : fallback;
}

}  // namespace perch
