// ethereum/tests TransactionTests: every case in every folder. Decode the txbytes, apply the
// network rules, recover the sender; where the expected result has hash and sender both must
// match, where it has an exception the transaction must be rejected.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>

#include "chain/tx.hpp"
#include "chain_test_support.hpp"

namespace perch::chain {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;

// Newest fork first: Prague, else Cancun; ttWrongRLP stops at Shanghai (its cases are malformed
// under every fork), so fall back to the newest fork present.
constexpr const char* kForkPreference[] = {"Prague", "Cancun", "Shanghai", "Paris", "London"};

struct TxCase {
    std::string folder;
    std::string name;  // file stem (one case per file upstream; case key appended if not)
    std::string txbytes;
    std::string fork;
    std::string expected_hash;    // empty when an exception is expected
    std::string expected_sender;  // lower-case hex
    std::string expected_exception;
};

std::vector<TxCase> load_all_cases() {
    std::vector<TxCase> cases;
    fs::path root = test::vectors_dir() / "TransactionTests";
    if (!fs::exists(root)) return cases;
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        auto doc = test::load_json(file);
        for (const auto& [key, body] : doc.as_object()) {
            TxCase c;
            c.folder = file.parent_path().filename().string();
            c.name = file.stem().string();
            if (doc.as_object().size() > 1) c.name += "_" + std::string(key);
            c.txbytes = test::str(body.at("txbytes"));
            const auto& result = body.at("result").as_object();
            for (const char* fork : kForkPreference) {
                if (!result.contains(fork)) continue;
                c.fork = fork;
                const auto& r = result.at(fork).as_object();
                if (r.contains("exception")) c.expected_exception = test::str(r.at("exception"));
                if (r.contains("hash")) c.expected_hash = test::str(r.at("hash"));
                if (r.contains("sender")) c.expected_sender = test::str(r.at("sender"));
                break;
            }
            cases.push_back(std::move(c));
        }
    }
    return cases;
}

const std::vector<TxCase>& all_cases() {
    static const std::vector<TxCase> cases = load_all_cases();
    return cases;
}

struct Outcome {
    bool pass = false;
    std::string detail;
    std::optional<Errc> rejected_with;
};

// Which of our error codes correspond to an upstream TransactionException name. Used to report
// (not require) that a rejection happened for the expected reason: several upstream names cover
// conditions that we detect at a different stage (e.g. v = 0 is a chain id error for us).
bool reason_agrees(std::string_view exception, Errc code) {
    auto has = [&](std::string_view part) {
        return exception.find(part) != std::string_view::npos;
    };
    if (has("LEADING_ZEROS")) return code == Errc::rlp_non_canonical;
    if (has("INTRINSIC_GAS")) return code == Errc::tx_intrinsic_gas;
    if (has("INVALID_CHAINID")) return code == Errc::tx_invalid_chain_id;
    if (has("PRODUCT_OVERFLOW") || has("PRIORITY_GREATER") || has("INITCODE") ||
        has("NONCE_TOO_BIG")) {
        return code == Errc::tx_rule_violation;
    }
    if (has("OVERFLOW")) return code == Errc::overflow;
    if (has("EC_RECOVERY_FAIL")) return code == Errc::recovery_failed;
    if (has("INVALID_SIGNATURE_VRS"))
        return code == Errc::tx_invalid_signature || code == Errc::overflow;
    if (has("TYPE_NOT_SUPPORTED")) return code == Errc::tx_unsupported_type;
    if (has("ADDRESS_TOO") || has("ELEMENTS")) return code == Errc::tx_invalid_field;
    if (has("RLP_INVALID_")) {
        return code == Errc::rlp_unexpected_type || code == Errc::tx_unsupported_type ||
               code == Errc::tx_invalid_field;
    }
    return code == Errc::rlp_truncated || code == Errc::rlp_trailing_bytes ||
           code == Errc::rlp_non_canonical || code == Errc::tx_unsupported_type;
}

