#pragma once
// Background workers kept one per chain (the activity indexers, the swap's pool indexers): started
// and stopped together, found by chain id, listed in chain id order. The services that own them
// keep only what is their own (the tracker's reads, the swap's tokens and gas price).
#include <boost/asio/any_io_executor.hpp>
#include <concepts>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace perch {

// A loop that runs on an executor until stopped.
template <class W>
concept ChainWorker = requires(W& worker, const boost::asio::any_io_executor& ex) {
    worker.start(ex);
    worker.stop();
};

template <ChainWorker Worker>
class PerChainWorkers {
  public:
    using Map = std::map<std::int64_t, std::unique_ptr<Worker>>;

    // A second worker for the same chain replaces the first (which must not have been started).
    void add(std::int64_t chain_id, std::unique_ptr<Worker> worker) {
        workers_[chain_id] = std::move(worker);
    }

    void start(const boost::asio::any_io_executor& ex) {
        for (auto& entry : workers_) entry.second->start(ex);
    }
    void stop() {
        for (auto& entry : workers_) entry.second->stop();
    }

    bool contains(std::int64_t chain_id) const { return workers_.contains(chain_id); }
    // Null when the chain has no worker.
    Worker* find(std::int64_t chain_id) const {
        auto it = workers_.find(chain_id);
        return it == workers_.end() ? nullptr : it->second.get();
    }
    std::vector<std::int64_t> chain_ids() const {
        std::vector<std::int64_t> ids;
        ids.reserve(workers_.size());
        for (const auto& entry : workers_) ids.push_back(entry.first);
        return ids;
    }

    // (chain id, worker) in chain id order.
    typename Map::const_iterator begin() const { return workers_.begin(); }
    typename Map::const_iterator end() const { return workers_.end(); }

  private:
    Map workers_;
};

}  // namespace perch
