#include "maker/evm_side.hpp"

#include "chain/rpc/eth.hpp"
#include "maker/maker.hpp"

namespace perch::maker {

Task<void> EvmSide::watch_round(bool woken) {
    co_await maker_.watch_once(chain_id_, rpc_, woken);
}

Task<void> EvmSide::pay_round(bool woken) {
    co_await maker_.evm_pay_round(chain_id_, rpc_, woken);
}

}  // namespace perch::maker
