// The Solana JSON-RPC answer parsers against answers in the documented shapes (Solana's JSON-RPC
// reference): right values out, and a wrong shape is RpcError(bad_response), never a crash.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/solana/base58.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/rpc.hpp"

namespace perch::chain::solana {
namespace {

namespace json = boost::json;
using chain::rpc::RpcError;

json::value parse(std::string_view text) {
    return json::parse(text);
}

template <class F>
void expect_bad_response(F&& f, const char* what) {
    try {
        f();
        ADD_FAILURE() << what << ": no error";
    } catch (const RpcError& e) {
        EXPECT_EQ(e.kind(), RpcError::Kind::bad_response) << what;
    }
}

const char* kMaker = "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2";
const char* kUser = "HGm6QGwLB2WrX6UjbXkpnEJJf1KMdxqyc2GBWyYgsDo9";

TEST(SolanaRpcParse, LatestBlockhash) {
    auto v = parse(
        R"({"context":{"slot":2792},"value":{"blockhash":"EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N","lastValidBlockHeight":3090}})");
    auto b = parse_latest_blockhash(v);
    EXPECT_EQ(b.blockhash.to_base58(), "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N");
    EXPECT_EQ(b.last_valid_block_height, 3090u);
    EXPECT_EQ(b.context_slot, 2792u);
    expect_bad_response(
        [] {
            parse_latest_blockhash(
                parse(R"({"value":{"blockhash":"0OIl","lastValidBlockHeight":1}})"));
        },
        "bad base58");
    expect_bad_response(
        [] {
            parse_latest_blockhash(parse(
                R"({"value":{"blockhash":"EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N","lastValidBlockHeight":-1}})"));
        },
        "negative");
    expect_bad_response([] { parse_latest_blockhash(parse(R"([1])")); }, "array");
}

TEST(SolanaRpcParse, SignatureStatuses) {
    auto v = parse(R"({"context":{"slot":82},"value":[
        {"slot":48,"confirmations":null,"err":null,"status":{"Ok":null},"confirmationStatus":"finalized"},
        null,
        {"slot":80,"confirmations":2,"err":{"InstructionError":[0,{"Custom":1}]},"status":{"Err":{}},"confirmationStatus":"confirmed"}]})");
    auto s = parse_signature_statuses(v);
    ASSERT_EQ(s.size(), 3u);
    ASSERT_TRUE(s[0]);
    EXPECT_EQ(s[0]->slot, 48u);
    EXPECT_FALSE(s[0]->confirmations);
    EXPECT_FALSE(s[0]->failed());
    EXPECT_EQ(s[0]->confirmation_status, Commitment::finalized);
    EXPECT_FALSE(s[1]);
    ASSERT_TRUE(s[2]);
    EXPECT_TRUE(s[2]->failed());
    EXPECT_EQ(s[2]->confirmations, 2u);
    EXPECT_EQ(s[2]->confirmation_status, Commitment::confirmed);
    expect_bad_response(
        [] {
            parse_signature_statuses(
                parse(R"({"value":[{"slot":1,"confirmationStatus":"rooted"}]})"));
        },
        "unknown status");
}

TEST(SolanaRpcParse, SignaturesForAddress) {
    auto v = parse(
        R"([{"signature":"5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv","slot":114,"err":null,"memo":"[21] perch:1:31337:0xabc:0","blockTime":1700000000,"confirmationStatus":"finalized"},
                         {"signature":"abc","slot":113,"err":{"InsufficientFundsForFee":null},"memo":null,"blockTime":null}])");
    auto list = parse_signatures_for_address(v);
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0].slot, 114u);
    EXPECT_EQ(list[0].memo, "[21] perch:1:31337:0xabc:0");
    EXPECT_EQ(list[0].block_time, 1700000000);
    EXPECT_FALSE(list[0].failed());
    EXPECT_TRUE(list[1].failed());
    EXPECT_FALSE(list[1].memo);
    EXPECT_FALSE(list[1].block_time);
    EXPECT_FALSE(list[1].confirmation_status);
    expect_bad_response([] { parse_signatures_for_address(parse(R"({"value":[]})")); }, "object");
}

