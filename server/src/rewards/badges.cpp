#include "rewards/badges.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "core/error.hpp"
#include "core/json_file.hpp"

namespace perch::rewards {
namespace json = boost::json;

namespace {

const std::vector<std::string> kTaskKinds{"bridge_to", "check_in", "deploy"};

// A 32-byte ABI word: `value` big-endian, right-aligned.
void append_word(chain::Bytes& out, std::uint64_t value) {
    out.insert(out.end(), 24, 0);
    for (int shift = 56; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void append_word(chain::Bytes& out, const chain::Address& address) {
    out.insert(out.end(), 12, 0);
    out.insert(out.end(), address.bytes.begin(), address.bytes.end());
}

void append_word(chain::Bytes& out, const chain::Hash32& hash) {
    out.insert(out.end(), hash.bytes.begin(), hash.bytes.end());
}

std::int64_t int_field(const json::object& o, const char* key, const std::string& where) {
    const auto* v = o.if_contains(key);
    if (!v || !v->is_int64() || v->as_int64() <= 0)
        throw ConfigError(where + ": '" + key + "' must be a positive whole number");
    return v->as_int64();
}

}  // namespace

std::vector<Badge> load_badges(const std::string& config_dir) {
    auto file = config_dir + "/badges.json";
    auto doc = read_json_file(file, "badges");
    const auto* list = doc.is_object() ? doc.as_object().if_contains("badges") : nullptr;
    if (!list || !list->is_array()) throw ConfigError(file + ": 'badges' must be a list");
    std::vector<Badge> out;
    for (const auto& entry : list->as_array()) {
        if (!entry.is_object()) throw ConfigError(file + ": every badge must be an object");
        const auto& o = entry.as_object();
        const auto* slug = o.if_contains("slug");
        if (!slug || !slug->is_string() || slug->as_string().empty())
            throw ConfigError(file + ": a badge lacks its 'slug'");
        const std::string where = file + " (" + std::string(slug->as_string()) + ")";
        Badge badge{std::string(slug->as_string()),
                    static_cast<std::uint64_t>(int_field(o, "badge_id", where)),
                    int_field(o, "chain_id", where),
                    {}};
        const auto* tasks = o.if_contains("tasks");
        if (!tasks || !tasks->is_array() || tasks->as_array().empty())
            throw ConfigError(where + ": 'tasks' must be a non-empty list");
        for (const auto& t : tasks->as_array()) {
            if (!t.is_object()) throw ConfigError(where + ": every task must be an object");
            const auto* kind = t.as_object().if_contains("kind");
            if (!kind || !kind->is_string() ||
                std::find(kTaskKinds.begin(), kTaskKinds.end(), kind->as_string()) ==
                    kTaskKinds.end())
                throw ConfigError(where +
                                  ": a task's 'kind' must be bridge_to, check_in or deploy");
            badge.tasks.push_back(
                {std::string(kind->as_string()), int_field(t.as_object(), "chain_id", where)});
        }
        for (const auto& other : out)
            if (other.slug == badge.slug || other.badge_id == badge.badge_id)
                throw ConfigError(where + ": slug and badge_id must be unique");
        out.push_back(std::move(badge));
    }
    return out;
}

bool task_done(const BadgeTask& task, const WalletRecords& records) {
    if (task.kind == "bridge_to")
        return std::any_of(records.bridges.begin(), records.bridges.end(),
                           [&](const auto& b) { return b.dst_chain == task.chain_id; });
    if (task.kind == "check_in")
        return std::any_of(records.checkins.begin(), records.checkins.end(),
                           [&](const auto& c) { return c.chain_id == task.chain_id; });
    if (task.kind == "deploy")
        return std::any_of(records.deployments.begin(), records.deployments.end(),
                           [&](const auto& d) { return d.chain_id == task.chain_id; });
    return false;
}

chain::Hash32 badge_claim_digest(std::int64_t chain_id, const chain::Address& contract,
                                 const chain::Address& to, std::uint64_t badge_id) {
    chain::Bytes domain;
    append_word(domain, chain::keccak256(std::string_view(
                            "EIP712Domain(string name,string version,uint256 chainId,address "
                            "verifyingContract)")));
    append_word(domain, chain::keccak256(std::string_view("PerchBadge")));
    append_word(domain, chain::keccak256(std::string_view("1")));
    append_word(domain, static_cast<std::uint64_t>(chain_id));
    append_word(domain, contract);
    chain::Bytes claim;
    append_word(claim, chain::keccak256(std::string_view("Claim(address to,uint256 badgeId)")));
    append_word(claim, to);
    append_word(claim, badge_id);
    chain::Bytes message{0x19, 0x01};
    append_word(message, chain::keccak256(domain));
    append_word(message, chain::keccak256(claim));
    return chain::keccak256(message);
}

chain::Bytes claimed_calldata(const chain::Address& to, std::uint64_t badge_id) {
    auto selector = chain::keccak256(std::string_view("claimed(address,uint256)"));
    chain::Bytes call(selector.bytes.begin(), selector.bytes.begin() + 4);
    append_word(call, to);
    append_word(call, badge_id);
    return call;
}

}  // namespace perch::rewards
