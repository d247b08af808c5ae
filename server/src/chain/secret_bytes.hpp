#pragma once
// Secret key bytes (a secp256k1 private key, an ed25519 seed with its public key): move-only, and
// wiped when destroyed or moved from, so that a key does not linger in freed memory or in the
// object it was moved out of. A buffer a secret only passed through (hex text decoded, a fresh
// seed) is wiped with wipe_secret.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace perch::chain {

// Zeroes `bytes` with writes the compiler may not drop as dead stores (as it may drop a plain
// fill of memory that is freed next).
void wipe_secret(std::span<std::uint8_t> bytes) noexcept;

template <std::size_t N>
class SecretBytes {
  public:
    SecretBytes() = default;
    SecretBytes(SecretBytes&& other) noexcept : bytes_(other.bytes_) { other.wipe(); }
    SecretBytes& operator=(SecretBytes&& other) noexcept {
        if (this != &other) {
            bytes_ = other.bytes_;
            other.wipe();
        }
        return *this;
    }
    SecretBytes(const SecretBytes&) = delete;
    SecretBytes& operator=(const SecretBytes&) = delete;
    ~SecretBytes() { wipe(); }

    std::uint8_t* data() { return bytes_.data(); }
    const std::uint8_t* data() const { return bytes_.data(); }
    static constexpr std::size_t size() { return N; }

  private:
    void wipe() noexcept { wipe_secret(bytes_); }
    std::array<std::uint8_t, N> bytes_{};
};

}  // namespace perch::chain
