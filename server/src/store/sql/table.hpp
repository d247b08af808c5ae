#pragma once
// A table's row declared once, for both dialects: a list of columns, each a name and the struct
// member it holds. The SELECT list, an INSERT's columns and placeholders, the binding of a row's
// values and the reading of a row all come from that list, so a new column is one line, not three
// edits matched by position. The SQL around it (WHERE, ORDER BY, ON CONFLICT) stays written out at
// each query: this is no query builder.
//
// Beside it, the few ways a statement is run: bound from parameter 1 (`query`), run for its
// changes (`execute`), and read into all rows, the first row or a single value.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "store/sql/db.hpp"

namespace perch::store {

// How a C++ value becomes a parameter and is read back from a column.
template <class T>
struct Codec;

template <>
struct Codec<std::int64_t> {
    static void bind(Statement& s, int i, std::int64_t v) { s.bind(i, v); }
    static std::int64_t read(const Statement& s, int i) { return s.column_int(i); }
};

template <>
struct Codec<int> {
    static void bind(Statement& s, int i, int v) { s.bind(i, static_cast<std::int64_t>(v)); }
    static int read(const Statement& s, int i) { return static_cast<int>(s.column_int(i)); }
};

template <>
struct Codec<std::uint64_t> {
    static void bind(Statement& s, int i, std::uint64_t v) {
        s.bind(i, static_cast<std::int64_t>(v));
    }
    static std::uint64_t read(const Statement& s, int i) {
        return static_cast<std::uint64_t>(s.column_int(i));
    }
};

// Stored as the integers 1 and 0, which both dialects compare and sum alike.
template <>
struct Codec<bool> {
    static void bind(Statement& s, int i, bool v) { s.bind(i, static_cast<std::int64_t>(v)); }
    static bool read(const Statement& s, int i) { return s.column_int(i) != 0; }
};

template <>
struct Codec<std::string> {
    static void bind(Statement& s, int i, std::string_view v) { s.bind(i, v); }
    static std::string read(const Statement& s, int i) { return s.column_text(i); }
};

template <>
struct Codec<std::string_view> {
    static void bind(Statement& s, int i, std::string_view v) { s.bind(i, v); }
};

template <>
struct Codec<const char*> {
    static void bind(Statement& s, int i, const char* v) { s.bind(i, std::string_view(v)); }
};

// A string literal passed as a parameter (its array type decays to char*).
template <>
struct Codec<char*> : Codec<const char*> {};

// A nullable column: NULL is nullopt.
template <class T>
struct Codec<std::optional<T>> {
    static void bind(Statement& s, int i, const std::optional<T>& v) {
        if (v)
            Codec<T>::bind(s, i, *v);
        else
            s.bind_null(i);
    }
    static std::optional<T> read(const Statement& s, int i) {
        if (s.column_is_null(i)) return std::nullopt;
        return Codec<T>::read(s, i);
    }
};

template <class T>
using CodecOf = Codec<std::decay_t<T>>;

// Binds `values` to parameters first, first + 1, ...
template <class... V>
Statement& bind_values(Statement& s, int first, const V&... values) {
    [[maybe_unused]] int i = first;  // unused when there are no values
    (CodecOf<V>::bind(s, i++, values), ...);
    return s;
}

// The prepared statement of `sql` with `params` bound from parameter 1.
template <class... V>
Statement& query(Connection& c, std::string_view sql, const V&... params) {
    return bind_values(c.prepared(sql), 1, params...);
}

// Runs a statement that returns no rows; how many rows it changed.
template <class... V>
std::int64_t execute(Connection& c, std::string_view sql, const V&... params) {
    auto& s = query(c, sql, params...);
    s.step();
    s.reset();
    return c.changes();
}

// Column i as T.
template <class T>
T column(const Statement& s, int i) {
    return Codec<T>::read(s, i);
}

// Every row of `s`, each made by read(s); the statement is reset after.
template <class F>
auto all_rows(Statement& s, F read) {
    std::vector<std::invoke_result_t<F&, const Statement&>> out;
    while (s.step()) out.push_back(read(std::as_const(s)));
    s.reset();
    return out;
}

// The first row of `s` made by read(s), if there is one; the statement is reset after.
template <class F>
auto first_row(Statement& s, F read) {
    std::optional<std::invoke_result_t<F&, const Statement&>> out;
    if (s.step()) out = read(std::as_const(s));
    s.reset();
    return out;
}

// The first column of the first row as T, or `fallback` when there is no row.
template <class T>
T single(Statement& s, T fallback) {
    auto v = first_row(s, [](const Statement& r) { return column<T>(r, 0); });
    return v ? std::move(*v) : std::move(fallback);
}

// Whether `s` returns a row.
inline bool has_row(Statement& s) {
    bool yes = s.step();
    s.reset();
    return yes;
}

template <class T, class M>
struct Column {
    std::string_view name;
    M T::*member;
};

template <class T, class M>
constexpr Column<T, M> col(std::string_view name, M T::*member) {
    return {name, member};
}

template <class T, class... M>
class Table {
  public:
    constexpr explicit Table(Column<T, M>... columns) : columns_(columns...) {}
    static constexpr int size = sizeof...(M);

