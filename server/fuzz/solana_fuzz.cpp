// libFuzzer: Solana wire decoding on arbitrary bytes (transactions, messages, base58, base64,
// instruction decoding) must return errors, never crash, and anything accepted must re-encode to
// exactly the input.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chain/solana/base58.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/message.hpp"

using namespace perch::chain;
using namespace perch::chain::solana;

namespace {

void same_or_abort(const Bytes& again, ByteView input) {
    if (again.size() != input.size() || !std::equal(again.begin(), again.end(), input.begin()))
        std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteView input(data, size);
    if (auto tx = parse_transaction(input)) {
        same_or_abort(serialize_transaction(*tx), input);
        (void)verify_transaction(*tx);
        if (auto decoded = decode_message(tx->message);
            decoded && decoded->size() != tx->message.instructions.size())
            std::abort();
    }
    if (auto message = parse_message(input)) same_or_abort(serialize_message(*message), input);
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto bytes = base58_decode(text)) {
        if (base58_encode(*bytes) != text) std::abort();
    }
    if (auto bytes = from_base64(text)) {
        if (to_base64(*bytes) != text) std::abort();
    }
    std::size_t offset = 0;
    if (auto n = read_compact_u16(input, offset)) {
        Bytes again;
        append_compact_u16(again, *n);
        same_or_abort(again, input.first(offset));
    }
    // Any data under each known program: an instruction or an error, never a crash.
    std::vector<Pubkey> accounts(size % 8, Pubkey{});
    for (const auto* program :
         {&system_program_id(), &token_program_id(), &associated_token_program_id(),
          &memo_program_id(), &compute_budget_program_id()})
        (void)decode_instruction(*program, accounts, input);
    return 0;
}
