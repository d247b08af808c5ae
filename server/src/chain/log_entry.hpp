#pragma once
// One entry of an eth_getLogs answer, read the one way every event decoder needs it: a log the
// node marks removed (a reorg dropped its block) is refused, then the emitter, the topics and the
// data are parsed, and where it was mined, which a node leaves out of a pending log. Each decoder
// then checks that the emitter and the event are the ones it reads. Pure.
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/address.hpp"
#include "chain/hex.hpp"
#include "chain/keccak.hpp"

namespace perch::chain {

struct LogEntry {
    Address emitter;
    std::vector<Hash32> topics;  // at least one: the event's
    Bytes data;
    // Where it was mined; absent while the node reports it pending.
    std::optional<std::uint64_t> block_number;
    std::optional<std::uint64_t> log_index;
    std::optional<Hash32> tx_hash;
    std::optional<Hash32> block_hash;
    bool mined() const { return block_number && log_index && tx_hash && block_hash; }
};

// The entry, or nullopt with the reason in `why`: "log is not an object", "log was removed by a
// reorg", "log has no valid address", "log has no valid topics", "log has no data", "log data is
// not hex".
std::optional<LogEntry> read_log_entry(const boost::json::value& log, std::string* why);

}  // namespace perch::chain
