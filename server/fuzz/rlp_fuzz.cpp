// libFuzzer: RLP and transaction decoding on arbitrary bytes must return errors, never crash, and
// anything accepted must re-encode to exactly the input (canonical decoding).
#include <cstdint>
#include <cstdlib>

#include "chain/rlp.hpp"
#include "chain/tx.hpp"

using namespace perch::chain;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteView input(data, size);
    auto item = rlp::decode(input);
    if (item) {
        Bytes again = rlp::encode(*item);
        if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
    }
    auto tx = decode_transaction(input);
    if (tx) {
        Bytes again = encode_transaction(*tx);
        if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
        (void)validate_transaction(*tx, TxRules{});
        (void)recover_sender(*tx);
    }
    return 0;
}
