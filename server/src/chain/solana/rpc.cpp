#include "chain/solana/rpc.hpp"

#include <boost/json.hpp>

#include "chain/solana/base58.hpp"

namespace perch::chain::solana {
namespace json = boost::json;
using chain::rpc::RpcError;

namespace {

[[noreturn]] void bad(const std::string& what) {
    throw RpcError(RpcError::Kind::bad_response, what);
}

const json::object& object_of(const json::value& v, const char* what) {
    if (!v.is_object()) bad(std::string(what) + " is not an object");
    return v.as_object();
}

const json::array& array_of(const json::value& v, const char* what) {
    if (!v.is_array()) bad(std::string(what) + " is not an array");
    return v.as_array();
}

const json::value& field(const json::object& o, const char* name) {
    const auto* v = o.if_contains(name);
    if (!v) bad(std::string("answer lacks ") + name);
    return *v;
}

// A field that may be missing or null.
const json::value* optional_field(const json::object& o, const char* name) {
    const auto* v = o.if_contains(name);
    return v && !v->is_null() ? v : nullptr;
}

std::uint64_t u64_of(const json::value& v, const char* what) {
    if (v.is_uint64()) return v.as_uint64();
    if (v.is_int64() && v.as_int64() >= 0) return static_cast<std::uint64_t>(v.as_int64());
    bad(std::string(what) + " is not an unsigned integer");
}

std::int64_t i64_of(const json::value& v, const char* what) {
    if (v.is_int64()) return v.as_int64();
    if (v.is_uint64() && v.as_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
        return static_cast<std::int64_t>(v.as_uint64());
    bad(std::string(what) + " is not an integer");
}

std::uint8_t u8_of(const json::value& v, const char* what) {
    auto n = u64_of(v, what);
    if (n > 255) bad(std::string(what) + " does not fit a byte");
    return static_cast<std::uint8_t>(n);
}

std::string string_of(const json::value& v, const char* what) {
    if (!v.is_string()) bad(std::string(what) + " is not a string");
    return std::string(v.as_string());
}

// A token amount: decimal digits of a u64 (the node sends them as text).
std::uint64_t decimal_u64(const std::string& text, const char* what) {
    if (text.empty() || text.size() > 20 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        bad(std::string(what) + " is not a decimal integer: " + text);
    std::uint64_t value = 0;
    for (char c : text) {
        auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (UINT64_MAX - digit) / 10) bad(std::string(what) + " does not fit 64 bits");
        value = value * 10 + digit;
    }
    return value;
}

Pubkey pubkey_of(const json::value& v, const char* what) {
    auto key = Pubkey::from_base58(string_of(v, what));
    if (!key) bad(std::string(what) + ": " + key.error().message);
    return *key;
}

std::vector<Pubkey> pubkeys_of(const json::value& v, const char* what) {
    std::vector<Pubkey> keys;
    for (const auto& item : array_of(v, what)) keys.push_back(pubkey_of(item, what));
    return keys;
}

std::vector<std::uint8_t> indexes_of(const json::value& v, const char* what) {
    std::vector<std::uint8_t> out;
    for (const auto& item : array_of(v, what)) out.push_back(u8_of(item, what));
    return out;
}

std::vector<std::uint64_t> u64s_of(const json::value& v, const char* what) {
    std::vector<std::uint64_t> out;
    for (const auto& item : array_of(v, what)) out.push_back(u64_of(item, what));
    return out;
}

std::optional<Commitment> status_of(const json::object& o, const char* name) {
    const auto* v = optional_field(o, name);
    if (!v) return std::nullopt;
    auto c = commitment_from_string(string_of(*v, name));
    if (!c) bad(std::string("unknown ") + name);
    return c;
}

// The `value` of an RpcResponse ({context, value}).
const json::value& value_of(const json::value& result, const char* method) {
    return field(object_of(result, method), "value");
}

CompiledInstruction instruction_of(const json::value& v) {
    const auto& o = object_of(v, "instruction");
    CompiledInstruction ix;
    ix.program_id_index = u8_of(field(o, "programIdIndex"), "programIdIndex");
    ix.accounts = indexes_of(field(o, "accounts"), "instruction accounts");
    auto data = base58_decode(string_of(field(o, "data"), "instruction data"));
    if (!data) bad("instruction data: " + data.error().message);
    ix.data = std::move(*data);
    return ix;
}

std::vector<TokenBalance> token_balances_of(const json::object& meta, const char* name) {
    std::vector<TokenBalance> out;
    const auto* list = optional_field(meta, name);
    if (!list) return out;
    for (const auto& item : array_of(*list, name)) {
        const auto& o = object_of(item, name);
        TokenBalance b;
        b.account_index =
            static_cast<std::uint32_t>(u64_of(field(o, "accountIndex"), "accountIndex"));
        b.mint = pubkey_of(field(o, "mint"), "mint");
        if (const auto* owner = optional_field(o, "owner")) b.owner = pubkey_of(*owner, "owner");
        if (const auto* program = optional_field(o, "programId"))
            b.program_id = pubkey_of(*program, "programId");
        const auto& ui = object_of(field(o, "uiTokenAmount"), "uiTokenAmount");
        b.amount = decimal_u64(string_of(field(ui, "amount"), "token amount"), "token amount");
        b.decimals = u8_of(field(ui, "decimals"), "decimals");
        out.push_back(std::move(b));
    }
    return out;
}

Bytes base64_data_of(const json::value& v) {
    // [data, "base64"]
    const auto& pair = array_of(v, "account data");
    if (pair.size() != 2 || string_of(pair[1], "data encoding") != "base64")
        bad("account data is not [text, \"base64\"]");
    auto bytes = from_base64(string_of(pair[0], "account data"));
    if (!bytes) bad("account data: " + bytes.error().message);
    return std::move(*bytes);
}

AccountInfo account_of(const json::value& v) {
    const auto& o = object_of(v, "account");
    AccountInfo a;
    a.lamports = u64_of(field(o, "lamports"), "lamports");
    a.owner = pubkey_of(field(o, "owner"), "owner");
    a.data = base64_data_of(field(o, "data"));
    const auto& executable = field(o, "executable");
    if (!executable.is_bool()) bad("executable is not a boolean");
    a.executable = executable.as_bool();
    if (const auto* epoch = optional_field(o, "rentEpoch"))
        a.rent_epoch = u64_of(*epoch, "rentEpoch");
    if (const auto* space = optional_field(o, "space")) a.space = u64_of(*space, "space");
    return a;
}

// Each commitment level and its name in the JSON-RPC API, read both ways.
struct CommitmentName {
    Commitment commitment;
    const char* name;
};
constexpr CommitmentName kCommitmentNames[] = {{Commitment::processed, "processed"},
                                               {Commitment::confirmed, "confirmed"},
                                               {Commitment::finalized, "finalized"}};

json::object config(Commitment commitment) {
    return json::object{{"commitment", to_string(commitment)}};
}

}  // namespace

const char* to_string(Commitment commitment) {
    for (const auto& entry : kCommitmentNames)
        if (entry.commitment == commitment) return entry.name;
    return "finalized";
}

std::optional<Commitment> commitment_from_string(std::string_view text) {
    for (const auto& entry : kCommitmentNames)
        if (text == entry.name) return entry.commitment;
    return std::nullopt;
}

std::string FetchedTransaction::id() const {
    return signatures.empty() ? std::string() : signatures.front().to_base58();
}

std::vector<Pubkey> FetchedTransaction::account_keys() const {
    auto keys = message.account_keys;
    keys.insert(keys.end(), loaded_writable.begin(), loaded_writable.end());
    keys.insert(keys.end(), loaded_readonly.begin(), loaded_readonly.end());
    return keys;
}

Result<TokenAccount> parse_token_account(const Pubkey& address, ByteView data) {
    if (data.size() < 165)
        return make_error(
            Errc::sol_invalid_account,
            "a token account holds at least 165 bytes, not " + std::to_string(data.size()));
    TokenAccount t;
    t.address = address;
    t.mint = *Pubkey::from_bytes(data.subspan(0, 32));
    t.owner = *Pubkey::from_bytes(data.subspan(32, 32));
    for (int i = 0; i < 8; ++i)
        t.amount |= static_cast<std::uint64_t>(data[64 + static_cast<std::size_t>(i)]) << (8 * i);
    return t;
}

LatestBlockhash parse_latest_blockhash(const json::value& result) {
    const auto& o = object_of(result, "getLatestBlockhash");
    LatestBlockhash out;
    if (const auto* context = o.if_contains("context"); context && context->is_object())
        if (const auto* slot = context->as_object().if_contains("slot"))
            out.context_slot = u64_of(*slot, "context slot");
    const auto& value = object_of(field(o, "value"), "getLatestBlockhash value");
    out.blockhash = pubkey_of(field(value, "blockhash"), "blockhash");
    out.last_valid_block_height =
        u64_of(field(value, "lastValidBlockHeight"), "lastValidBlockHeight");
    return out;
}

std::vector<std::optional<SignatureStatus>> parse_signature_statuses(const json::value& result) {
    std::vector<std::optional<SignatureStatus>> out;
    for (const auto& item : array_of(value_of(result, "getSignatureStatuses"), "statuses")) {
        if (item.is_null()) {
            out.emplace_back();
            continue;
        }
        const auto& o = object_of(item, "status");
        SignatureStatus s;
        s.slot = u64_of(field(o, "slot"), "slot");
        if (const auto* c = optional_field(o, "confirmations"))
            s.confirmations = u64_of(*c, "confirmations");
        if (const auto* err = o.if_contains("err")) s.err = *err;
        s.confirmation_status = status_of(o, "confirmationStatus");
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<SignatureInfo> parse_signatures_for_address(const json::value& result) {
    std::vector<SignatureInfo> out;
    for (const auto& item : array_of(result, "getSignaturesForAddress")) {
        const auto& o = object_of(item, "signature info");
        SignatureInfo s;
        s.signature = string_of(field(o, "signature"), "signature");
        s.slot = u64_of(field(o, "slot"), "slot");
        if (const auto* t = optional_field(o, "blockTime")) s.block_time = i64_of(*t, "blockTime");
        if (const auto* err = o.if_contains("err")) s.err = *err;
        if (const auto* memo = optional_field(o, "memo")) s.memo = string_of(*memo, "memo");
        s.confirmation_status = status_of(o, "confirmationStatus");
        out.push_back(std::move(s));
    }
    return out;
}

std::optional<FetchedTransaction> parse_transaction_answer(const json::value& result) {
    if (result.is_null()) return std::nullopt;
    const auto& o = object_of(result, "getTransaction");
    FetchedTransaction t;
    t.slot = u64_of(field(o, "slot"), "slot");
    if (const auto* bt = optional_field(o, "blockTime")) t.block_time = i64_of(*bt, "blockTime");
    if (const auto* version = optional_field(o, "version")) {
        if (version->is_string() && version->as_string() == "legacy") {
            t.version = MessageVersion::legacy;
        } else if (version->is_number() && u64_of(*version, "version") == 0) {
            t.version = MessageVersion::v0;
        } else {
            bad("unsupported transaction version");
        }
    }
    const auto& tx = object_of(field(o, "transaction"), "transaction");
    for (const auto& s : array_of(field(tx, "signatures"), "signatures")) {
        auto sig = Signature::from_base58(string_of(s, "signature"));
        if (!sig) bad("signature: " + sig.error().message);
        t.signatures.push_back(*sig);
    }
    const auto& m = object_of(field(tx, "message"), "message");
    t.message.version = t.version.value_or(MessageVersion::legacy);
    const auto& h = object_of(field(m, "header"), "header");
    t.message.header.num_required_signatures =
        u8_of(field(h, "numRequiredSignatures"), "numRequiredSignatures");
    t.message.header.num_readonly_signed =
        u8_of(field(h, "numReadonlySignedAccounts"), "numReadonlySignedAccounts");
    t.message.header.num_readonly_unsigned =
        u8_of(field(h, "numReadonlyUnsignedAccounts"), "numReadonlyUnsignedAccounts");
    t.message.account_keys = pubkeys_of(field(m, "accountKeys"), "accountKeys");
    t.message.recent_blockhash = pubkey_of(field(m, "recentBlockhash"), "recentBlockhash");
    for (const auto& ix : array_of(field(m, "instructions"), "instructions"))
        t.message.instructions.push_back(instruction_of(ix));
    if (const auto* lookups = optional_field(m, "addressTableLookups")) {
        for (const auto& item : array_of(*lookups, "addressTableLookups")) {
            const auto& l = object_of(item, "address table lookup");
            AddressTableLookup lookup;
            lookup.account_key = pubkey_of(field(l, "accountKey"), "accountKey");
            lookup.writable_indexes = indexes_of(field(l, "writableIndexes"), "writableIndexes");
            lookup.readonly_indexes = indexes_of(field(l, "readonlyIndexes"), "readonlyIndexes");
            t.message.address_table_lookups.push_back(std::move(lookup));
        }
    }
    if (t.signatures.size() != t.message.header.num_required_signatures)
        bad("signature count does not match the header");

    const auto* meta_value = optional_field(o, "meta");
    if (!meta_value) bad("transaction without meta");
    const auto& meta = object_of(*meta_value, "meta");
    if (const auto* err = meta.if_contains("err")) t.err = *err;
    t.fee = u64_of(field(meta, "fee"), "fee");
    t.pre_balances = u64s_of(field(meta, "preBalances"), "preBalances");
    t.post_balances = u64s_of(field(meta, "postBalances"), "postBalances");
    t.pre_token_balances = token_balances_of(meta, "preTokenBalances");
    t.post_token_balances = token_balances_of(meta, "postTokenBalances");
    if (const auto* logs = optional_field(meta, "logMessages"))
        for (const auto& line : array_of(*logs, "logMessages"))
            t.log_messages.push_back(string_of(line, "log line"));
    if (const auto* inner = optional_field(meta, "innerInstructions")) {
        for (const auto& item : array_of(*inner, "innerInstructions")) {
            const auto& io = object_of(item, "inner instructions");
            InnerInstructions group;
            group.index = static_cast<std::uint32_t>(u64_of(field(io, "index"), "index"));
            for (const auto& ix : array_of(field(io, "instructions"), "inner instructions"))
                group.instructions.push_back(instruction_of(ix));
            t.inner_instructions.push_back(std::move(group));
        }
    }
    if (const auto* loaded = optional_field(meta, "loadedAddresses")) {
        const auto& lo = object_of(*loaded, "loadedAddresses");
        t.loaded_writable = pubkeys_of(field(lo, "writable"), "loaded writable");
        t.loaded_readonly = pubkeys_of(field(lo, "readonly"), "loaded readonly");
    }
    auto total = t.account_keys().size();
    for (const auto& ix : t.message.instructions) {
        if (ix.program_id_index >= total) bad("instruction program index past the account keys");
        for (auto a : ix.accounts)
            if (a >= total) bad("instruction account index past the account keys");
    }
    if (t.pre_balances.size() != total || t.post_balances.size() != total)
        bad("balances do not match the account keys");
    return t;
}

std::optional<AccountInfo> parse_account_info(const json::value& result) {
    const auto& value = value_of(result, "getAccountInfo");
    if (value.is_null()) return std::nullopt;
    return account_of(value);
}

SimulationResult parse_simulation(const json::value& result) {
    const auto& o = object_of(value_of(result, "simulateTransaction"), "simulation");
    SimulationResult s;
    if (const auto* err = o.if_contains("err")) s.err = *err;
    if (const auto* logs = optional_field(o, "logs"))
        for (const auto& line : array_of(*logs, "logs"))
            s.logs.push_back(string_of(line, "log line"));
    if (const auto* units = optional_field(o, "unitsConsumed"))
        s.units_consumed = u64_of(*units, "unitsConsumed");
    return s;
}

Task<LatestBlockhash> SolanaRpc::get_latest_blockhash(Commitment commitment) {
    json::array params{config(commitment)};
    auto result = co_await rpc_.call("getLatestBlockhash", std::move(params));
    co_return parse_latest_blockhash(result);
}

Task<std::uint64_t> SolanaRpc::get_block_height(Commitment commitment) {
    json::array params{config(commitment)};
    auto result = co_await rpc_.call("getBlockHeight", std::move(params));
    co_return u64_of(result, "block height");
}

Task<std::uint64_t> SolanaRpc::get_slot(Commitment commitment) {
    json::array params{config(commitment)};
    auto result = co_await rpc_.call("getSlot", std::move(params));
    co_return u64_of(result, "slot");
}

Task<std::string> SolanaRpc::send_transaction(const Bytes& wire, bool skip_preflight,
                                              Commitment preflight) {
    json::object options{{"encoding", "base64"},
                         {"skipPreflight", skip_preflight},
                         {"preflightCommitment", to_string(preflight)}};
    json::array params{json::string(to_base64(wire)), std::move(options)};
    auto v = co_await rpc_.call("sendTransaction", std::move(params));
    auto text = string_of(v, "sendTransaction answer");
    if (!Signature::from_base58(text)) bad("sendTransaction answered no signature: " + text);
    co_return text;
}

Task<SimulationResult> SolanaRpc::simulate_transaction(const Bytes& wire, bool sig_verify,
                                                       Commitment commitment) {
    json::object options{
        {"encoding", "base64"}, {"sigVerify", sig_verify}, {"commitment", to_string(commitment)}};
    json::array params{json::string(to_base64(wire)), std::move(options)};
    auto result = co_await rpc_.call("simulateTransaction", std::move(params));
    co_return parse_simulation(result);
}

Task<std::vector<std::optional<SignatureStatus>>> SolanaRpc::get_signature_statuses(
    std::vector<std::string> signatures, bool search_transaction_history) {
    json::array list;
    for (auto& s : signatures) list.emplace_back(json::string(s));
    auto asked = list.size();
    json::array params{std::move(list),
                       json::object{{"searchTransactionHistory", search_transaction_history}}};
    auto result = co_await rpc_.call("getSignatureStatuses", std::move(params));
    auto statuses = parse_signature_statuses(result);
    if (statuses.size() != asked) bad("getSignatureStatuses answered a list of another length");
    co_return statuses;
}

Task<HeightAndStatuses> SolanaRpc::get_height_and_statuses(Commitment commitment,
                                                           std::vector<std::string> signatures) {
    json::array list;
    for (auto& s : signatures) list.emplace_back(json::string(s));
    auto asked = list.size();
    std::vector<chain::rpc::Call> calls{
        {"getBlockHeight", json::array{config(commitment)}},
        {"getSignatureStatuses",
         json::array{std::move(list), json::object{{"searchTransactionHistory", true}}}}};
    auto replies = co_await rpc_.batch(std::move(calls));
    for (const auto& reply : replies)
        if (reply.error) throw *reply.error;
    HeightAndStatuses out{u64_of(replies.at(0).result, "block height"),
                          parse_signature_statuses(replies.at(1).result)};
    if (out.statuses.size() != asked) bad("getSignatureStatuses answered a list of another length");
    co_return out;
}

Task<std::vector<SignatureInfo>> SolanaRpc::get_signatures_for_address(const Pubkey& address,
                                                                       SignaturesQuery query) {
    auto options = config(query.commitment);
    if (query.before) options["before"] = *query.before;
    if (query.until) options["until"] = *query.until;
    if (query.limit) options["limit"] = *query.limit;
    json::array params{json::string(address.to_base58()), std::move(options)};
    auto result = co_await rpc_.call("getSignaturesForAddress", std::move(params));
    co_return parse_signatures_for_address(result);
}

Task<std::optional<FetchedTransaction>> SolanaRpc::get_transaction(std::string signature,
                                                                   Commitment commitment) {
    json::object options{{"encoding", "json"},
                         {"maxSupportedTransactionVersion", 0},
                         {"commitment", to_string(commitment)}};
    json::array params{json::string(signature), std::move(options)};
    auto result = co_await rpc_.call("getTransaction", std::move(params));
    co_return parse_transaction_answer(result);
}

Task<std::uint64_t> SolanaRpc::get_balance(const Pubkey& address, Commitment commitment) {
    json::array params{json::string(address.to_base58()), config(commitment)};
    auto result = co_await rpc_.call("getBalance", std::move(params));
    co_return u64_of(value_of(result, "getBalance"), "balance");
}

Task<std::vector<std::uint64_t>> SolanaRpc::get_recent_prioritization_fees() {
    json::array params;  // (named: g++ 12 destroys a temporary in a co_await expression twice)
    auto result = co_await rpc_.call("getRecentPrioritizationFees", std::move(params));
    std::vector<std::uint64_t> out;
    for (const auto& item : array_of(result, "prioritization fees"))
        out.push_back(u64_of(field(object_of(item, "prioritization fee"), "prioritizationFee"),
                             "prioritizationFee"));
    co_return out;
}

Task<std::vector<TokenAccount>> SolanaRpc::get_token_accounts_by_owner(const Pubkey& owner,
                                                                       const Pubkey& mint,
                                                                       Commitment commitment) {
    auto options = config(commitment);
    options["encoding"] = "base64";
    json::array params{json::string(owner.to_base58()), json::object{{"mint", mint.to_base58()}},
                       std::move(options)};
    auto result = co_await rpc_.call("getTokenAccountsByOwner", std::move(params));
    std::vector<TokenAccount> out;
    for (const auto& item :
         array_of(value_of(result, "getTokenAccountsByOwner"), "token accounts")) {
        const auto& o = object_of(item, "token account");
        auto address = pubkey_of(field(o, "pubkey"), "pubkey");
        auto account = account_of(field(o, "account"));
        auto parsed = parse_token_account(address, account.data);
        if (!parsed) bad(parsed.error().message);
        out.push_back(*parsed);
    }
    co_return out;
}

Task<TokenAmount> SolanaRpc::get_token_account_balance(const Pubkey& account,
                                                       Commitment commitment) {
    json::array params{json::string(account.to_base58()), config(commitment)};
    auto result = co_await rpc_.call("getTokenAccountBalance", std::move(params));
    const auto& v = object_of(value_of(result, "getTokenAccountBalance"), "token amount");
    TokenAmount out;
    out.amount = decimal_u64(string_of(field(v, "amount"), "token amount"), "token amount");
    out.decimals = u8_of(field(v, "decimals"), "decimals");
    co_return out;
}

Task<std::optional<AccountInfo>> SolanaRpc::get_account_info(const Pubkey& address,
                                                             Commitment commitment) {
    auto options = config(commitment);
    options["encoding"] = "base64";
    json::array params{json::string(address.to_base58()), std::move(options)};
    auto result = co_await rpc_.call("getAccountInfo", std::move(params));
    co_return parse_account_info(result);
}

}  // namespace perch::chain::solana
