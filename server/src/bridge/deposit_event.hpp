#pragma once
// A Depositor `Deposit` log as the maker sees it, and how many confirmations it must wait for.
// Pure: the watcher feeds it eth_getLogs entries.
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain/u256.hpp"

namespace perch::bridge {

inline constexpr const char* kDepositEvent =
    "event Deposit(address indexed sender, address indexed token, uint256 amount, uint256 indexed "
    "dstChainId, "
    "string recipient, uint256 channel)";

struct Deposit {
    std::int64_t src_chain_id = 0;
    chain::Hash32 tx_hash;
    std::uint64_t log_index = 0;  // counts across the whole block: a reorg can change it
    // Its place among the Depositor's well-formed Deposit logs of its transaction (0, 1, ...): the
    // same in whichever block and at whichever position the transaction is mined.
    std::uint32_t position = 0;
    std::uint64_t block_number = 0;
    chain::Hash32 block_hash;
    chain::Address sender;
    chain::Address token;  // zero address: the native coin
    chain::U256 amount;
    std::int64_t dst_chain_id = 0;
    std::string recipient;
    std::int64_t channel = 0;

    // The order key "<source chain>:<tx hash>:<position>": one order per deposit, however often
    // a reorganisation moves its transaction. (Orders stored before 0025 keep their keys, which
    // end in the block-wide log index instead.)
    std::string order_key() const;
};

// topic0 of the Deposit event, for eth_getLogs filters.
chain::Hash32 deposit_topic();

// Decodes one eth_getLogs entry; nullopt (with `why`) for a log that is not a well-formed Deposit
// from `depositor`, so a hostile contract's look-alike events are never orders.
std::optional<Deposit> decode_deposit(const boost::json::value& log, std::int64_t src_chain_id,
                                      const chain::Address& depositor, std::string* why = nullptr);

// Decodes the Deposit logs of an eth_getLogs answer or of a receipt's `logs` and numbers each
// deposit's `position` inside its transaction (in log order). Logs that are not well-formed
// Deposits from `depositor` are left out, with the reason in `skipped` when asked for.
std::vector<Deposit> decode_deposits(const boost::json::value& logs, std::int64_t src_chain_id,
                                     const chain::Address& depositor,
                                     std::vector<std::string>* skipped = nullptr);

// Confirmations before a deposit counts: the chain's base, more above the large-amount threshold
// (peers: 2 / 16 on Ethereum around 0.5 ETH, 3 / 20 elsewhere).
struct ConfirmationPolicy {
    std::uint32_t base = 1;
    std::uint32_t large = 4;
    chain::U256 large_from;  // in the token's raw units; zero: never "large"
};
std::uint32_t confirmations_for(const ConfirmationPolicy& policy, const chain::U256& amount);

}  // namespace perch::bridge
