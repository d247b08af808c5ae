#include "chain/rpc/read_cache.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>

#include "chain/rpc/eth.hpp"

namespace perch::chain::rpc {
namespace json = boost::json;

namespace {

// The priority fee moves with demand, not per block: readers may take one this old.
constexpr auto kPriorityFeeFor = std::chrono::seconds(30);
// Log filters ending this close to the head are a head follower's (kept as interest); older
// ranges are one-off reads of history that must not make every later block cost more.
constexpr std::uint64_t kFollowingSlack = 2;

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::optional<std::uint64_t> number_of(const json::value& v) {
    if (!v.is_string()) return std::nullopt;
    const auto& s = v.as_string();
    if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return std::nullopt;
    try {
        return quantity_u64(v);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// The quantity at `key`, or nothing when absent or not a quantity.
bool number_field(const json::object& o, std::string_view key, std::uint64_t& out) {
    const auto* v = o.if_contains(key);
    if (!v) return false;
    auto n = number_of(*v);
    if (!n) return false;
    out = *n;
    return true;
}

std::string string_field(const json::object& o, std::string_view key) {
    const auto* v = o.if_contains(key);
    return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// The filter's addresses, lower-case; empty when it names none (every contract's logs).
std::vector<std::string> addresses_of(const json::object& filter) {
    std::vector<std::string> out;
    const auto* a = filter.if_contains("address");
    if (!a) return out;
    if (a->is_string()) out.push_back(lower(a->as_string()));
    if (a->is_array())
        for (const auto& x : a->as_array())
            if (x.is_string()) out.push_back(lower(x.as_string()));
    return out;
}

bool topic_matches(const json::value& wanted, const json::value* topic) {
    if (wanted.is_null()) return true;
    if (!topic || !topic->is_string()) return false;
    auto have = lower(topic->as_string());
    if (wanted.is_string()) return lower(wanted.as_string()) == have;
    if (!wanted.is_array()) return false;
    const auto& any = wanted.as_array();
    if (any.empty()) return true;  // an empty list of alternatives is a wildcard, as nodes read it
    return std::any_of(any.begin(), any.end(), [&](const json::value& t) {
        return t.is_string() && lower(t.as_string()) == have;
    });
}

// A header: the full block with transaction hashes instead of transactions.
json::object header_of(const json::object& full) {
    json::object out = full;
    if (auto* txs = out.if_contains("transactions"); txs && txs->is_array()) {
        json::array hashes;
        for (const auto& tx : txs->as_array()) {
            if (tx.is_object())
                hashes.push_back(tx.as_object().at("hash"));
            else
                hashes.push_back(tx);
        }
        *txs = std::move(hashes);
    }
    return out;
}

}  // namespace

bool log_matches(const json::object& filter, const json::object& log) {
    auto addresses = addresses_of(filter);
    if (!addresses.empty()) {
        auto address = lower(string_field(log, "address"));
        if (std::find(addresses.begin(), addresses.end(), address) == addresses.end())
            return false;
    }
    const auto* topics = filter.if_contains("topics");
    if (!topics || !topics->is_array()) return true;
    const auto* have = log.if_contains("topics");
    const json::array empty;
    const auto& log_topics = have && have->is_array() ? have->as_array() : empty;
    const auto& wanted = topics->as_array();
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        const json::value* topic = i < log_topics.size() ? &log_topics[i] : nullptr;
        if (!topic_matches(wanted[i], topic)) return false;
    }
    return true;
}

ReadCache::ReadCache(std::chrono::milliseconds fresh_for, std::size_t window)
    : fresh_for_(fresh_for), window_(std::max<std::size_t>(2, window)) {}

bool ReadCache::fresh(Clock::time_point now) const {
    return !blocks_.empty() && now - heard_at_ <= fresh_for_;
}

std::optional<std::vector<Reply>> ReadCache::answer(const std::vector<Call>& calls,
                                                    Clock::time_point now) {
    std::lock_guard lock(mutex_);
    std::vector<Reply> replies;
    replies.reserve(calls.size());
    for (const auto& call : calls) {
        std::optional<json::value> result;
        if (call.method == "eth_maxPriorityFeePerGas") {
            if (priority_fee_ && now - priority_fee_->second < kPriorityFeeFor)
                result = priority_fee_->first;
        } else if (fresh(now)) {
            result = answer_one(call);
        }
        if (!result) return std::nullopt;
        replies.push_back(Reply{std::move(*result), std::nullopt});
    }
    return replies;
}

std::optional<json::value> ReadCache::answer_one(const Call& call) const {
    if (call.method == "eth_blockNumber") return json::value(quantity_hex(blocks_.rbegin()->first));
    if (call.method == "eth_getBlockByNumber") return block_answer(call.params);
    if (call.method == "eth_getLogs") return logs_answer(call.params);
    return std::nullopt;
}

std::optional<json::value> ReadCache::block_answer(const json::array& params) const {
    if (params.size() != 2 || !params[1].is_bool()) return std::nullopt;
    const Block* block = nullptr;
    if (params[0].is_string() && params[0].as_string() == "latest") {
        block = &blocks_.rbegin()->second;
    } else if (auto n = number_of(params[0])) {
        auto it = blocks_.find(*n);
        if (it == blocks_.end()) return std::nullopt;
        block = &it->second;
    } else {
        return std::nullopt;  // "pending", "safe", "finalized": the node's to say
    }
    bool full = params[1].as_bool();
    if (full && !block->full) return std::nullopt;
    return json::value(full || !block->full ? block->block : header_of(block->block));
}

std::optional<json::value> ReadCache::logs_answer(const json::array& params) const {
    if (params.size() != 1 || !params[0].is_object()) return std::nullopt;
    const auto& filter = params[0].as_object();
    if (filter.contains("blockHash")) return std::nullopt;
    auto addresses = addresses_of(filter);
    if (addresses.empty()) return std::nullopt;  // every contract's logs: never read here
    auto head = blocks_.rbegin()->first;
    std::uint64_t from = 0;
    std::uint64_t to = head;
    if (!number_field(filter, "fromBlock", from)) return std::nullopt;
    const auto* t = filter.if_contains("toBlock");
    bool to_latest = !t || (t->is_string() && t->as_string() == "latest");
    if (!to_latest && !number_field(filter, "toBlock", to)) return std::nullopt;
    if (from > to || to > head || from < blocks_.begin()->first) return std::nullopt;
    for (const auto& address : addresses) {
        auto it = covered_from_.find(address);
        if (it == covered_from_.end() || it->second > from) return std::nullopt;
    }
    json::array out;
    for (auto it = blocks_.find(from); it != blocks_.end() && it->first <= to; ++it)
        for (const auto& log : it->second.logs)
            if (log_matches(filter, log)) out.push_back(log);
    return json::value(std::move(out));
}

void ReadCache::note_interest(const std::vector<Call>& calls) {
    std::lock_guard lock(mutex_);
    std::optional<std::uint64_t> head;
    if (!blocks_.empty()) head = blocks_.rbegin()->first;
    for (const auto& call : calls) {
        if (call.method == "eth_getBlockByNumber" && call.params.size() == 2 &&
            call.params[1].is_bool() && call.params[1].as_bool()) {
            want_full_ = true;
        }
        if (call.method != "eth_getLogs" || call.params.size() != 1 || !call.params[0].is_object())
            continue;
        const auto& filter = call.params[0].as_object();
        std::uint64_t to = 0;
        bool to_number = number_field(filter, "toBlock", to);
        bool following = !head || !to_number || to + kFollowingSlack >= *head;
        if (!following) continue;
        for (auto& address : addresses_of(filter))
            if (!covered_from_.count(address)) wanted_.insert(std::move(address));
    }
}

void ReadCache::remember(const Call& call, const json::value& result, Clock::time_point now) {
    if (call.method != "eth_maxPriorityFeePerGas") return;
    std::lock_guard lock(mutex_);
    priority_fee_ = {result, now};
}

Interest ReadCache::interest() const {
    std::lock_guard lock(mutex_);
    Interest out;
    out.full_blocks = want_full_;
    for (const auto& [address, from] : covered_from_) out.addresses.push_back(address);
    for (const auto& address : wanted_) out.addresses.push_back(address);
    std::sort(out.addresses.begin(), out.addresses.end());
    return out;
}

bool ReadCache::add(const std::vector<json::object>& blocks, const json::array& logs,
                    const Interest& read, Clock::time_point now) {
    if (blocks.empty()) return false;
    std::vector<std::uint64_t> numbers;
    std::vector<std::string> hashes;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        std::uint64_t number = 0;
        auto hash = string_field(blocks[i], "hash");
        if (!number_field(blocks[i], "number", number) || hash.empty()) return false;
        if (i > 0 && (number != numbers.back() + 1 ||
                      lower(string_field(blocks[i], "parentHash")) != hashes.back()))
            return false;
        numbers.push_back(number);
        hashes.push_back(lower(hash));
    }
    std::map<std::uint64_t, std::vector<json::object>> by_block;
    for (const auto& entry : logs) {
        if (!entry.is_object()) return false;
        const auto& log = entry.as_object();
        std::uint64_t number = 0;
        if (!number_field(log, "blockNumber", number) || number < numbers.front() ||
            number > numbers.back())
            return false;
        if (lower(string_field(log, "blockHash")) != hashes[number - numbers.front()]) return false;
        by_block[number].push_back(log);
    }
    std::lock_guard lock(mutex_);
    auto parent = lower(string_field(blocks.front(), "parentHash"));
    auto previous = blocks_.find(numbers.front() - 1);
    bool extends = !blocks_.empty() && blocks_.rbegin()->first + 1 == numbers.front() &&
                   previous != blocks_.end() &&
                   lower(string_field(previous->second.block, "hash")) == parent;
    if (!extends) {
        // A reorganisation, a restart or a gap: nothing older is known to be on the chain.
        blocks_.clear();
        covered_from_.clear();
    }
    for (std::size_t i = 0; i < blocks.size(); ++i)
        blocks_[numbers[i]] = Block{blocks[i], read.full_blocks, std::move(by_block[numbers[i]])};
    for (const auto& address : read.addresses) {
        covered_from_.try_emplace(address, numbers.front());
        wanted_.erase(address);
    }
    // An address a reader asked for after this read began is still wanted.
    while (blocks_.size() > window_) blocks_.erase(blocks_.begin());
    for (auto& [address, from] : covered_from_) from = std::max(from, blocks_.begin()->first);
    heard_at_ = now;
    return true;
}

void ReadCache::heard(Clock::time_point now) {
    std::lock_guard lock(mutex_);
    heard_at_ = now;
}

std::optional<Head> ReadCache::head() const {
    std::lock_guard lock(mutex_);
    if (blocks_.empty()) return std::nullopt;
    const auto& [number, block] = *blocks_.rbegin();
    return Head{number, lower(string_field(block.block, "hash"))};
}

std::optional<std::string> ReadCache::hash_at(std::uint64_t number) const {
    std::lock_guard lock(mutex_);
    auto it = blocks_.find(number);
    if (it == blocks_.end()) return std::nullopt;
    return lower(string_field(it->second.block, "hash"));
}

}  // namespace perch::chain::rpc
