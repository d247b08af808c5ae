#include "chain/siwe.hpp"

#include <gtest/gtest.h>

#include "chain/signer.hpp"
#include "chain_test_support.hpp"

namespace perch::chain {
namespace {

using test::hex;

TEST(Rfc3339, ParsesTimestamps) {
    EXPECT_EQ(*parse_rfc3339("1970-01-01T00:00:00Z"), 0);
    EXPECT_EQ(*parse_rfc3339("2026-11-22T07:00:00.000Z"), 1795330800);
    EXPECT_EQ(*parse_rfc3339("2026-11-22T09:00:00+02:00"), 1795330800);
    EXPECT_EQ(*parse_rfc3339("2000-02-29T12:34:56.789-01:30"), 951827696 + 5400);
    EXPECT_FALSE(parse_rfc3339("2026-11-22 07:00:00Z"));
    EXPECT_FALSE(parse_rfc3339("2026-11-22T07:00:00"));
    EXPECT_FALSE(parse_rfc3339("2026-13-22T07:00:00Z"));
    EXPECT_FALSE(parse_rfc3339("garbage"));
}

TEST(Siwe, ParsesAndVerifiesViemMessages) {
    auto doc = test::load_json(test::fixtures_dir() / "viem_siwe.json");
    ASSERT_TRUE(doc.is_array());
    for (const auto& c : doc.as_array()) {
        std::string text = test::str(c.at("message"));
        SCOPED_TRACE(text);
        const auto& f = c.at("fields").as_object();
        auto msg = parse_siwe_message(text);
        ASSERT_TRUE(msg) << msg.error().message;
        EXPECT_EQ(msg->domain, test::str(f.at("domain")));
        EXPECT_EQ(msg->address.checksum_hex(), test::str(c.at("address")));
        EXPECT_EQ(msg->uri, test::str(f.at("uri")));
        EXPECT_EQ(msg->version, "1");
        EXPECT_EQ(msg->chain_id,
                  static_cast<std::uint64_t>(f.at("chainId").to_number<std::int64_t>()));
        EXPECT_EQ(msg->nonce, test::str(f.at("nonce")));
        EXPECT_EQ(msg->issued_at, test::str(f.at("issuedAt")));
        EXPECT_EQ(msg->statement.has_value(), f.contains("statement"));
        if (f.contains("statement")) {
            EXPECT_EQ(*msg->statement, test::str(f.at("statement")));
        }
        if (f.contains("scheme")) {
            EXPECT_EQ(msg->scheme, test::str(f.at("scheme")));
        }
        if (f.contains("expirationTime")) {
            EXPECT_EQ(*msg->expiration_time, test::str(f.at("expirationTime")));
        }
        if (f.contains("notBefore")) {
            EXPECT_EQ(*msg->not_before, test::str(f.at("notBefore")));
        }
        if (f.contains("requestId")) {
            EXPECT_EQ(*msg->request_id, test::str(f.at("requestId")));
        }
        if (f.contains("resources")) {
            EXPECT_EQ(msg->resources.size(), f.at("resources").as_array().size());
        }

        Bytes sig = hex(test::str(c.at("signature")));
        std::int64_t now = *parse_rfc3339(test::str(c.at("now")));
        SiweExpectations expected{msg->domain, msg->nonce, now, msg->chain_id};
        auto verified = verify_siwe(text, sig, expected);
        ASSERT_TRUE(verified) << verified.error().message;

        EXPECT_EQ(verify_siwe(text, sig, {"evil.example", msg->nonce, now, {}}).error().code,
                  Errc::siwe_mismatch);
        EXPECT_EQ(verify_siwe(text, sig, {msg->domain, "othernonce1", now, {}}).error().code,
                  Errc::siwe_mismatch);
        EXPECT_EQ(verify_siwe(text, sig, {msg->domain, msg->nonce, now, 999999}).error().code,
                  Errc::siwe_mismatch);
        if (msg->expiration_unix) {
            EXPECT_EQ(verify_siwe(text, sig, {msg->domain, msg->nonce, *msg->expiration_unix, {}})
                          .error()
                          .code,
                      Errc::siwe_expired);
        }
        if (msg->not_before_unix) {
            EXPECT_EQ(
                verify_siwe(text, sig, {msg->domain, msg->nonce, *msg->not_before_unix - 1, {}})
                    .error()
                    .code,
                Errc::siwe_not_yet_valid);
        }
        // A signature over a different message recovers someone else.
        Bytes tampered_sig = sig;
        tampered_sig[10] ^= 0x40;
        EXPECT_FALSE(verify_siwe(text, tampered_sig, expected));
        EXPECT_FALSE(verify_siwe(text + "\nRequest ID: x", sig, expected));  // text changed
    }
}

TEST(Siwe, SignedByAnotherKeyIsRejected) {
    auto key =
        PrivateKey::from_hex("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    std::string text =
        "perch.example wants you to sign in with your Ethereum account:\n"
        "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\n\n"
        "URI: https://perch.example\nVersion: 1\nChain ID: 1\nNonce: abcdefgh1\n"
        "Issued At: 2026-11-22T07:00:00Z";
    ASSERT_TRUE(parse_siwe_message(text));
    Bytes sig = sign_personal_message(*key, text);
    EXPECT_EQ(verify_siwe(text, sig, {"perch.example", "abcdefgh1", 1795330800, 1}).error().code,
              Errc::siwe_mismatch);
}

TEST(Siwe, RejectsMalformedMessages) {
    const std::string good =
        "perch.example wants you to sign in with your Ethereum account:\n"
        "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\n\n"
        "URI: https://perch.example\nVersion: 1\nChain ID: 1\nNonce: abcdefgh1\n"
        "Issued At: 2026-11-22T07:00:00Z";
    ASSERT_TRUE(parse_siwe_message(good));
    auto broken = [&](std::string from, std::string to) {
        std::string text = good;
        text.replace(text.find(from), from.size(), to);
        return parse_siwe_message(text);
    };
    EXPECT_FALSE(broken("wants you", "asks you"));
    EXPECT_FALSE(broken("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
                        "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"));
    EXPECT_FALSE(broken("Version: 1", "Version: 2"));
    EXPECT_FALSE(broken("Chain ID: 1", "Chain ID: x"));
    EXPECT_FALSE(broken("Nonce: abcdefgh1", "Nonce: short"));
    EXPECT_FALSE(broken("Issued At: 2026-11-22T07:00:00Z", "Issued At: yesterday"));
    EXPECT_FALSE(broken("URI: ", "URL: "));
    EXPECT_FALSE(parse_siwe_message(good + "\nSomething: else"));
    EXPECT_FALSE(parse_siwe_message(good + "\nResources:\nnot-a-list-item"));
    EXPECT_TRUE(parse_siwe_message(good + "\nResources:\n- https://a.example"));
    EXPECT_FALSE(parse_siwe_message(""));
    EXPECT_FALSE(parse_siwe_message("\n\n\n\n\n\n\n\n\n"));
}

}  // namespace
}  // namespace perch::chain
