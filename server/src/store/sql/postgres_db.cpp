#include "store/sql/postgres_db.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace perch::store {
namespace {

// The key of the advisory lock every write transaction holds: "perch" in ASCII.
constexpr std::string_view kBeginWrite = "BEGIN; SELECT pg_advisory_xact_lock(439788790632)";

std::string message_of(PGconn* conn) {
    std::string m = PQerrorMessage(conn);
    while (!m.empty() && std::isspace(static_cast<unsigned char>(m.back()))) m.pop_back();
    return m;
}

bool is_read(std::string_view sql) {
    auto start = sql.find_first_not_of(" \t\r\n(");
    if (start == std::string_view::npos) return true;
    auto word = sql.substr(start, 6);
    std::string upper;
    for (char ch : word) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return upper == "SELECT";
}

void ignore_notice(void*, const char* message) {
    spdlog::debug("postgresql: {}", message);
}

}  // namespace

std::string numbered_placeholders(std::string_view sql, int& params) {
    std::string out;
    out.reserve(sql.size() + 16);
    params = 0;
    bool quoted = false;
    int next = 0;  // a bare ? takes the number after the last one, as in SQLite
    for (std::size_t i = 0; i < sql.size(); ++i) {
        char ch = sql[i];
        if (ch == '\'') quoted = !quoted;
        if (ch != '?' || quoted) {
            out += ch;
            continue;
        }
        std::size_t digits = i + 1;
        while (digits < sql.size() && std::isdigit(static_cast<unsigned char>(sql[digits])))
            ++digits;
        int number =
            digits > i + 1 ? std::stoi(std::string(sql.substr(i + 1, digits - i - 1))) : next + 1;
        next = std::max(next, number);
        params = std::max(params, number);
        out += '$' + std::to_string(number);
        i = digits - 1;
    }
    return out;
}

PgStatement::PgStatement(PgConnection& conn, std::string name, std::string_view sql)
    : conn_(conn), name_(std::move(name)), writes_(!is_read(sql)) {
    int count = 0;
    auto text = numbered_placeholders(sql, count);
    params_.resize(static_cast<std::size_t>(count));
    std::unique_ptr<PGresult, Clear> prepared(
        PQprepare(conn_.handle(), name_.c_str(), text.c_str(), 0, nullptr));
    if (PQresultStatus(prepared.get()) != PGRES_COMMAND_OK)
        throw DbError("prepare: " + message_of(conn_.handle()) + " in: " + std::string(sql));
}

std::optional<std::string>& PgStatement::param(int index) {
    if (index < 1 || static_cast<std::size_t>(index) > params_.size())
        throw DbError("bind: no parameter " + std::to_string(index));
    return params_[static_cast<std::size_t>(index - 1)];
}

Statement& PgStatement::bind(int index, std::int64_t value) {
    param(index) = std::to_string(value);
    return *this;
}

Statement& PgStatement::bind(int index, std::string_view value) {
    param(index) = std::string(value);
    return *this;
}

Statement& PgStatement::bind_null(int index) {
    param(index).reset();
    return *this;
}

void PgStatement::execute() {
    std::vector<const char*> values;
    values.reserve(params_.size());
    for (const auto& p : params_) values.push_back(p ? p->c_str() : nullptr);
    auto run = [&] {
        result_.reset(PQexecPrepared(conn_.handle(), name_.c_str(), static_cast<int>(values.size()),
                                     values.data(), nullptr, nullptr, 0));
        auto status = PQresultStatus(result_.get());
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
            throw DbError("step: " + message_of(conn_.handle()));
        const char* tuples = PQcmdTuples(result_.get());
        conn_.changes_ = tuples && *tuples ? std::strtoll(tuples, nullptr, 10) : 0;
    };
    if (writes_) {
        conn_.as_write(run);
    } else {
        run();
    }
}

bool PgStatement::step() {
    if (!result_) execute();
    return ++row_ < PQntuples(result_.get());
}

std::int64_t PgStatement::column_int(int index) const {
    if (PQgetisnull(result_.get(), row_, index)) return 0;
    const char* text = PQgetvalue(result_.get(), row_, index);
    if (text[0] == 't' && text[1] == '\0') return 1;  // a boolean
    return std::strtoll(text, nullptr, 10);
}

std::string PgStatement::column_text(int index) const {
    if (PQgetisnull(result_.get(), row_, index)) return {};
    return PQgetvalue(result_.get(), row_, index);
}

bool PgStatement::column_is_null(int index) const {
    return PQgetisnull(result_.get(), row_, index) != 0;
}

int PgStatement::column_count() const {
    return result_ ? PQnfields(result_.get()) : 0;
}

std::string PgStatement::column_name(int index) const {
    return result_ ? PQfname(result_.get(), index) : "";
}

void PgStatement::reset() {
    result_.reset();
    row_ = -1;
    for (auto& p : params_) p.reset();
}

PgConnection::PgConnection(const std::string& url) : conn_(PQconnectdb(url.c_str())) {
    if (!conn_ || PQstatus(conn_.get()) != CONNECTION_OK)
        throw DbError("connect to PostgreSQL: " + message_of(conn_.get()));
    PQsetNoticeProcessor(conn_.get(), ignore_notice, nullptr);
    exec("SET client_min_messages = warning; SET TIME ZONE 'UTC'");
}

void PgConnection::exec(std::string_view sql) {
    std::unique_ptr<PGresult, void (*)(PGresult*)> result(
        PQexec(handle(), std::string(sql).c_str()), PQclear);
    auto status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw DbError("exec: " + message_of(handle()));
}

Statement& PgConnection::prepared(std::string_view sql) {
    auto it = statements_.find(sql);
    if (it == statements_.end()) {
        auto name = "perch_" + std::to_string(statements_.size() + 1);
        it = statements_.emplace(std::string(sql), std::make_unique<PgStatement>(*this, name, sql))
                 .first;
    }
    it->second->reset();
    return *it->second;
}

void PgConnection::on_lease() {
    if (PQstatus(handle()) == CONNECTION_OK) return;
    spdlog::warn("postgresql: connection lost, reconnecting");
    statements_.clear();  // prepared statements die with the session
    in_transaction_ = false;
    PQreset(handle());
    if (PQstatus(handle()) != CONNECTION_OK)
        throw DbError("reconnect to PostgreSQL: " + message_of(handle()));
    exec("SET client_min_messages = warning; SET TIME ZONE 'UTC'");
}

void PgConnection::on_return() {
    for (auto& [sql, statement] : statements_) statement->reset();
    if (PQtransactionStatus(handle()) == PQTRANS_IDLE) return;
    in_transaction_ = false;
    try {
        exec("ROLLBACK");
    } catch (const DbError&) {  // the connection is gone: on_lease resets it
    }
}

void PgConnection::begin_write() {
    exec(kBeginWrite);
    in_transaction_ = true;
}

void PgConnection::commit() {
    in_transaction_ = false;
    exec("COMMIT");
}

void PgConnection::rollback() {
    in_transaction_ = false;
    exec("ROLLBACK");
}

template <class F>
void PgConnection::as_write(F run) {
    if (in_transaction_) return run();
    Transaction tx(*this);
    run();
    tx.commit();
}

}  // namespace perch::store
