#include "chain/keccak.hpp"

#include <cryptopp/keccak.h>

#include <algorithm>

namespace perch::chain {

Hash32 keccak256(ByteView data) {
    // A local hasher keeps this thread-safe; a thread_local one measured only ~5% faster.
    CryptoPP::Keccak_256 hasher;
    hasher.Update(data.data(), data.size());
    Hash32 out;
    hasher.Final(out.bytes.data());
    return out;
}

Result<Hash32> Hash32::from_hex(std::string_view text) {
    auto bytes = chain::from_hex(text);
    if (!bytes) return bytes.error();
    if (bytes->size() != 32) return make_error(Errc::invalid_hex, "hash must be 32 bytes");
    Hash32 out;
    std::copy(bytes->begin(), bytes->end(), out.bytes.begin());
    return out;
}

}  // namespace perch::chain
