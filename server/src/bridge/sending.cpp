#include "bridge/sending.hpp"

#include <boost/json.hpp>

#include "chain/rpc/errors.hpp"
#include "chain/rpc/eth.hpp"

namespace perch::bridge {
namespace json = boost::json;

namespace {
constexpr std::uint64_t kDefaultPriorityFee = 1'000'000'000;  // 1 gwei, when the node has no view
}

bool already_sent(std::string error) {
    return chain::rpc::means_already_sent(chain::rpc::classify(0, error));
}

Task<Fees> read_current_fees(chain::rpc::RpcClient& rpc) {
    chain::rpc::Eth eth(rpc);
    auto latest = co_await eth.get_block_by_number("latest", false);
    chain::U256 base;
    if (const auto* fee = latest.as_object().if_contains("baseFeePerGas"))
        base = chain::rpc::quantity(*fee);
    chain::U256 priority(kDefaultPriorityFee);
    try {
        json::array none;
        priority = chain::rpc::quantity(co_await rpc.call("eth_maxPriorityFeePerGas", none));
    } catch (const chain::rpc::RpcError&) {
        // older nodes: keep the default tip
    }
    co_return fees_for(base, priority);
}

}  // namespace perch::bridge