// Decode, validate with mainnet rules (the suite signs with chain id 1), recover.
Result<Address> accept_transaction(ByteView raw, Transaction& tx) {
    auto decoded = decode_transaction(raw);
    if (!decoded) return decoded.error();
    tx = *decoded;
    if (auto valid = validate_transaction(tx, TxRules{}); !valid) return valid.error();
    return recover_sender(tx);
}

Outcome run_case(const TxCase& c) {
    if (c.fork.empty()) return {false, "no usable fork result in the vector", {}};
    auto raw = from_hex(c.txbytes);
    if (!raw) return {!c.expected_exception.empty(), "txbytes is not hex", {}};
    Transaction tx;
    auto sender = accept_transaction(*raw, tx);
    if (!c.expected_exception.empty()) {
        if (sender) return {false, "accepted, expected " + c.expected_exception, {}};
        return {true, sender.error().message, sender.error().code};
    }
    if (!sender) return {false, "rejected: " + sender.error().message, sender.error().code};
    std::string hash = keccak256(*raw).hex();
    std::string reencoded_hash = transaction_hash(tx).hex();
    if (hash != c.expected_hash || reencoded_hash != c.expected_hash) {
        return {false,
                "hash " + hash + " / re-encoded " + reencoded_hash + " != " + c.expected_hash,
                {}};
    }
    if (sender->lower_hex() != c.expected_sender) {
        return {false, "sender " + sender->lower_hex() + " != " + c.expected_sender, {}};
    }
    return {true, "ok", {}};
}

class TransactionTests : public testing::TestWithParam<TxCase> {};

TEST_P(TransactionTests, MatchesExpectedResult) {
    const TxCase& c = GetParam();
    Outcome outcome = run_case(c);
    EXPECT_TRUE(outcome.pass) << c.folder << "/" << c.name << " [" << c.fork
                              << "]: " << outcome.detail;
}

std::string tx_case_name(const testing::TestParamInfo<TxCase>& info) {
    std::string name = info.param.folder + "_" + info.param.name;
    std::replace_if(
        name.begin(), name.end(),
        [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); }, '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(EthereumTests, TransactionTests, testing::ValuesIn(all_cases()),
                         tx_case_name);

TEST(TransactionTestsSummary, CountsPerFolder) {
    std::map<std::string, std::pair<int, int>> per_folder;  // folder -> (pass, total)
    int valid_checked = 0, rejected = 0, reason_matches = 0;
    for (const auto& c : all_cases()) {
        Outcome outcome = run_case(c);
        auto& [pass, total] = per_folder[c.folder];
        ++total;
        pass += outcome.pass ? 1 : 0;
        valid_checked += outcome.pass && c.expected_exception.empty() ? 1 : 0;
        if (outcome.pass && outcome.rejected_with) {
            ++rejected;
            bool agrees = reason_agrees(c.expected_exception, *outcome.rejected_with);
            reason_matches += agrees ? 1 : 0;
            if (!agrees) {
                std::cout << "  (reason differs) " << c.folder << "/" << c.name << ": expected "
                          << c.expected_exception << ", rejected with: " << outcome.detail << "\n";
            }
        }
        if (std::getenv("PERCH_TX_VERBOSE") != nullptr && !c.expected_exception.empty()) {
            std::cout << "  " << c.folder << "/" << c.name << ": expected " << c.expected_exception
                      << ", got: " << outcome.detail << "\n";
        }
        if (!outcome.pass)
            std::cout << "  FAIL " << c.folder << "/" << c.name << ": " << outcome.detail << "\n";
    }
    int all_pass = 0, all_total = 0;
    for (const auto& [folder, counts] : per_folder) {
        std::cout << "[TransactionTests] " << folder << " " << counts.first << "/" << counts.second
                  << "\n";
        all_pass += counts.first;
        all_total += counts.second;
        EXPECT_EQ(counts.first, counts.second) << folder;
    }
    std::cout << "[TransactionTests] total " << all_pass << "/" << all_total << " ("
              << valid_checked << " valid with hash+sender matched; " << reason_matches << "/"
              << rejected << " invalid rejected with the matching error category)\n";
    EXPECT_GT(all_total, 0);
}

}  // namespace
}  // namespace perch::chain
