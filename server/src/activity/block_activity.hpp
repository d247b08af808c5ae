#pragma once
// The activity rules (pure): what a block's transactions and receipts add to each address's
// figures, and how those additions merge into the stored rows. Decoding reads the node's JSON
// (eth_getBlockByNumber with full transactions, the block's receipts); a malformed answer is an
// RpcError(bad_response), as everywhere in chain/rpc.
#include <boost/json/value.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "chain/u256.hpp"
#include "store/activity_store.hpp"

namespace perch::activity {

inline constexpr const char* kNativeToken = "0x0000000000000000000000000000000000000000";

// A token whose value the indexer counts: the native coin (kNativeToken) or an ERC-20 of the
// catalog, whose Transfer logs are read.
struct TokenInfo {
    std::string address;  // lower case
    std::string symbol;
    unsigned decimals = 18;
};

struct Transfer {
    std::string token, from, to;  // lower case
    chain::U256 amount;
};

struct TxFacts {
    std::string from;                 // lower case
    std::optional<std::string> to;    // none: a contract creation
    chain::U256 value;                // native value sent
    bool success = true;              // receipt status 1
    chain::U256 gas_cost;             // gasUsed x effectiveGasPrice
    std::string created;              // the deployed contract (a successful creation), else ""
    bool logs = false;                // the receipt has logs (so `to` ran code)
    bool to_is_contract = false;      // resolved by the indexer: logs, or code at `to`
    std::vector<Transfer> transfers;  // Transfer logs of known tokens
};

struct BlockFacts {
    std::int64_t number = 0;
    std::string hash, parent_hash;
    std::int64_t timestamp = 0;
    std::vector<TxFacts> txs;
};

// keccak("Transfer(address,address,uint256)")
inline constexpr const char* kTransferTopic =
    "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

// A block and its receipts (in transaction order, as eth_getBlockReceipts answers) as facts;
// `tokens` are the ERC-20 addresses whose Transfer logs count. Throws RpcError(bad_response).
BlockFacts decode_block(const boost::json::value& block, const boost::json::value& receipts,
                        const std::set<std::string>& tokens);

// What one block adds to one address.
struct AddressDelta {
    std::int64_t txs = 0;       // transactions it sent
    std::int64_t deployed = 0;  // contracts its transactions created
    chain::U256 gas;
    std::set<std::string> contracts;  // contracts its transactions called
    std::map<std::string, std::pair<chain::U256, chain::U256>> tokens;  // token -> sent, received
};
using BlockDelta = std::map<std::string, AddressDelta>;

// The rules: the sender of every transaction gets the transaction, its gas and (when `to` is a
// contract) the contract; a successful creation a deployed contract; value moves only when the
// transaction succeeded: native value from `from` to `to`, and each Transfer log of a known token
// from its `from` to its `to`. Internal native transfers are not seen (no tracing).
BlockDelta block_delta(const BlockFacts& block);

// A stored row plus one block's delta (the row's distinct counts are the store's to keep).
store::ActivityAccount merge_account(store::ActivityAccount row, const AddressDelta& delta,
                                     std::int64_t block_time);
store::ActivityToken merge_token(store::ActivityToken row, const chain::U256& sent,
                                 const chain::U256& received);

// The rows one block writes, given every touched row's state before it (updated in place, so the
// next block of a batch merges onto this one's result).
struct RowState {
    std::map<std::string, store::ActivityAccount> accounts;                      // by address
    std::map<std::pair<std::string, std::string>, store::ActivityToken> tokens;  // by addr, token
};
store::ActivityBlockWrite block_write(const BlockFacts& block, const BlockDelta& delta,
                                      RowState& state);

}  // namespace perch::activity