    // The column names, comma-separated, each after `prefix` ("o." for a join's alias).
    std::string columns(std::string_view prefix = "") const {
        std::string out;
        for_each([&](const auto& c) {
            out += (out.empty() ? "" : ", ") + std::string(prefix) + std::string(c.name);
        });
        return out;
    }

    // One `?` per column, comma-separated.
    static std::string placeholders() {
        std::string out;
        for (int i = 0; i < size; ++i) out += i ? ", ?" : "?";
        return out;
    }

    // "INSERT INTO <into> (<columns>) VALUES (?, ...)"; an ON CONFLICT clause may follow.
    std::string insert_sql(std::string_view into) const {
        return "INSERT INTO " + std::string(into) + " (" + columns() + ") VALUES (" +
               placeholders() + ")";
    }

    // Runs `sql`, whose parameters are the row's columns in this order and then `more`; how many
    // rows it changed.
    template <class... V>
    std::int64_t execute(Connection& c, std::string_view sql, const T& row,
                         const V&... more) const {
        auto& s = c.prepared(sql);
        bind_values(s, bind(s, row), more...);
        s.step();
        s.reset();
        return c.changes();
    }

    // "c = excluded.c, ..." for an upsert, every column but `keys` (the conflict target).
    std::string set_excluded(std::initializer_list<std::string_view> keys) const {
        std::string out;
        for_each([&](const auto& c) {
            for (auto k : keys)
                if (k == c.name) return;
            auto name = std::string(c.name);
            out += (out.empty() ? "" : ", ") + name + " = excluded." + name;
        });
        return out;
    }

    // The row whose columns stand in this order from column `first`.
    T read(const Statement& s, int first = 0) const {
        T row{};
        int i = first;
        for_each([&](const auto& c) {
            auto& field = row.*(c.member);
            field = CodecOf<decltype(field)>::read(s, i++);
        });
        return row;
    }

    // Every row of "SELECT <columns> <from>", `from` being the rest of the query (FROM, WHERE,
    // ORDER BY, ...) and `params` its parameters.
    template <class... V>
    std::vector<T> select(Connection& c, std::string_view from, const V&... params) const {
        auto& s = query(c, "SELECT " + columns() + " " + std::string(from), params...);
        return all_rows(s, [this](const Statement& r) { return read(r); });
    }

    // The first row of the same, if any.
    template <class... V>
    std::optional<T> select_one(Connection& c, std::string_view from, const V&... params) const {
        auto& s = query(c, "SELECT " + columns() + " " + std::string(from), params...);
        return first_row(s, [this](const Statement& r) { return read(r); });
    }

    // Binds the row's values to parameters from `first`; the next free parameter.
    int bind(Statement& s, const T& row, int first = 1) const {
        int i = first;
        for_each([&](const auto& c) {
            CodecOf<decltype(row.*(c.member))>::bind(s, i++, row.*(c.member));
        });
        return i;
    }

    // This table's columns followed by `more`'s.
    template <class... N>
    constexpr Table<T, M..., N...> operator+(const Table<T, N...>& more) const {
        return std::apply([](auto... all) { return Table<T, M..., N...>(all...); },
                          std::tuple_cat(columns_, more.column_list()));
    }

    const std::tuple<Column<T, M>...>& column_list() const { return columns_; }

  private:
    template <class F>
    void for_each(F f) const {
        std::apply([&](const auto&... c) { (f(c), ...); }, columns_);
    }

    std::tuple<Column<T, M>...> columns_;
};

template <class T, class... M>
constexpr Table<T, M...> table(Column<T, M>... columns) {
    return Table<T, M...>(columns...);
}

}  // namespace perch::store
