#pragma once
// A wallet signed in to perch the way a browser is: a fresh random key, SIWE signed here, the
// session cookie and the per-request X-Perch-Auth header.
#include <cstdint>
#include <map>
#include <string>

#include "chain/signer.hpp"
#include "harness.hpp"

namespace perch::testing {

std::int64_t now_unix();

struct Wallet {
    chain::PrivateKey key;
    std::string address;  // EIP-55

    static Wallet fresh();
    std::string lower() const;
};

struct Session {
    std::string cookie;
    std::string user;  // lower case
    std::map<std::string, std::string> headers() const;
};

// The EIP-4361 message perch's tests sign (chain 1868) for `domain`.
std::string siwe_message(const std::string& domain, const std::string& address,
                         const std::string& nonce);
// The same for `perch` as a browser on it names it: "127.0.0.1:<its port>".
std::string siwe_message(const PerchProcess& perch, const std::string& address,
                         const std::string& nonce);

// Signs in `w` on `perch` (nonce, SIWE message, /api/auth/verify) and returns its session.
Session sign_in(const PerchProcess& perch, const Wallet& w);

}  // namespace perch::testing
