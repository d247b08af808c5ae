#pragma once
// The fixture of the order store's tests (orders_store_test, orders_payout_store_test,
// orders_lookup_store_test): a store on the database under test with the maker's lease taken,
// and helpers to queue orders, read them by state and make writes fail.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "order_fixture.hpp"
#include "run_task.hpp"
#include "store/sql/orders.hpp"
#include "test_database.hpp"

namespace perch::store::test_orders {

using perch::testing::run;
using perch::testing::TestDatabase;

inline TxPlan payout_plan(std::int64_t order_id) {
    return TxPlan{order_id, "payout", "queued", fake_signed};
}

class SqlOrderStore : public ::testing::Test {
  protected:
    TestDatabase db;
    SqlStore store{db.url()};
    OrderStore& orders = store.orders();

    Lease lease = *run(orders.take_lease("this-test", 0, 1'000'000'000));

    std::vector<Order> in_state(const std::string& state, std::int64_t chain, bool by_source) {
        return run(orders.orders_in_state(state, chain, by_source, 100));
    }
    void exec(const std::string& sql) {
        run(store.run([sql](Connection& c) { c.exec(sql); }));
    }
    // A trigger that aborts every `event` (INSERT, UPDATE) on `table` where `when` holds.
    void fail_writes(const std::string& name, const std::string& event, const std::string& table,
                     const std::string& when) {
        if (store.dialect() == Dialect::sqlite) {
            exec("CREATE TRIGGER " + name + " BEFORE " + event + " ON " + table +
                 (when.empty() ? "" : " WHEN " + when) +
                 " BEGIN SELECT RAISE(ABORT, 'injected'); END");
            return;
        }
        exec(
            "CREATE OR REPLACE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN RAISE EXCEPTION 'injected'; END $$");
        exec("CREATE TRIGGER " + name + " BEFORE " + event + " ON " + table + " FOR EACH ROW " +
             (when.empty() ? "" : "WHEN (" + when + ") ") + "EXECUTE FUNCTION injected_failure()");
    }
    void drop_trigger(const std::string& name, const std::string& table) {
        exec("DROP TRIGGER " + name + (store.dialect() == Dialect::sqlite ? "" : " ON " + table));
    }
    // Deposits 1 and 2 recorded on 8453 and queued: their orders' ids.
    std::pair<std::int64_t, std::int64_t> two_queued() {
        run(orders.record_deposits(8453, {deposit(1), deposit(2)}, WatchCursor{20, "h"}));
        return {queue(deposit(1)), queue(deposit(2))};
    }
    std::int64_t queue(const Order& o) {
        auto found = run(orders.order_by_tx(o.src_chain_id, o.src_tx_hash));
        Transition t{found->id, "confirming", "queued", "", "990", "10"};
        EXPECT_TRUE(run(orders.transition(t)));
        return found->id;
    }
};

}  // namespace perch::store::test_orders
