#include "names/ens.hpp"

#include <algorithm>
#include <array>
#include <boost/json.hpp>

#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"

namespace perch::names {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxNameBytes = 255;

bool is_label_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

bool is_plain_label(std::string_view label) {
    if (label.empty() || !std::all_of(label.begin(), label.end(), is_label_char)) return false;
    // ENSIP-15: underscores only as a leading run; "ab--…" is reserved for punycode-like labels.
    auto first_other = label.find_first_not_of('_');
    if (first_other != std::string_view::npos &&
        label.find('_', first_other) != std::string_view::npos)
        return false;
    return !(label.size() >= 4 && label[2] == '-' && label[3] == '-');
}

chain::rpc::Call eth_call(const chain::Address& to, const std::array<std::uint8_t, 4>& selector,
                          const chain::Hash32& node) {
    chain::Bytes data(selector.begin(), selector.end());
    data.insert(data.end(), node.bytes.begin(), node.bytes.end());
    return chain::rpc::Call{
        "eth_call",
        json::array{json::object{{"to", to.lower_hex()}, {"data", chain::to_hex(data)}}, "latest"}};
}

std::optional<chain::Bytes> data_answer(const chain::rpc::Reply& reply) {
    if (reply.error) return std::nullopt;
    try {
        return chain::rpc::data_of(reply.result);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace

chain::Hash32 namehash(std::string_view name) {
    chain::Hash32 node;  // the root: 32 zero bytes
    while (!name.empty()) {
        auto dot = name.rfind('.');
        auto label = dot == std::string_view::npos ? name : name.substr(dot + 1);
        name = dot == std::string_view::npos ? std::string_view() : name.substr(0, dot);
        auto label_hash = chain::keccak256(label);
        std::array<std::uint8_t, 64> joined{};
        std::copy(node.bytes.begin(), node.bytes.end(), joined.begin());
        std::copy(label_hash.bytes.begin(), label_hash.bytes.end(), joined.begin() + 32);
        node = chain::keccak256(chain::ByteView(joined.data(), joined.size()));
    }
    return node;
}

std::string reverse_name(const chain::Address& address) {
    return address.lower_hex().substr(2) + ".addr.reverse";
}

chain::Hash32 reverse_node(const chain::Address& address) {
    return namehash(reverse_name(address));
}

bool is_plain_name(std::string_view name) {
    if (name.empty() || name.size() > kMaxNameBytes) return false;
    std::size_t start = 0;
    while (true) {
        auto dot = name.find('.', start);
        auto label = name.substr(start, dot == std::string_view::npos ? dot : dot - start);
        if (!is_plain_label(label)) return false;
        if (dot == std::string_view::npos) return true;
        start = dot + 1;
    }
}

chain::rpc::Call resolver_call(const chain::Address& registry, const chain::Hash32& node) {
    return eth_call(registry, {0x01, 0x78, 0xb8, 0xbf}, node);  // resolver(bytes32)
}

chain::rpc::Call name_call(const chain::Address& resolver, const chain::Hash32& node) {
    return eth_call(resolver, {0x69, 0x1f, 0x34, 0x31}, node);  // name(bytes32)
}

chain::rpc::Call addr_call(const chain::Address& resolver, const chain::Hash32& node) {
    return eth_call(resolver, {0x3b, 0x3b, 0x57, 0xde}, node);  // addr(bytes32)
}

std::optional<chain::Address> address_answer(const chain::rpc::Reply& reply) {
    auto data = data_answer(reply);
    if (!data || data->size() != 32) return std::nullopt;
    if (!std::all_of(data->begin(), data->begin() + 12, [](std::uint8_t b) { return b == 0; }))
        return std::nullopt;
    auto address = chain::Address::from_bytes(chain::ByteView(data->data() + 12, 20));
    if (!address || address->is_zero()) return std::nullopt;
    return *address;
}

std::optional<std::string> string_answer(const chain::rpc::Reply& reply) {
    auto data = data_answer(reply);
    if (!data) return std::nullopt;
    static const auto kString = *chain::abi::parse_type("string");
    auto value = chain::abi::decode(kString, *data);
    if (!value) return std::nullopt;
    const auto* text = std::get_if<std::string>(&value->data);
    if (!text || text->empty()) return std::nullopt;
    return *text;
}

}  // namespace perch::names
