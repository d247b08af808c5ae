#pragma once
// The loop of a background reader (an indexer): read, and once caught up or after a failure wait
// `poll` before the next read; while behind, read again at once. A failure is logged when an
// outage starts and the recovery when reading works again, so a node that is down for an hour
// costs two log lines, not one per poll.
#include <atomic>
#include <chrono>
#include <functional>
#include <string>

#include "core/task.hpp"

namespace perch {

// Runs until `stopping` is set. `read` answers whether it caught up; `who` names the reader in
// the log ("indexer: chain 1").
Task<void> poll_until_stopped(const std::atomic<bool>& stopping, std::chrono::milliseconds poll,
                              std::string who, std::function<Task<bool>()> read);

}  // namespace perch
