#include "solana_devnet.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace perch::testing {
namespace json = boost::json;
namespace sol = chain::solana;

std::optional<SolanaDevnet> solana_devnet(const std::string& state_path) {
    std::ifstream in(state_path);
    std::stringstream buf;
    buf << in.rdbuf();
    auto doc = json::parse(buf.str()).as_object();
    const auto* s = doc.if_contains("solana");
    if (!s || !s->is_object()) return std::nullopt;
    const auto& o = s->as_object();
    SolanaDevnet d;
    d.rpc_url = std::string(o.at("rpc_url").as_string());
    d.usdc_mint = sol::Pubkey::from_base58(o.at("usdc_mint").as_string()).value();
    d.usdc_decimals = static_cast<std::uint8_t>(o.at("usdc_decimals").to_number<int>());
    for (const auto& u : o.at("users").as_array())
        d.users.push_back(sol::Pubkey::from_base58(u.as_string()).value());
    return d;
}

sol::Keypair devnet_solana_key(const std::string& name) {
    return sol::Keypair::from_seed(sol::sha256(chain::as_bytes("perch devnet solana " + name)))
        .value();
}

namespace {

Task<void> sleep_ms(int ms) {
    boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor,
                                    std::chrono::milliseconds(ms));
    co_await timer.async_wait(boost::asio::use_awaitable);
}

}  // namespace

Task<SentSolanaTx> send_and_finalize(sol::SolanaRpc& rpc, const sol::Keypair& payer,
                                     std::vector<sol::Instruction> instructions,
                                     sol::MessageVersion version) {
    auto blockhash = co_await rpc.get_latest_blockhash(sol::Commitment::confirmed);
    auto message = sol::compile_message(payer.pubkey(), instructions, blockhash.blockhash, version);
    if (!message) throw std::runtime_error(message.error().message);
    auto tx = sol::unsigned_transaction(std::move(*message));
    std::vector<const sol::Keypair*> keys{&payer};
    if (auto signed_ok = sol::sign_transaction(tx, keys); !signed_ok)
        throw std::runtime_error(signed_ok.error().message);
    SentSolanaTx sent;
    sent.last_valid_block_height = blockhash.last_valid_block_height;
    sent.signature = co_await rpc.send_transaction(sol::serialize_transaction(tx));
    if (sent.signature != tx.id()) throw std::runtime_error("the node answered another signature");
    std::vector<std::string> asked{sent.signature};
    for (int i = 0; i < 300; ++i) {  // 30 s
        auto statuses = co_await rpc.get_signature_statuses(asked);
        if (statuses.at(0) && statuses[0]->confirmation_status) {
            if (statuses[0]->failed())
                throw std::runtime_error("landed with an error: " +
                                         json::serialize(statuses[0]->err));
            auto c = *statuses[0]->confirmation_status;
            if (sent.seen.empty() || sent.seen.back() != c) sent.seen.push_back(c);
            if (c == sol::Commitment::finalized) break;
        }
        co_await sleep_ms(100);
    }
    if (sent.seen.empty() || sent.seen.back() != sol::Commitment::finalized)
        throw std::runtime_error("not finalized within 30 s");
    auto fetched = co_await rpc.get_transaction(sent.signature, sol::Commitment::finalized);
    if (!fetched) throw std::runtime_error("getTransaction found no finalized transaction");
    sent.fetched = std::move(*fetched);
    co_return sent;
}

}  // namespace perch::testing
