#include "swap/swap_gas.hpp"

#include "swap/full_math.hpp"

namespace perch::swap {

std::optional<NativeRate> native_rate(const PoolSet& pools, const chain::Address& token,
                                      const QuoteOptions& options) {
    if (token.is_zero() || token == options.wrapped_native)
        return NativeRate{options.native_reference_wei, options.native_reference_wei};
    QuoteOptions plain = options;
    plain.gas_price_wei = U256();  // the rate itself, not net of its own gas
    auto sold =
        best_quote(pools, options.wrapped_native, token, options.native_reference_wei, plain);
    if (!sold || sold->amount_out.is_zero()) return std::nullopt;
    return NativeRate{options.native_reference_wei, sold->amount_out};
}

U256 gas_in_token(const U256& gas_wei, const std::optional<NativeRate>& rate) {
    if (!rate || rate->native_in.is_zero()) return U256();
    auto value = mul_div(gas_wei, rate->token_out, rate->native_in);
    return value ? *value : U256::max();
}

chain::Result<GasChargedQuote> quote_after_gas(const PoolSet& pools, const chain::Address& token_in,
                                               const chain::Address& token_out,
                                               const U256& amount_in, const QuoteOptions& options) {
    auto whole = best_quote(pools, token_in, token_out, amount_in, options);
    if (!whole) return whole.error();
    GasChargedQuote charged;
    charged.gas_units = whole->gas_units;
    charged.gas_price_wei = options.gas_price_wei;
    auto gas_wei = options.gas_price_wei.mul(U256(whole->gas_units));
    if (!gas_wei) return gas_wei.error();
    charged.gas_fee = gas_in_token(*gas_wei, native_rate(pools, token_in, options));
    if (charged.gas_fee >= amount_in) {
        return chain::make_error(chain::Errc::swap_invalid_input,
                                 "the bridged amount does not cover the destination swap's gas");
    }
    if (charged.gas_fee.is_zero()) {
        charged.quote = std::move(*whole);
        return charged;
    }
    auto net = best_quote(pools, token_in, token_out, *amount_in.sub(charged.gas_fee), options);
    if (!net) return net.error();
    charged.quote = std::move(*net);
    return charged;
}

}  // namespace perch::swap
