#include "rewards/airdrop.hpp"

#include <algorithm>

#include "core/text.hpp"

namespace perch::rewards {

bool is_airdrop_campaign(std::string_view name) {
    return std::find(std::begin(kAirdropCampaigns), std::end(kAirdropCampaigns), name) !=
           std::end(kAirdropCampaigns);
}
namespace {

bool is_decimal(std::string_view s) {
    if (s.empty()) return false;
    bool digits = false, dot = false;
    for (char c : s) {
        if (c >= '0' && c <= '9') {
            digits = true;
        } else if (c == '.' && !dot) {
            dot = true;
        } else {
            return false;
        }
    }
    return digits && s.front() != '.' && s.back() != '.';
}

}  // namespace

std::optional<std::string> airdrop_query_problem(const std::vector<std::string>& addresses) {
    if (addresses.empty()) return "Please enter the address.";
    if (addresses.size() > kAirdropBatch) return "at most 5 addresses per request";
    for (const auto& a : addresses)
        if (a.size() != 42) return "address error.";
    return std::nullopt;
}

AirdropFile parse_airdrop_csv(std::string_view text) {
    AirdropFile out;
    std::size_t line_no = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        auto line = text::trim(text.substr(start, end - start));
        start = end + 1;
        ++line_no;
        if (line.empty() || line.front() == '#') continue;
        auto comma = line.find(',');
        if (comma == std::string_view::npos) {
            out.error = "line " + std::to_string(line_no) + ": expected 'address,value'";
            return out;
        }
        auto address = text::trim(line.substr(0, comma));
        auto value = text::trim(line.substr(comma + 1));
        if (line_no == 1 && address == "address") continue;
        if (!text::is_evm_address(address)) {
            out.error = "line " + std::to_string(line_no) + ": '" + std::string(address) +
                        "' is not an address";
            return out;
        }
        if (!is_decimal(value)) {
            out.error = "line " + std::to_string(line_no) + ": '" + std::string(value) +
                        "' is not a decimal amount";
            return out;
        }
        out.rows.emplace_back(text::to_lower(address), std::string(value));
        if (end == text.size()) break;
    }
    return out;
}

}  // namespace perch::rewards
