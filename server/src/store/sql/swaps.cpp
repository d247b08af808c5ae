// The swaps table in SQL (both dialects: the statements are the shared subset), on the main
// store's DB threads.
#include "store/sql/sql_store.hpp"
#include "store/swap_store.hpp"

namespace perch::store {
namespace {

constexpr const char* kMine = "FROM swaps WHERE sender = ?1 OR recipient = ?1";

class SqlSwaps final : public SwapStore {
  public:
    explicit SqlSwaps(SqlStore& db) : db_(db) {}

    Task<bool> record(SwapRecord swap) override {
        auto f = [swap = std::move(swap)](Connection& c) {
            c.prepared(
                 "INSERT INTO swaps (chain_id, tx_hash, sender, recipient, token_in, token_out, "
                 "amount_in, amount_out, block_number, swapped_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                 "?, ?) ON CONFLICT (chain_id, tx_hash) DO NOTHING")
                .bind(1, swap.chain_id)
                .bind(2, swap.tx_hash)
                .bind(3, swap.sender)
                .bind(4, swap.recipient)
                .bind(5, swap.token_in)
                .bind(6, swap.token_out)
                .bind(7, swap.amount_in)
                .bind(8, swap.amount_out)
                .bind(9, swap.block_number)
                .bind(10, swap.swapped_at)
                .step();
            return c.changes() > 0;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<SwapPage> history(std::string wallet, int page, int size) override {
        auto f = [wallet = std::move(wallet), page, size](Connection& c) {
            SwapPage out;
            auto& count = c.prepared(std::string("SELECT COUNT(*) ") + kMine);
            count.bind(1, wallet);
            if (count.step()) out.total = count.column_int(0);
            count.reset();
            auto& s = c.prepared(
                std::string("SELECT chain_id, tx_hash, sender, recipient, token_in, token_out, "
                            "amount_in, amount_out, block_number, swapped_at ") +
                kMine + " ORDER BY id DESC LIMIT ?2 OFFSET ?3");
            s.bind(1, wallet);
            s.bind(2, static_cast<std::int64_t>(size));
            s.bind(3, static_cast<std::int64_t>(page - 1) * size);
            while (s.step()) {
                out.list.push_back({s.column_int(0), s.column_text(1), s.column_text(2),
                                    s.column_text(3), s.column_text(4), s.column_text(5),
                                    s.column_text(6), s.column_text(7), s.column_int(8),
                                    s.column_int(9)});
            }
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

  private:
    SqlStore& db_;
};

}  // namespace

std::unique_ptr<SwapStore> open_swap_store(Store& store) {
    return open_sql_table<SqlSwaps>(store, "swaps");
}

}  // namespace perch::store
