#pragma once
// What the maker reports about its fees and funds, for /metrics and for logging each event once:
// nonces pending longer than the bound, nonces whose replacement would pass the fee cap, and
// balances below their low threshold. Written by the payers (I/O thread), read at scrape time
// (any thread), hence the lock.
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>

namespace perch::maker {

class GasAlerts {
  public:
    // The nonces of `chain_id` still pending, with their age in seconds: those older than the
    // bound are stuck (`stuck`). Forgets stuck and capped nonces no longer pending. Returns the
    // stuck nonces that were not stuck before (each logged once).
    std::set<std::uint64_t> update_pending(std::int64_t chain_id,
                                           const std::map<std::uint64_t, std::int64_t>& stuck,
                                           const std::set<std::uint64_t>& pending);
    // A replacement of this nonce would pass the fee cap; true the first time.
    bool note_capped(std::int64_t chain_id, std::uint64_t nonce);
    // Whether the maker's `symbol` on `chain_id` is below its threshold now; true when that
    // changed (a crossing, logged once).
    bool set_low(std::int64_t chain_id, const std::string& symbol, bool low);
    bool low(std::int64_t chain_id, const std::string& symbol) const;
    // Prometheus gauges: perch_maker_stuck_nonces, perch_maker_oldest_stuck_seconds,
    // perch_maker_fee_capped_nonces (by chain), perch_maker_balance_low (by chain and token).
    std::string render() const;

  private:
    mutable std::mutex mutex_;
    std::map<std::int64_t, std::map<std::uint64_t, std::int64_t>> stuck_;  // chain → nonce → age
    std::map<std::int64_t, std::set<std::uint64_t>> capped_;
    std::map<std::pair<std::int64_t, std::string>, bool> low_;
};

}  // namespace perch::maker
