#pragma once
// The airdrop batch query (a few addresses per request, each looked up in the imported allocation
// of one campaign): request checks and the allocation file that `perch import-airdrop` loads. Pure.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perch::rewards {

inline constexpr std::size_t kAirdropBatch = 5;

// The allocation sets the checkers query, each imported on its own (`--campaign NAME`): the
// /layerzero-airdrop, /strkairdrop, /taikodrop, /blastdrop and /zkairdrop pages.
inline constexpr std::string_view kAirdropCampaigns[] = {"layerzero", "strk", "taiko", "blast",
                                                         "zk"};
bool is_airdrop_campaign(std::string_view name);

// The client text for a bad address list, or nullopt: empty → 'Please enter the address.', a
// length other than 42 → 'address error.', more than 5 → the batch limit.
std::optional<std::string> airdrop_query_problem(const std::vector<std::string>& addresses);

struct AirdropFile {
    std::vector<std::pair<std::string, std::string>> rows;  // lower-case address, decimal value
    std::string error;                                      // names the line
};
// CSV lines "address,value"; blank lines, '#' comments and an "address,value" header skipped.
AirdropFile parse_airdrop_csv(std::string_view text);

}  // namespace perch::rewards
