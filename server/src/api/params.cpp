#include "api/params.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "core/text.hpp"

namespace perch::api {
namespace json = boost::json;

std::optional<std::string> Params::find(std::string_view name) const {
    if (map_) {
        auto it = map_->find(name);
        if (it == map_->end() || it->second.empty()) return std::nullopt;
        return it->second;
    }
    const auto* v = body_->if_contains(name);
    if (!v || v->is_null()) return std::nullopt;
    if (v->is_int64() || v->is_uint64()) return json::serialize(*v);
    if (!v->is_string()) params::invalid(name, json::serialize(*v), params::Kind::text);
    if (v->as_string().empty()) return std::nullopt;
    return std::string(v->as_string());
}

std::string Params::required(std::string_view name) const {
    auto text = find(name);
    if (!text) params::missing(name);
    return std::move(*text);
}

chain::Address parse_evm_address(std::string_view name, std::string_view text) {
    auto address = chain::Address::from_hex(text);
    if (!text::is_evm_address(text) || !address)
        params::invalid(name, text, params::Kind::evm_address);
    return *address;
}

chain::Address evm_address(const Params& p, std::string_view name) {
    return parse_evm_address(name, p.required(name));
}

std::optional<chain::Address> optional_evm_address(const Params& p, std::string_view name) {
    auto text = p.find(name);
    if (!text) return std::nullopt;
    return parse_evm_address(name, *text);
}

std::string WalletAddress::key() const {
    return evm ? evm->lower_hex() : solana->to_base58();
}

WalletAddress parse_wallet_address(std::string_view name, std::string_view text) {
    WalletAddress out;
    if (text.starts_with("0x")) {
        out.evm = parse_evm_address(name, text);
        return out;
    }
    auto key = chain::solana::Pubkey::from_base58(text);
    if (!key)
        params::invalid(name, text,
                        "an EVM address (0x and 40 hex digits) or a Solana address "
                        "(base58 of 32 bytes)");
    out.solana = *key;
    return out;
}

WalletAddress wallet_address(const Params& p, std::string_view name) {
    return parse_wallet_address(name, p.required(name));
}

std::int64_t parse_chain_id(std::string_view name, std::string_view text, const ChainRule& rule) {
    auto id = text::parse_int(text);
    if (!id) params::invalid(name, text, params::Kind::chain_id);
    if (rule.accepts && !rule.accepts(*id)) params::invalid(name, text, rule.what);
    return *id;
}

std::int64_t chain_id(const Params& p, std::string_view name, const ChainRule& rule) {
    return parse_chain_id(name, p.required(name), rule);
}

std::vector<std::string> list(const Params& p, std::string_view name, std::size_t max,
                              std::string_view what) {
    auto text = p.find(name);
    if (!text) return {};
    auto parts = text::split(*text, ',');
    if (parts.size() > max) params::invalid(name, *text, what);
    return parts;
}

std::vector<std::int64_t> chain_ids(const Params& p, std::string_view name, std::size_t max,
                                    const ChainRule& rule) {
    auto what = "a list of at most " + std::to_string(max) + " chain ids";
    std::vector<std::int64_t> ids;
    for (const auto& part : list(p, name, max, what)) {
        auto id = parse_chain_id(name, part, rule);
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    }
    return ids;
}

namespace {

std::int64_t number_in(std::string_view name, std::string_view text, std::int64_t min,
                       std::int64_t max) {
    auto n = text::parse_int(text);
    if (!n || *n < min || *n > max) {
        params::invalid(name, text,
                        params::describe(params::Kind::whole_number) + " from " +
                            std::to_string(min) + " to " + std::to_string(max));
    }
    return *n;
}

}  // namespace

std::int64_t whole_number(const Params& p, std::string_view name, std::int64_t min,
                          std::int64_t max) {
    return number_in(name, p.required(name), min, max);
}

std::int64_t whole_number(const Params& p, std::string_view name, std::int64_t min,
                          std::int64_t max, std::int64_t fallback) {
    auto text = p.find(name);
    return text ? number_in(name, *text, min, max) : fallback;
}

chain::U256 amount(const Params& p, std::string_view name, unsigned decimals,
                   std::string_view symbol, bool positive) {
    auto text = p.required(name);
    auto value = chain::U256::parse_units(text, decimals);
    if (!value || (positive && value->is_zero())) {
        params::invalid(name, text,
                        std::string(positive ? "a positive " : "a ") + std::string(symbol) +
                            " amount with at most " + std::to_string(decimals) + " decimals");
    }
    return *value;
}

Page page(const Params& p, PageRule rule) {
    return Page{static_cast<int>(whole_number(p, "page", 1, 100000, 1)),
                static_cast<int>(whole_number(p, "size", 1, rule.max_size, rule.size))};
}

json::object page_json(json::array list, std::int64_t total, const Page& page) {
    return json::object{
        {"list", std::move(list)}, {"total", total}, {"page", page.page}, {"size", page.size}};
}

std::uint32_t slippage_bps(const Params& p) {
    auto text = p.find("slippage_bps");
    if (!text) return kDefaultSlippageBps;
    auto bps = text::parse_int(*text);
    if (!bps || *bps < 1 || *bps > kMaxSlippageBps)
        params::invalid("slippage_bps", *text, "a whole number from 1 to 5000 (0.01 % to 50 %)");
    return static_cast<std::uint32_t>(*bps);
}

}  // namespace perch::api
