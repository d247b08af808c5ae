#include "maker/solana_side.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <set>

#include "bridge/solana_memo.hpp"
#include "bridge/solana_payout.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/rpc.hpp"
#include "maker/maker.hpp"

namespace perch::maker {
namespace json = boost::json;
namespace sol = chain::solana;
using chain::U256;

namespace {

// getSignaturesForAddress pages (the node's maximum).
constexpr std::uint32_t kPage = 1000;
// Lamports a payout or refund may cost beyond what it sends: its fee, and for a token the rent of
// the recipient's new token account (2,039,280 lamports for 165 bytes), rounded up.
constexpr std::uint64_t kTokenPayoutLamports = 2'100'000;
// How often the same bytes are sent again while unseen.
constexpr auto kResendEvery = std::chrono::milliseconds(2000);

std::int64_t unix_seconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string position_text(const std::map<std::string, std::string>& newest) {
    json::object o;
    for (const auto& [address, signature] : newest) o[address] = signature;
    return json::serialize(o);
}

std::map<std::string, std::string> parse_position(const std::string& text) {
    std::map<std::string, std::string> out;
    boost::system::error_code ec;
    auto v = json::parse(text, ec);
    if (ec || !v.is_object()) return out;
    for (const auto& [address, signature] : v.as_object())
        if (signature.is_string()) out[std::string(address)] = std::string(signature.as_string());
    return out;
}

// Why a deposit without a usable memo is refunded: the deposit's own fault (no memo, several), or
// the parser's objection to its one memo.
std::string refund_reason(const bridge::MemoParse& memo) {
    if (memo.error == bridge::kNoMemo || memo.error == bridge::kSeveralMemos) return memo.error;
    return "the deposit's memo does not say where it goes: " + memo.error;
}

bool is_final_at(const sol::SignatureStatus& s, sol::Commitment wanted) {
    if (!s.confirmation_status) return !s.confirmations.has_value();  // rooted: null confirmations
    if (wanted == sol::Commitment::finalized)
        return *s.confirmation_status == sol::Commitment::finalized;
    return *s.confirmation_status != sol::Commitment::processed;
}

}  // namespace

SolanaSide::SolanaSide(Maker& maker, bridge::SolanaBridge& bridge, sol::Keypair key)
    : maker_(maker), bridge_(bridge), key_(std::move(key)), watch_(bridge.watch()) {
    if (!(key_.pubkey() == bridge.settings().maker)) {
        throw std::runtime_error("solana.maker_key_file holds the key of " +
                                 key_.pubkey().to_base58() + ", but the profile's maker is " +
                                 bridge.settings().maker.to_base58());
    }
}

std::int64_t SolanaSide::chain_id() const {
    return bridge::kSolanaChainId;
}

void SolanaSide::forget() {
    cursor_.reset();
    last_sent_.clear();
    refused_.clear();
}

namespace {
// The maker's loop wakes at the EVM chains' pace (200 ms); a Solana round costs about 3 calls
// when idle (the slot, the signatures of the two watched accounts). Public clusters allow 40 calls
// of a method per 10 s and 100 in all: a round a second stays within both.
constexpr auto kSolanaRound = std::chrono::milliseconds(1000);
}  // namespace

Task<void> SolanaSide::watch_round(bool) {
    auto now = std::chrono::steady_clock::now();
    if (now < next_round_) co_return;
    next_round_ = now + kSolanaRound;
    // A named client: g++ 12 mishandles a temporary's member coroutine awaited in one expression.
    sol::SolanaRpc rpc(bridge_.rpc());
    auto slot = co_await rpc.get_slot(bridge_.settings().commitment);
    maker_.note_head(chain_id(), slot);
    co_await read_deposits();
    co_await confirm();
}

store::Order SolanaSide::order_of(const bridge::SolanaDeposit& d) const {
    store::Order o;
    o.order_key = d.order_key();
    o.src_chain_id = bridge::kSolanaChainId;
    o.src_tx_hash = d.signature;
    o.log_index = d.index;
    o.tx_position = d.index;  // a signature's instructions never move
    o.block_number = static_cast<std::int64_t>(d.slot);
    o.sender = d.sender;
    o.token_address = d.token_address;
    o.token = d.token;
    o.decimals = static_cast<int>(d.decimals);
    o.amount = std::to_string(d.amount);
    o.confirmations = 0;  // read at the commitment: final already
    if (d.memo.memo) {
        o.dst_chain_id = d.memo.memo->dst_chain_id;
        o.recipient = d.memo.memo->recipient;
        o.channel = d.memo.memo->channel;
        mark_cross(o, maker_.routes().find(d.token, o.src_chain_id, o.dst_chain_id),
                   d.memo.memo->quote_id);
    } else {
        // No destination: the memo as found is kept, and why it says nothing (confirm() refunds
        // it with that reason): none, several, or the parser's objection to the one there is.
        o.dst_chain_id = 0;
        o.recipient = d.memo_text;
        o.reason = refund_reason(d.memo);
    }
    return o;
}

Task<void> SolanaSide::read_deposits() {
    auto& orders = maker_.orders();
    auto commitment = bridge_.settings().commitment;
    sol::SolanaRpc rpc(bridge_.rpc());
    const std::vector<sol::Pubkey> addresses{watch_.maker, watch_.maker_usdc};
    if (!cursor_) {
        auto stored = co_await orders.cursor(chain_id());
        if (stored) {
            cursor_ = parse_position(stored->position);
        } else {
            // A new database starts at the newest transactions: deposits made before this maker
            // existed were some other maker's business (as on the EVM chains).
            std::map<std::string, std::string> newest;
            std::int64_t slot = 0;
            for (const auto& a : addresses) {
                sol::SignaturesQuery q;
                q.limit = 1;
                q.commitment = commitment;
                auto page = co_await rpc.get_signatures_for_address(a, q);
                if (!page.empty()) {
                    newest[a.to_base58()] = page.front().signature;
                    slot = std::max(slot, static_cast<std::int64_t>(page.front().slot));
                }
            }
            // Named, not braced temporaries in the call: g++ 12 destroys those twice in a
            // coroutine call that is awaited (a double free here).
            store::WatchCursor start{slot + 1, "", slot + 1, position_text(newest)};
            std::vector<store::Order> none;
            co_await orders.record_deposits(chain_id(), std::move(none), std::move(start));
            cursor_ = newest;
            co_return;
        }
    }
    // Every new signature of both addresses (newest first per address), once each.
    std::map<std::string, std::uint64_t> fresh;  // signature → slot
    auto newest = *cursor_;
    for (const auto& a : addresses) {
        auto key = a.to_base58();
        std::optional<std::string> before;
        std::optional<std::string> until;
        if (auto it = cursor_->find(key); it != cursor_->end()) until = it->second;
        bool first_page = true;
        for (;;) {
            sol::SignaturesQuery q{before, until, kPage, commitment};
            auto page = co_await rpc.get_signatures_for_address(a, q);
            if (first_page && !page.empty()) newest[key] = page.front().signature;
            first_page = false;
            for (const auto& info : page)
                if (!info.failed()) fresh.emplace(info.signature, info.slot);
            if (page.size() < kPage) break;
            before = page.back().signature;
        }
    }
    if (newest == *cursor_) co_return;
    // Oldest first, so orders are created in the chain's order.
    std::vector<std::pair<std::uint64_t, std::string>> by_slot;
    for (const auto& [signature, slot] : fresh) by_slot.emplace_back(slot, signature);
    std::sort(by_slot.begin(), by_slot.end());
    std::vector<store::Order> deposits;
    std::int64_t last_slot = 0;
    for (const auto& [slot, signature] : by_slot) {
        auto tx = co_await rpc.get_transaction(signature, commitment);
        // Listed at this commitment, so the node has it; if not, the round is tried again.
        if (!tx) throw std::runtime_error("transaction " + signature + " is listed but not found");
        for (const auto& d : bridge::find_deposits(*tx, watch_)) {
            spdlog::info("maker: Solana deposit {} of {} {} ({})", d.order_key(), d.amount, d.token,
                         d.memo.memo ? "memo ok" : d.memo.error);
            deposits.push_back(order_of(d));
            deposits.back().block_time = tx->block_time.value_or(0);
        }
        last_slot = std::max(last_slot, static_cast<std::int64_t>(slot));
    }
    store::WatchCursor next{last_slot + 1, "", 0, position_text(newest)};
    cursor_.reset();  // unknown until the write is known to have happened
    co_await orders.record_deposits(chain_id(), std::move(deposits), next);
    cursor_ = newest;
}

Task<void> SolanaSide::confirm() {
    auto& orders = maker_.orders();
    auto confirming = co_await orders.orders_in_state("confirming", chain_id(), true, 1000);
    for (const auto& o : confirming) {
        store::Transition t;
        if (o.dst_chain_id == 0) {
            // Recorded with its reason; an order an earlier version recorded without one has its
            // single memo's text in `recipient`, or no memo at all.
            auto reason = o.reason;
            if (reason.empty())
                reason = o.recipient.empty()
                             ? refund_reason({std::nullopt, bridge::kNoMemo})
                             : refund_reason(bridge::parse_deposit_memo(o.recipient));
            t = {o.id, "confirming", "refunding", std::move(reason), std::nullopt, std::nullopt};
        } else {
            auto named = co_await maker_.named_quote(o);
            t = maker_.assess(o, named);
        }
        bool queued = t.to == "queued";
        if (co_await orders.transition(std::move(t)) && queued) maker_.wake_payer(o.dst_chain_id);
    }
}

Task<void> SolanaSide::pay_round(bool woken) {
    if (!woken) co_await follow_pending();
    const bool paused = co_await maker_.orders().paused();
    if (!paused) co_await sign_new();
    if (woken) co_await follow_pending();
}

store::SignedTx SolanaSide::sign(sol::Message message, std::uint64_t valid_until) const {
    auto tx = sol::unsigned_transaction(std::move(message));
    const sol::Keypair* keys[] = {&key_};
    if (auto signed_ok = sol::sign_transaction(tx, keys); !signed_ok)
        throw std::runtime_error("signing a Solana payout: " + signed_ok.error().message);
    return store::SignedTx{sol::to_base64(sol::serialize_transaction(tx)), tx.id(), "0",
                           static_cast<std::int64_t>(valid_until)};
}

Task<void> SolanaSide::sign_new() {
    auto& orders = maker_.orders();
    auto batch = maker_.options().batch;
    auto queued = co_await orders.orders_in_state("queued", chain_id(), false, batch);
    // Only what the outflow limits let out now; the rest waits, its reason told.
    auto payouts = co_await maker_.payable_now(chain_id(), std::move(queued));
    auto refunds = co_await orders.refunds_to_sign(chain_id(), batch);
    if (payouts.empty() && refunds.empty()) co_return;
    if (!maker_.lease()) co_return;
    auto lease = *maker_.lease();
    sol::SolanaRpc rpc(bridge_.rpc());
    auto commitment = bridge_.settings().commitment;
    // What the maker holds now, spent down as plans are made.
    auto lamports = co_await rpc.get_balance(watch_.maker, commitment);
    std::uint64_t sol_left =
        lamports > bridge::kSolanaReserveLamports ? lamports - bridge::kSolanaReserveLamports : 0;
    auto usdc = co_await bridge_.maker_available("USDC");
    std::uint64_t usdc_left = usdc.fits_u64() ? usdc.low_u64() : UINT64_MAX;
    auto latest = co_await rpc.get_latest_blockhash(commitment);
    auto price = co_await compute_unit_price(rpc);

    // A transfer's instructions at this round's price, and what they cost the maker in fees.
    auto instructions_for = [&](const store::Order& o, const std::string& kind,
                                const sol::Pubkey& to, const std::string& token,
                                std::uint64_t amount) {
        return bridge::solana_transfer_instructions(
            watch_.maker, to, bridge_.mint_of(token),
            static_cast<std::uint8_t>(bridge_.decimals_of(token)), amount,
            bridge::solana_note(kind, o.order_key), price);
    };
    auto spend = [&](const std::string& token, std::uint64_t amount, std::uint64_t fee) {
        if (token == "SOL") {
            if (sol_left < amount + fee) return false;
            sol_left -= amount + fee;
            return true;
        }
        // A token transfer may also pay the rent of the recipient's new token account.
        auto lamports = kTokenPayoutLamports - bridge::kSolanaSignatureFee + fee;
        if (usdc_left < amount || sol_left < lamports) return false;
        usdc_left -= amount;
        sol_left -= lamports;
        return true;
    };
    std::vector<store::TxPlan> plans;
    std::vector<store::Transition> moves;
    auto plan = [&](const store::Order& o, const std::string& kind,
                    const std::vector<sol::Instruction>& instructions) {
        auto message = sol::compile_message(watch_.maker, instructions, latest.blockhash);
        if (!message)
            throw std::runtime_error("a payout does not compile: " + message.error().message);
        auto valid_until = latest.last_valid_block_height;
        plans.push_back({o.id, kind, o.state,
                         [this, message = std::move(*message), valid_until](std::uint64_t) {
                             return sign(message, valid_until);
                         }});
    };
    for (const auto& o : payouts) {
        const auto& token = paid_token(o);
        auto recipient = sol::Pubkey::from_base58(o.recipient);
        auto amount = U256::from_dec(o.receive_amount);
        if (!recipient || !amount || !amount->fits_u64() || !bridge_.knows_token(token)) {
            moves.push_back({o.id, "queued", "refunding",
                             token + " cannot be paid out to '" + o.recipient + "' on Solana",
                             std::nullopt, std::nullopt});
            continue;
        }
        auto instructions = instructions_for(o, "payout", *recipient, token, amount->low_u64());
        if (!spend(token, amount->low_u64(), bridge::solana_fee(instructions, price))) {
            moves.push_back(refund_unpayable(o));
            continue;
        }
        plan(o, "payout", instructions);
    }
    // Refunds that cannot be signed now wait their turn again later, never holding up the rest.
    std::vector<store::RefundDeferral> deferred;
    auto defer = [&](const store::Order& o) { deferred.push_back(refund_deferral(o)); };
    for (const auto& o : refunds) {
        auto sender = sol::Pubkey::from_base58(o.sender);
        auto amount = U256::from_dec(o.amount);
        if (!sender || !amount || !amount->fits_u64() || !bridge_.knows_token(o.token)) {
            defer(o);
            continue;
        }
        // The refund's own cost: its fee for SOL (the signature's and the priority fee); for a
        // token the route's cost of a payout on Solana (its account's rent is the maker's).
        auto probe = instructions_for(o, "refund", *sender, o.token, amount->low_u64());
        auto fee = bridge::solana_fee(probe, price);
        U256 cost(fee);
        if (o.token != "SOL") {
            cost = U256();
            for (const auto& route : maker_.routes().routes) {
                if (route.token != o.token || route.cross()) continue;
                auto it = route.dtc.find(chain_id());
                cost = it == route.dtc.end() ? route.default_dtc : it->second;
            }
        }
        auto back = bridge::refund_amount(*amount, cost);
        if (!back) {
            moves.push_back({o.id, "refunding", "failed",
                             "the deposit is smaller than what its refund would cost", std::nullopt,
                             std::nullopt});
            continue;
        }
        if (!spend(o.token, back->low_u64(), fee)) {
            if (due_again(refund_waits_, o.id, std::chrono::minutes(1))) {
                spdlog::error(
                    "maker: refund of order {} waits: the maker lacks {} on Solana; fund it",
                    o.order_key, o.token);
            }
            defer(o);
            continue;
        }
        refund_waits_.erase(o.id);
        plan(o, "refund", instructions_for(o, "refund", *sender, o.token, back->low_u64()));
    }
    for (auto& m : moves) co_await orders.transition(std::move(m));
    co_await orders.defer_refunds(std::move(deferred));
    if (plans.empty()) co_return;
    auto stored = co_await orders.sign_and_store(std::move(lease), chain_id(),
                                                 watch_.maker.to_base58(), 0, std::move(plans));
    for (const auto& m : stored) co_await send(m.attempts.back(), true);
}

Task<std::uint64_t> SolanaSide::compute_unit_price(sol::SolanaRpc& rpc) {
    const auto& settings = bridge_.settings();
    std::vector<std::uint64_t> recent;
    try {
        recent = co_await rpc.get_recent_prioritization_fees();
    } catch (const std::exception& e) {
        // A node without the method only costs the priority: the floor is offered.
        if (due_again(price_said_, 0, std::chrono::minutes(10)))
            spdlog::warn(
                "maker: Solana's recent prioritization fees are unknown ({}); payouts "
                "offer the floor's compute-unit price",
                e.what());
    }
    co_return bridge::solana_compute_unit_price(std::move(recent), settings.priority_fee_floor,
                                                settings.priority_fee_cap);
}

Task<void> SolanaSide::send(const store::Attempt& attempt, bool first) {
    last_sent_[attempt.tx_hash] = std::chrono::steady_clock::now();
    auto wire = sol::from_base64(attempt.raw_tx);
    if (!wire) {
        spdlog::error("maker: Solana transaction {} is stored unreadable", attempt.tx_hash);
        co_return;
    }
    try {
        sol::SolanaRpc rpc(bridge_.rpc());
        co_await rpc.send_transaction(*wire, !first);
        refused_.erase(attempt.tx_hash);
    } catch (const chain::rpc::RpcError& e) {
        // Said once per version: the status check decides what happens next, never this answer.
        auto& said = refused_[attempt.tx_hash];
        if (said != e.what())
            spdlog::warn("maker: Solana refused transaction {}: {}", attempt.tx_hash, e.what());
        said = e.what();
    }
}

Task<void> SolanaSide::follow_pending() {
    auto& orders = maker_.orders();
    // The lease this round acts under: a new version is recorded only while it is still the
    // maker's (a leader that stalled mid-round and lost it must not add one).
    if (!maker_.lease()) co_return;
    const auto lease = *maker_.lease();
    auto pending = co_await orders.pending_txs(chain_id());
    if (pending.empty()) co_return;
    if (last_sent_.size() > 100000) last_sent_.clear();  // a bound; entries are hints
    if (refused_.size() > 100000) refused_.clear();
    sol::SolanaRpc rpc(bridge_.rpc());
    auto commitment = bridge_.settings().commitment;
    std::vector<std::string> signatures;
    for (const auto& m : pending)
        for (const auto& a : m.attempts) signatures.push_back(a.tx_hash);
    // The height finalized, whatever commitment the maker waits for: a version unseen by the node
    // that has finalized a block above its last valid height can never land (a confirmed block
    // may still be replaced by a fork that holds it).
    auto seen_now = co_await rpc.get_height_and_statuses(sol::Commitment::finalized, signatures);
    const auto height = seen_now.block_height;
    const auto& statuses = seen_now.statuses;
    auto now = std::chrono::steady_clock::now();
    // Named, never settle's default arguments: g++ 12 destroys a defaulted aggregate argument of a
    // call in a co_await expression twice. (A Solana transaction's cost is not recorded.)
    const std::string no_deduction;
    const store::TxSpend no_spend;
    std::size_t i = 0;
    for (const auto& m : pending) {
        const store::Attempt* found = nullptr;
        bridge::SolanaSeen seen;
        for (const auto& a : m.attempts) {
            const auto& s = statuses.at(i++);
            if (!s) continue;
            found = &a;
            seen = {true, is_final_at(*s, commitment), s->failed()};
        }
        const auto& last = m.attempts.back();
        auto step = bridge::solana_next_step(
            seen, height,
            static_cast<std::uint64_t>(found ? found->valid_until : last.valid_until));
        switch (step) {
            case bridge::SolanaNext::wait:
                break;
            case bridge::SolanaNext::landed:
                co_await orders.settle(m.id, found->tx_hash, true, "", "", no_deduction, no_spend);
                break;
            case bridge::SolanaNext::failed: {
                auto why = m.kind == "payout"
                               ? "the payout transaction failed on Solana; the deposit is refunded"
                               : "the refund transaction failed on Solana; an operator will "
                                 "resolve it";
                spdlog::error("maker: Solana {} {} of order id {} failed", m.kind, found->tx_hash,
                              m.order_id);
                co_await orders.settle(m.id, found->tx_hash, false, why, "", no_deduction,
                                       no_spend);
                break;
            }
            case bridge::SolanaNext::resend: {
                auto sent = last_sent_.find(last.tx_hash);
                if (sent == last_sent_.end() || now - sent->second >= kResendEvery)
                    co_await send(last, false);
                break;
            }
            case bridge::SolanaNext::rebuild: {
                if (m.attempts.size() >= kMaxVersions) {
                    // It can never land, and neither can any earlier version: nothing was paid.
                    auto why =
                        m.kind == "payout"
                            ? "Solana did not take the payout (" + std::to_string(kMaxVersions) +
                                  " versions expired); the deposit is refunded"
                            : "Solana did not take the refund (" + std::to_string(kMaxVersions) +
                                  " versions expired); an operator will resolve it";
                    spdlog::error("maker: order id {}: {}", m.order_id, why);
                    co_await orders.settle(m.id, "", false, why, "", no_deduction, no_spend);
                    break;
                }
                auto wire = sol::from_base64(last.raw_tx);
                auto tx = wire ? sol::parse_transaction(*wire)
                               : chain::Result<sol::Transaction>(wire.error());
                if (!tx) {
                    spdlog::error("maker: Solana maker tx {} holds an unreadable transaction",
                                  m.id);
                    break;
                }
                auto latest = co_await rpc.get_latest_blockhash(commitment);
                auto message = tx->message;
                message.recent_blockhash = latest.blockhash;
                auto signed_tx = sign(std::move(message), latest.last_valid_block_height);
                store::Attempt attempt{
                    signed_tx.tx_hash,    signed_tx.raw_tx, "0", unix_seconds(), false,
                    signed_tx.valid_until};
                // Stored before it is sent, like the first version, and only as the one successor
                // of the version found expired, under the lease (else LeaseLost: this instance
                // stops paying).
                if (!co_await orders.add_version(lease, m.id, last.tx_hash,
                                                 static_cast<std::int64_t>(height), attempt)) {
                    spdlog::warn(
                        "maker: Solana {} of order id {}: its versions changed meanwhile; version "
                        "{} not sent",
                        m.kind, m.order_id, attempt.tx_hash);
                    break;
                }
                spdlog::warn(
                    "maker: Solana {} of order id {} expired unseen (height {} > {}); version {} "
                    "is {}",
                    m.kind, m.order_id, height, last.valid_until, m.attempts.size() + 1,
                    attempt.tx_hash);
                co_await send(attempt, true);
                break;
            }
        }
    }
}

}  // namespace perch::maker
