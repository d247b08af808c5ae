#include "solana_devnet.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "wait.hpp"

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
    d.maker = sol::Pubkey::from_base58(o.at("maker").as_string()).value();
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

// How long the node may take to produce the slots a wait needs before the test calls it stopped:
// a stalled node, not a slow one (its slots are 400 ms; finality is a few slots behind).
constexpr auto kNodeStalledAfter = std::chrono::seconds(180);

// Re-sends are spaced like a Solana client's (a node may drop a pending transaction; the same
// signed bytes land at most once).
constexpr auto kResendEvery = std::chrono::seconds(2);

}  // namespace

Task<std::vector<sol::Commitment>> follow_to_finalized(sol::SolanaRpc& rpc,
                                                       const std::string& signature,
                                                       const chain::Bytes& wire,
                                                       std::uint64_t last_valid_block_height) {
    // The wait follows the node, not the clock: it ends at finalized, fails when the blockhash
    // expired on a finalized block without the transaction landing, and re-sends meanwhile.
    std::vector<sol::Commitment> seen;
    std::vector<std::string> asked{signature};
    const auto started = std::chrono::steady_clock::now();
    auto sent_at = started;
    std::uint64_t finalized_height = 0;
    for (;;) {
        auto statuses = co_await rpc.get_signature_statuses(asked);
        const auto& status = statuses.at(0);
        if (status && status->confirmation_status) {
            if (status->failed())
                throw std::runtime_error("landed with an error: " + json::serialize(status->err));
            auto c = *status->confirmation_status;
            if (seen.empty() || seen.back() != c) seen.push_back(c);
            if (c == sol::Commitment::finalized) co_return seen;
        } else {
            finalized_height = co_await rpc.get_block_height(sol::Commitment::finalized);
            if (finalized_height > last_valid_block_height) {
                throw NeverLanded(
                    "transaction " + signature + " never landed: its blockhash expired at height " +
                    std::to_string(last_valid_block_height) + " (finalized height now " +
                    std::to_string(finalized_height) + ")");
            }
            if (!wire.empty() && std::chrono::steady_clock::now() - sent_at >= kResendEvery) {
                sent_at = std::chrono::steady_clock::now();
                try {
                    co_await rpc.send_transaction(wire, true);
                } catch (const std::exception&) {  // landed meanwhile, or expired: read above
                }
            }
        }
        if (std::chrono::steady_clock::now() - started > kNodeStalledAfter) {
            std::string last = seen.empty() ? "unknown to the node" : sol::to_string(seen.back());
            throw std::runtime_error("transaction " + signature + " not finalized within " +
                                     std::to_string(kNodeStalledAfter.count()) +
                                     " s (the node stalled?); last status: " + last +
                                     ", finalized height " + std::to_string(finalized_height) +
                                     ", blockhash valid to " +
                                     std::to_string(last_valid_block_height));
        }
        co_await sleep_ms(100);
    }
}

Task<SentSolanaTx> send_and_finalize(sol::SolanaRpc& rpc, const sol::Keypair& payer,
                                     std::vector<sol::Instruction> instructions,
                                     sol::MessageVersion version) {
    // A transaction whose blockhash expired unlanded (other tests on the shared node move its
    // slots on) is provably dead: signed again on a fresh blockhash, as a Solana client does.
    constexpr int kSignings = 3;
    for (int signing = 1;; ++signing) {
        auto blockhash = co_await rpc.get_latest_blockhash(sol::Commitment::confirmed);
        auto message =
            sol::compile_message(payer.pubkey(), instructions, blockhash.blockhash, version);
        if (!message) throw std::runtime_error(message.error().message);
        auto tx = sol::unsigned_transaction(std::move(*message));
        std::vector<const sol::Keypair*> keys{&payer};
        if (auto signed_ok = sol::sign_transaction(tx, keys); !signed_ok)
            throw std::runtime_error(signed_ok.error().message);
        SentSolanaTx sent;
        sent.last_valid_block_height = blockhash.last_valid_block_height;
        auto wire = sol::serialize_transaction(tx);
        sent.signature = co_await rpc.send_transaction(wire);
        if (sent.signature != tx.id())
            throw std::runtime_error("the node answered another signature");
        try {
            sent.seen = co_await follow_to_finalized(rpc, sent.signature, wire,
                                                     sent.last_valid_block_height);
        } catch (const NeverLanded&) {
            if (signing == kSignings) throw;
            continue;
        }
        auto fetched = co_await rpc.get_transaction(sent.signature, sol::Commitment::finalized);
        if (!fetched) throw std::runtime_error("getTransaction found no finalized transaction");
        sent.fetched = std::move(*fetched);
        co_return sent;
    }
}

void wait_for_unpriced_slots(sol::SolanaRpc& rpc) {
    wait_for(
        "no priced slot left on the Solana node", std::chrono::seconds(180),
        [&] {
            for (auto p : run_task(rpc.get_recent_prioritization_fees()))
                if (p != 0) return false;
            return true;
        },
        std::chrono::seconds(1));
}

}  // namespace perch::testing
