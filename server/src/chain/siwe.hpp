#pragma once
// Sign-In with Ethereum (EIP-4361): parse the message a wallet signed, then check it was meant for
// us (domain, nonce, chain, time window) and signed by the address it names.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chain/address.hpp"

namespace perch::chain {

struct SiweMessage {
    std::string scheme;  // optional "https" in "https://example.com wants you ..."
    std::string domain;
    Address address;
    std::string address_text;  // as written (EIP-55)
    std::optional<std::string> statement;
    std::string uri;
    std::string version;
    std::uint64_t chain_id = 0;
    std::string nonce;
    std::string issued_at;  // RFC 3339 as written
    std::optional<std::string> expiration_time;
    std::optional<std::string> not_before;
    std::optional<std::string> request_id;
    std::vector<std::string> resources;

    std::int64_t issued_at_unix = 0;
    std::optional<std::int64_t> expiration_unix;
    std::optional<std::int64_t> not_before_unix;
};

Result<SiweMessage> parse_siwe_message(std::string_view text);

// RFC 3339 date-time ("2026-11-22T07:00:00.000Z", offsets allowed) to Unix seconds.
Result<std::int64_t> parse_rfc3339(std::string_view text);

struct SiweExpectations {
    std::string domain;
    std::string nonce;
    std::int64_t now_unix = 0;
    std::optional<std::uint64_t> chain_id;  // when set, the message must name this chain
};

// Parses, checks the fields against what the server issued, and recovers the personal_sign
// signer, which must be the message's address. Returns the parsed message on success.
Result<SiweMessage> verify_siwe(std::string_view text, ByteView signature65,
                                const SiweExpectations& expected);

}  // namespace perch::chain
