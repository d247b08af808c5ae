// The chains' genesis hashes in SQL (both dialects): the first hash recorded for a chain stays.
#include "store/chain_genesis_store.hpp"
#include "store/sql/sql_store.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

// In one write transaction: the chain's row unless it has one, then the hash its row holds.
std::string record_first_genesis(Connection& c, std::int64_t chain_id, const std::string& hash,
                                 std::int64_t now) {
    Transaction tx(c);
    execute(c,
            "INSERT INTO chain_genesis (chain_id, genesis_hash, recorded_at) VALUES (?, ?, ?) "
            "ON CONFLICT (chain_id) DO NOTHING",
            chain_id, hash, now);
    auto held =
        single(query(c, "SELECT genesis_hash FROM chain_genesis WHERE chain_id = ?", chain_id),
               std::string());
    tx.commit();
    return held;
}

class SqlChainGenesis final : public SqlTableStore<ChainGenesisStore> {
  public:
    using SqlTableStore::SqlTableStore;

    Task<std::string> bind_genesis(std::int64_t chain_id, std::string genesis_hash,
                                   std::int64_t now) override {
        auto record = [chain_id, hash = std::move(genesis_hash), now](Connection& c) {
            return record_first_genesis(c, chain_id, hash, now);
        };
        auto held = co_await db_.run(std::move(record));
        co_return held;
    }
};

}  // namespace

std::unique_ptr<ChainGenesisStore> open_chain_genesis_store(Store& store) {
    return open_sql_table<SqlChainGenesis>(store, "chain genesis");
}

}  // namespace perch::store
