#include "swap/calldata.hpp"

#include "chain/abi.hpp"

namespace perch::swap {
namespace abi = chain::abi;

namespace {

abi::Value hop_value(const QuoteHop& hop) {
    return abi::Value::of(abi::Value::List{
        abi::Value::of(hop.pool), abi::Value::of(U256(static_cast<std::uint64_t>(hop.kind))),
        abi::Value::of(hop.token_in), abi::Value::of(hop.token_out),
        abi::Value::of(U256(hop.kind == PoolKind::v3 ? hop.fee_ppm : 0))});
}

abi::Value path_value(const QuotePath& path) {
    abi::Value::List hops;
    for (const auto& hop : path.hops) hops.push_back(hop_value(hop));
    return abi::Value::of(
        abi::Value::List{abi::Value::of(path.amount_in), abi::Value::of(std::move(hops))});
}

}  // namespace

chain::Bytes execute_calldata(const Quote& quote, const U256& min_amount_out,
                              const chain::Address& recipient, std::uint64_t deadline) {
    abi::Value::List paths;
    for (const auto& path : quote.paths) paths.push_back(path_value(path));
    std::vector<abi::Value> args{abi::Value::of(quote.token_in),  abi::Value::of(quote.token_out),
                                 abi::Value::of(quote.amount_in), abi::Value::of(std::move(paths)),
                                 abi::Value::of(min_amount_out),  abi::Value::of(recipient),
                                 abi::Value::of(U256(deadline))};
    return abi::encode_known_call(kExecuteSignature, args);
}

U256 minimum_out(const U256& amount_out, std::uint32_t slippage_bps) {
    auto scaled = amount_out.mul(U256(10'000 - slippage_bps));
    if (!scaled) return *amount_out.div(U256(10'000))->mul(U256(10'000 - slippage_bps));
    return *scaled->div(U256(10'000));
}

}  // namespace perch::swap
