// libFuzzer: ABI type parsing and decoding on arbitrary input. The first byte picks a type (or,
// when 0xff, the input starts with a type string up to a NUL); the rest is data. Decoding must
// return errors, never crash, hang or allocate without bound; anything decoded must re-encode.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chain/abi.hpp"

using namespace perch::chain;

namespace {

constexpr std::array<std::string_view, 12> kTypes = {
    "(address,uint256)",
    "(uint8,int16,bool,bytes4)",
    "(bytes,string)",
    "(uint256[],string[])",
    "((uint256,(bool,bytes)[2])[])",
    "(bytes[][],address[3])",
    "(uint256[][][][])",
    "(int256,bytes32,(string,uint64[2])[])",
    "(string)",
    "(()[],uint8)",
    "((address,uint256[],string))",
    "(bytes32[2][])",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    std::string_view type_text = kTypes[data[0] % kTypes.size()];
    ByteView payload(data + 1, size - 1);
    if (data[0] == 0xff) {
        std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
        std::size_t nul = rest.find('\0');
        if (nul == std::string_view::npos) return 0;
        type_text = rest.substr(0, nul);
        payload = ByteView(data + 2 + nul, size - 2 - nul);
    }
    auto type = abi::parse_type(type_text);
    if (!type) return 0;
    auto value = abi::decode(*type, payload);
    if (value) {
        // Decoded values must be encodable again (the decoder validated ranges and lengths).
        if (!abi::encode(*type, *value)) std::abort();
    }
    auto sig = abi::parse_event(std::string("E") + std::string(type_text));
    (void)sig;
    return 0;
}
