// Hot paths of the chain layer: hashing, RLP, signing/recovery, ABI. Run in Release/RelWithDebInfo.
#include <benchmark/benchmark.h>

#include "chain/abi.hpp"
#include "chain/keccak.hpp"
#include "chain/rlp.hpp"
#include "chain/tx.hpp"

namespace perch::chain {
namespace {

const PrivateKey& bench_key() {
    static const PrivateKey key =
        *PrivateKey::from_hex("0x4646464646464646464646464646464646464646464646464646464646464646");
    return key;
}

Transaction legacy_tx() {
    Transaction tx;
    tx.type = TxType::legacy;
    tx.chain_id = 1;
    tx.nonce = 9;
    tx.gas_price = 20'000'000'000ULL;
    tx.gas_limit = 21000;
    tx.to = *Address::from_hex("0x3535353535353535353535353535353535353535");
    tx.value = *U256::from_dec("1000000000000000000");
    sign_transaction(tx, bench_key());
    return tx;
}

Transaction eip1559_tx() {
    Transaction tx;
    tx.type = TxType::dynamic_fee;
    tx.chain_id = 8453;
    tx.nonce = 42;
    tx.max_priority_fee_per_gas = 1'000'000'000ULL;
    tx.max_fee_per_gas = 30'000'000'000ULL;
    tx.gas_limit = 65000;
    tx.to = *Address::from_hex("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    tx.data = *from_hex(
        "a9059cbb000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266"
        "000000000000000000000000000000000000000000000000000000000bebc200");
    return tx;
}

void BM_Keccak(benchmark::State& state) {
    Bytes data(static_cast<std::size_t>(state.range(0)), 0xab);
    for (auto _ : state) benchmark::DoNotOptimize(keccak256(data));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
BENCHMARK(BM_Keccak)->Arg(32)->Arg(1024);

void BM_RlpEncodeLegacyTx(benchmark::State& state) {
    Transaction tx = legacy_tx();
    for (auto _ : state) benchmark::DoNotOptimize(encode_transaction(tx));
}
BENCHMARK(BM_RlpEncodeLegacyTx);

void BM_RlpDecodeLegacyTx(benchmark::State& state) {
    Bytes raw = encode_transaction(legacy_tx());
    for (auto _ : state) benchmark::DoNotOptimize(decode_transaction(raw));
}
BENCHMARK(BM_RlpDecodeLegacyTx);

void BM_RlpDecodeTree(benchmark::State& state) {
    Bytes raw = encode_transaction(legacy_tx());
    for (auto _ : state) benchmark::DoNotOptimize(rlp::decode(raw));
}
BENCHMARK(BM_RlpDecodeTree);

void BM_Eip1559Sign(benchmark::State& state) {
    Transaction tx = eip1559_tx();
    for (auto _ : state) {
        sign_transaction(tx, bench_key());
        benchmark::DoNotOptimize(tx.r);
    }
}
BENCHMARK(BM_Eip1559Sign);

void BM_Eip1559RecoverSender(benchmark::State& state) {
    Transaction tx = eip1559_tx();
    sign_transaction(tx, bench_key());
    for (auto _ : state) benchmark::DoNotOptimize(recover_sender(tx));
}
BENCHMARK(BM_Eip1559RecoverSender);

const abi::Function& transfer_fn() {
    static const abi::Function fn = *abi::parse_function("transfer(address,uint256)");
    return fn;
}

abi::Value::List transfer_args() {
    return {abi::Value::of(*Address::from_hex("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")),
            abi::Value::of(U256(200'000'000))};
}

void BM_AbiEncodeTransfer(benchmark::State& state) {
    auto args = transfer_args();
    for (auto _ : state) benchmark::DoNotOptimize(transfer_fn().encode_call(args));
}
BENCHMARK(BM_AbiEncodeTransfer);

void BM_AbiDecodeTransfer(benchmark::State& state) {
    Bytes calldata = *transfer_fn().encode_call(transfer_args());
    for (auto _ : state) benchmark::DoNotOptimize(transfer_fn().decode_call(calldata));
}
BENCHMARK(BM_AbiDecodeTransfer);

void BM_AbiDecodeDepositLog(benchmark::State& state) {
    abi::Event event = *abi::parse_event(
        "event Deposit(address indexed sender, address indexed token, uint256 amount, "
        "uint256 indexed dstChainId, string recipient, bytes32 channel)");
    std::vector<Hash32> topics{event.topic(), Hash32{}, Hash32{}, Hash32{}};
    topics[3].bytes[31] = 0x21;
    std::vector<abi::Type> data_types{*abi::parse_type("uint256"), *abi::parse_type("string"),
                                      *abi::parse_type("bytes32")};
    abi::Value::List data_values{abi::Value::of(U256(5'000'000)),
                                 abi::Value::of(std::string("bc1qexampleexchangeaddress")),
                                 abi::Value::of(Bytes(32, 7))};
    Bytes data = *abi::encode_params(data_types, data_values);
    for (auto _ : state) benchmark::DoNotOptimize(event.decode_log(topics, data));
}
BENCHMARK(BM_AbiDecodeDepositLog);

}  // namespace
}  // namespace perch::chain
