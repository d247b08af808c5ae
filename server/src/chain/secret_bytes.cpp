#include "chain/secret_bytes.hpp"

#include <sodium.h>

namespace perch::chain {

void wipe_secret(std::span<std::uint8_t> bytes) noexcept {
    // libsodium's zeroing is written so that no optimiser removes it; it needs no sodium_init().
    sodium_memzero(bytes.data(), bytes.size());
}

}  // namespace perch::chain
