#include "bridge/quote_reads.hpp"

#include "bridge/perch_pool.hpp"
#include "chain/rpc/eth.hpp"

namespace perch::bridge {

Task<std::optional<chain::U256>> read_pool_available(chain::rpc::RpcClient& rpc,
                                                     chain::Address pool, chain::Address token) {
    auto word = co_await chain::rpc::Eth(rpc).call(pool, pool_available_calldata(token));
    auto value = chain::U256::from_be_bytes(word);
    if (!value) co_return std::nullopt;
    co_return *value;
}

}  // namespace perch::bridge
