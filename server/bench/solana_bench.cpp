// Hot paths of the Solana chain layer: what the maker does per payout (ATA derivation, compile,
// sign, serialize) and per watched transaction (parse, decode), and base58. Run in
// Release/RelWithDebInfo.
#include <benchmark/benchmark.h>

#include "chain/solana/base58.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"

namespace perch::chain::solana {
namespace {

const Keypair& payer() {
    static const Keypair key = *Keypair::from_seed(sha256(as_bytes("perch devnet solana maker")));
    return key;
}

Pubkey key_of(const char* name) {
    Pubkey k;
    k.bytes = sha256(as_bytes(name));
    return k;
}

// A USDC payout as the maker sends it: compute budget, ATA create, TransferChecked, memo.
std::vector<Instruction> usdc_payout() {
    auto mint = key_of("mint");
    auto owner = key_of("recipient");
    auto from = associated_token_address(payer().pubkey(), mint).address;
    auto to = associated_token_address(owner, mint).address;
    return {set_compute_unit_limit(60'000), set_compute_unit_price(1'000),
            create_associated_token_account_idempotent(payer().pubkey(), owner, mint),
            token_transfer_checked(from, mint, to, payer().pubkey(), 25'000'000, 6),
            memo("perch:1:83797601:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:0")};
}

Bytes signed_payout() {
    auto tx = unsigned_transaction(*compile_message(payer().pubkey(), usdc_payout(), key_of("bh")));
    std::vector<const Keypair*> keys{&payer()};
    (void)sign_transaction(tx, keys);
    return serialize_transaction(tx);
}

void BM_SolanaAssociatedTokenAddress(benchmark::State& state) {
    auto owner = key_of("recipient"), mint = key_of("mint");
    for (auto _ : state) benchmark::DoNotOptimize(associated_token_address(owner, mint));
}
BENCHMARK(BM_SolanaAssociatedTokenAddress);

void BM_SolanaBuildSignUsdcPayout(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(signed_payout());
}
BENCHMARK(BM_SolanaBuildSignUsdcPayout);

void BM_SolanaParseDecodeVerify(benchmark::State& state) {
    auto wire = signed_payout();
    for (auto _ : state) {
        auto tx = parse_transaction(wire);
        benchmark::DoNotOptimize(decode_message(tx->message));
        benchmark::DoNotOptimize(verify_transaction(*tx));
    }
}
BENCHMARK(BM_SolanaParseDecodeVerify);

void BM_SolanaBase58Signature(benchmark::State& state) {
    auto signature = payer().sign(as_bytes("perch"));
    for (auto _ : state) benchmark::DoNotOptimize(base58_decode(signature.to_base58()));
}
BENCHMARK(BM_SolanaBase58Signature);

}  // namespace
}  // namespace perch::chain::solana