// A v0 USDC deposit as getTransaction (json, maxSupportedTransactionVersion 0) answers it, with one
// account loaded from a lookup table.
std::string fetched_v0(const std::string& data_b58) {
    return std::string(R"({"slot":430,"blockTime":1764201600,"version":0,
      "transaction":{"signatures":["5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv"],
        "message":{"accountKeys":[")") +
           kUser +
           R"(","11111111111111111111111111111112","MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr","TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"],
          "header":{"numRequiredSignatures":1,"numReadonlySignedAccounts":0,"numReadonlyUnsignedAccounts":2},
          "recentBlockhash":"EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N",
          "instructions":[{"programIdIndex":3,"accounts":[1,5,4,0],"data":")" +
           data_b58 + R"(","stackHeight":null},
                          {"programIdIndex":2,"accounts":[],"data":"3826PaidkxHc2di8F"}],
          "addressTableLookups":[{"accountKey":"FSybxbdEZvsGBVALPRi9Hv8hYhuf29P5LTfk4CZbrRXo","writableIndexes":[2],"readonlyIndexes":[3]}]}},
      "meta":{"err":null,"fee":5000,"preBalances":[1000000000,2039280,1,1,2039280,1461600],"postBalances":[999995000,2039280,1,1,2039280,1461600],
        "preTokenBalances":[{"accountIndex":1,"mint":"4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU","owner":")" +
           kUser +
           R"(","programId":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","uiTokenAmount":{"amount":"10000000000","decimals":6,"uiAmount":10000.0,"uiAmountString":"10000"}}],
        "postTokenBalances":[{"accountIndex":1,"mint":"4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU","owner":")" +
           kUser +
           R"(","programId":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","uiTokenAmount":{"amount":"9975000000","decimals":6,"uiAmount":9975.0,"uiAmountString":"9975"}},
                             {"accountIndex":4,"mint":"4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU","owner":")" +
           kMaker +
           R"(","uiTokenAmount":{"amount":"1000025000000","decimals":6,"uiAmount":null,"uiAmountString":"1000025"}}],
        "innerInstructions":[],"logMessages":["Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]","Program log: Instruction: TransferChecked"],
        "loadedAddresses":{"writable":[")" +
           kMaker + R"("],"readonly":["4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU"]},
        "computeUnitsConsumed":6200}})";
}

TEST(SolanaRpcParse, TransactionWithLoadedAddressesDecodes) {
    auto mint = Pubkey::from_base58("4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU").value();
    auto user = Pubkey::from_base58(kUser).value();
    auto maker = Pubkey::from_base58(kMaker).value();
    auto source = Pubkey::from_base58("11111111111111111111111111111112").value();
    auto ix = token_transfer_checked(source, mint, maker, user, 25'000'000, 6);
    auto t = parse_transaction_answer(parse(fetched_v0(base58_encode(ix.data))));
    ASSERT_TRUE(t);
    EXPECT_EQ(t->slot, 430u);
    EXPECT_EQ(t->block_time, 1764201600);
    EXPECT_EQ(t->version, MessageVersion::v0);
    EXPECT_FALSE(t->failed());
    EXPECT_EQ(t->fee, 5000u);
    EXPECT_EQ(
        t->id(),
        "5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv");
    auto keys = t->account_keys();
    ASSERT_EQ(keys.size(), 6u);
    EXPECT_EQ(keys[4], maker);  // loaded writable
    EXPECT_EQ(keys[5], mint);   // loaded readonly
    EXPECT_TRUE(t->message.is_writable(4));
    EXPECT_FALSE(t->message.is_writable(5));
    EXPECT_EQ(t->pre_balances[0] - t->post_balances[0], 5000u);
    ASSERT_EQ(t->post_token_balances.size(), 2u);
    EXPECT_EQ(t->post_token_balances[1].amount, 1'000'025'000'000u);
    EXPECT_EQ(t->post_token_balances[1].owner, maker);
    EXPECT_FALSE(t->post_token_balances[1].program_id);
    EXPECT_EQ(t->pre_token_balances[0].amount - t->post_token_balances[0].amount, 25'000'000u);
    EXPECT_EQ(t->log_messages.size(), 2u);

    auto decoded = decode_compiled(t->message.instructions[0], keys);
    ASSERT_TRUE(decoded);
    auto tc = std::get<TokenTransferChecked>(*decoded);
    EXPECT_EQ(tc.destination, maker);
    EXPECT_EQ(tc.mint, mint);
    EXPECT_EQ(tc.amount, 25'000'000u);
    EXPECT_EQ(tc.decimals, 6);
    auto memo_ix = decode_compiled(t->message.instructions[1], keys);
    ASSERT_TRUE(memo_ix);
    EXPECT_EQ(std::get<Memo>(*memo_ix).text, std::string("perch:1:5:0x"));

    EXPECT_FALSE(parse_transaction_answer(json::value(nullptr)));
}

TEST(SolanaRpcParse, MalformedTransactionsAreBadResponses) {
    auto good = fetched_v0("3");
    auto broken = [&](const std::string& from, const std::string& to) {
        auto text = good;
        auto at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
        return text;
    };
    for (const auto& text :
         {broken(R"("accounts":[1,5,4,0])", R"("accounts":[1,6,4,0])"),  // index past the keys
          broken(R"("programIdIndex":3)", R"("programIdIndex":300)"),
          broken(R"("data":"3")", R"("data":"0")"),  // not base58
          broken(R"("amount":"9975000000")", R"("amount":"-1")"),
          broken(R"("amount":"9975000000")", R"("amount":"99999999999999999999")"),  // > u64
          broken(R"("preBalances":[1000000000,)", R"("preBalances":[)"),
          broken(R"("version":0)", R"("version":1)"),
          broken(R"("numRequiredSignatures":1)", R"("numRequiredSignatures":2)")})
        expect_bad_response([&] { parse_transaction_answer(parse(text)); }, text.c_str());
}

TEST(SolanaRpcParse, AccountInfoAndTokenAccounts) {
    EXPECT_FALSE(parse_account_info(parse(R"({"context":{"slot":1},"value":null})")));
    Bytes data(165, 0);
    auto mint = Pubkey::from_base58("4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU").value();
    auto owner = Pubkey::from_base58(kUser).value();
    std::copy(mint.bytes.begin(), mint.bytes.end(), data.begin());
    std::copy(owner.bytes.begin(), owner.bytes.end(), data.begin() + 32);
    data[64] = 0x00;  // 0x2_540b_e400 = 10,000,000,000, little-endian
    data[65] = 0xe4;
    data[66] = 0x0b;
    data[67] = 0x54;
    data[68] = 0x02;
    auto v = parse(
        std::string(R"({"context":{"slot":5},"value":{"data":[")") + to_base64(data) +
        R"(","base64"],"executable":false,"lamports":2039280,"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","rentEpoch":18446744073709551615,"space":165}})");
    auto info = parse_account_info(v);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->lamports, 2039280u);
    EXPECT_EQ(info->owner, token_program_id());
    EXPECT_EQ(info->rent_epoch, 18446744073709551615ULL);
    EXPECT_EQ(info->space, 165u);
    auto account = parse_token_account(owner, info->data);
    ASSERT_TRUE(account);
    EXPECT_EQ(account->mint, mint);
    EXPECT_EQ(account->owner, owner);
    EXPECT_EQ(account->amount, 10'000'000'000u);
    EXPECT_EQ(parse_token_account(owner, ByteView(data).first(100)).error().code,
              Errc::sol_invalid_account);
    expect_bad_response(
        [] {
            parse_account_info(parse(
                R"({"value":{"data":["AA==","base58"],"executable":false,"lamports":1,"owner":"11111111111111111111111111111111"}})"));
        },
        "encoding");
    expect_bad_response(
        [] {
            parse_account_info(parse(
                R"({"value":{"data":["A","base64"],"executable":false,"lamports":1,"owner":"11111111111111111111111111111111"}})"));
        },
        "base64");
}

TEST(SolanaRpcParse, Simulation) {
    auto ok = parse_simulation(parse(
        R"({"context":{"slot":3},"value":{"err":null,"logs":["Program 11111111111111111111111111111111 invoke [1]"],"unitsConsumed":150,"accounts":null}})"));
    EXPECT_TRUE(ok.ok());
    EXPECT_EQ(ok.units_consumed, 150u);
    EXPECT_EQ(ok.logs.size(), 1u);
    auto failed = parse_simulation(parse(
        R"({"context":{"slot":3},"value":{"err":"BlockhashNotFound","logs":[],"unitsConsumed":0}})"));
    EXPECT_FALSE(failed.ok());
    EXPECT_EQ(failed.err.as_string(), "BlockhashNotFound");
}

TEST(SolanaRpcParse, Commitments) {
    for (auto c : {Commitment::processed, Commitment::confirmed, Commitment::finalized})
        EXPECT_EQ(commitment_from_string(to_string(c)), c);
    EXPECT_FALSE(commitment_from_string("max"));
}

}  // namespace
}  // namespace perch::chain::solana
