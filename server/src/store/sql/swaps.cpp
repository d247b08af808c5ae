// The swaps table in SQL (both dialects: the statements are the shared subset), on the main
// store's DB threads.
#include "store/sql/sql_store.hpp"
#include "store/sql/table.hpp"
#include "store/swap_store.hpp"

namespace perch::store {
namespace {

constexpr const char* kMine = "FROM swaps WHERE sender = ?1 OR recipient = ?1";

const auto kSwaps = table(
    col("chain_id", &SwapRecord::chain_id), col("tx_hash", &SwapRecord::tx_hash),
    col("sender", &SwapRecord::sender), col("recipient", &SwapRecord::recipient),
    col("token_in", &SwapRecord::token_in), col("token_out", &SwapRecord::token_out),
    col("amount_in", &SwapRecord::amount_in), col("amount_out", &SwapRecord::amount_out),
    col("block_number", &SwapRecord::block_number), col("swapped_at", &SwapRecord::swapped_at));

class SqlSwaps final : public SqlTableStore<SwapStore> {
  public:
    using SqlTableStore::SqlTableStore;

    Task<bool> record(SwapRecord swap) override {
        auto f = [swap = std::move(swap)](Connection& c) {
            auto sql = kSwaps.insert_sql("swaps") + " ON CONFLICT (chain_id, tx_hash) DO NOTHING";
            return kSwaps.execute(c, sql, swap) > 0;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<SwapPage> history(std::string wallet, int page, int size) override {
        auto f = [wallet = std::move(wallet), page, size](Connection& c) {
            SwapPage out;
            out.total =
                single<std::int64_t>(query(c, std::string("SELECT COUNT(*) ") + kMine, wallet), 0);
            out.list = kSwaps.select(c, std::string(kMine) + " ORDER BY id DESC LIMIT ?2 OFFSET ?3",
                                     wallet, size, static_cast<std::int64_t>(page - 1) * size);
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }
};

}  // namespace

std::unique_ptr<SwapStore> open_swap_store(Store& store) {
    return open_sql_table<SqlSwaps>(store, "swaps");
}

}  // namespace perch::store
