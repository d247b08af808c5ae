#include "chain/tx.hpp"

#include <algorithm>

#include "chain/rlp.hpp"

namespace perch::chain {
namespace {

enum class Part { unsigned_payload, signed_payload };

// Walks the fields of a transaction in wire order, so that length computation and writing share
// one field list (the silkworm way: measure, reserve, write).
template <class Visitor>
void visit_fields(const Transaction& tx, Part part, Visitor&& v) {
    bool typed = tx.type != TxType::legacy;
    if (typed) v(tx.chain_id.value_or(0));
    v(tx.nonce);
    if (tx.type == TxType::dynamic_fee) {
        v(tx.max_priority_fee_per_gas);
        v(tx.max_fee_per_gas);
    } else {
        v(tx.gas_price);
    }
    v(tx.gas_limit);
    v(tx.to);
    v(tx.value);
    v(ByteView{tx.data});
    if (typed) v(tx.access_list);
    if (part == Part::signed_payload) {
        if (typed) {
            v(std::uint64_t{tx.y_parity});
        } else if (tx.chain_id) {
            v(*tx.chain_id * 2 + 35 + tx.y_parity);
        } else {
            v(std::uint64_t{27} + tx.y_parity);
        }
        v(tx.r);
        v(tx.s);
    } else if (!typed && tx.chain_id) {
        v(*tx.chain_id);  // EIP-155: chain id, 0, 0 in place of v, r, s
        v(std::uint64_t{0});
        v(std::uint64_t{0});
    }
}

std::size_t access_entry_payload(const AccessListEntry& e) {
    std::size_t keys = e.storage_keys.size() * 33;  // each key: 0xa0 prefix + 32 bytes
    return rlp::length(ByteView{e.address.bytes}) + rlp::header_length(keys) + keys;
}

std::size_t access_list_payload(const std::vector<AccessListEntry>& list) {
    std::size_t total = 0;
    for (const auto& e : list)
        total += rlp::header_length(access_entry_payload(e)) + access_entry_payload(e);
    return total;
}

struct Measure {
    std::size_t total = 0;
    void operator()(std::uint64_t x) { total += rlp::length(x); }
    void operator()(const U256& x) { total += rlp::length(x); }
    void operator()(ByteView x) { total += rlp::length(x); }
    void operator()(const std::optional<Address>& to) {
        total += to ? rlp::length(ByteView{to->bytes}) : 1;
    }
    void operator()(const std::vector<AccessListEntry>& list) {
        std::size_t payload = access_list_payload(list);
        total += rlp::header_length(payload) + payload;
    }
};

struct Write {
    Bytes& out;
    void operator()(std::uint64_t x) { rlp::encode(out, x); }
    void operator()(const U256& x) { rlp::encode(out, x); }
    void operator()(ByteView x) { rlp::encode(out, x); }
    void operator()(const std::optional<Address>& to) {
        if (to) {
            rlp::encode(out, ByteView{to->bytes});
        } else {
            rlp::encode(out, ByteView{});
        }
    }
    void operator()(const std::vector<AccessListEntry>& list) {
        rlp::encode_header(out, {true, access_list_payload(list)});
        for (const auto& e : list) {
            rlp::encode_header(out, {true, access_entry_payload(e)});
            rlp::encode(out, ByteView{e.address.bytes});
            rlp::encode_header(out, {true, e.storage_keys.size() * 33});
            for (const auto& key : e.storage_keys) rlp::encode(out, ByteView{key.bytes});
        }
    }
};

Bytes encode_part(const Transaction& tx, Part part) {
    Measure measure;
    visit_fields(tx, part, measure);
    bool typed = tx.type != TxType::legacy;
    Bytes out;
    out.reserve((typed ? 1 : 0) + rlp::header_length(measure.total) + measure.total);
    if (typed) out.push_back(static_cast<std::uint8_t>(tx.type));
    rlp::encode_header(out, {true, measure.total});
    visit_fields(tx, part, Write{out});
    return out;
}

// ---- decoding helpers: each names the field so the error says what was wrong ----

Error field_error(const char* field, const Error& cause) {
    return make_error(cause.code, std::string(field) + ": " + cause.message);
}

Result<ByteView> string_field(const rlp::Item& item, const char* field) {
    if (item.is_list) {
        return make_error(Errc::rlp_unexpected_type, std::string(field) + " must not be a list");
    }
    return ByteView{item.bytes};
}

Result<std::uint64_t> u64_field(const rlp::Item& item, const char* field) {
    auto bytes = string_field(item, field);
    if (!bytes) return bytes.error();
    auto value = rlp::decode_u64(*bytes);
    if (!value) return field_error(field, value.error());
    return value;
}

Result<U256> u256_field(const rlp::Item& item, const char* field) {
    auto bytes = string_field(item, field);
    if (!bytes) return bytes.error();
    auto value = rlp::decode_u256(*bytes);
    if (!value) return field_error(field, value.error());
    return value;
}

Result<std::optional<Address>> to_field(const rlp::Item& item) {
    auto bytes = string_field(item, "to");
    if (!bytes) return bytes.error();
    if (bytes->empty()) return std::optional<Address>{};
    auto address = Address::from_bytes(*bytes);
    if (!address) return make_error(Errc::tx_invalid_field, "to: address must be 20 bytes");
    return std::optional<Address>{*address};
}

Result<AccessListEntry> access_entry(const rlp::Item& item) {
    if (!item.is_list || item.items.size() != 2 || item.items[0].is_list ||
        !item.items[1].is_list) {
        return make_error(Errc::tx_invalid_field, "access list entry must be [address, [keys]]");
    }
    auto address = Address::from_bytes(item.items[0].bytes);
    if (!address) return make_error(Errc::tx_invalid_field, "access list address must be 20 bytes");
    AccessListEntry entry{*address, {}};
    for (const auto& key : item.items[1].items) {
        if (key.is_list || key.bytes.size() != 32) {
            return make_error(Errc::tx_invalid_field, "access list storage key must be 32 bytes");
        }
        Hash32 hash;
        std::copy(key.bytes.begin(), key.bytes.end(), hash.bytes.begin());
        entry.storage_keys.push_back(hash);
    }
    return entry;
}

Result<std::vector<AccessListEntry>> access_list_field(const rlp::Item& item) {
    if (!item.is_list) return make_error(Errc::rlp_unexpected_type, "access list must be a list");
    std::vector<AccessListEntry> list;
    for (const auto& child : item.items) {
        auto entry = access_entry(child);
        if (!entry) return entry.error();
        list.push_back(std::move(*entry));
    }
    return list;
}

// Legacy v carries the chain id (EIP-155: v = 2 * chain_id + 35 + parity) or is 27/28.
Result<void> apply_legacy_v(Transaction& tx, const U256& v) {
    if (v == U256(27) || v == U256(28)) {
        tx.y_parity = static_cast<std::uint8_t>(v.low_u64() - 27);
        return success();
    }
    if (v < U256(37) || !v.fits_u64()) {
        return make_error(Errc::tx_invalid_chain_id,
                          "v is neither 27/28 nor a valid EIP-155 value");
    }
    tx.chain_id = (v.low_u64() - 35) / 2;
    tx.y_parity = static_cast<std::uint8_t>((v.low_u64() - 35) % 2);
    return success();
}

// Reads fields in the order visit_fields writes them.
class FieldReader {
  public:
    explicit FieldReader(const std::vector<rlp::Item>& items) : items_(items) {}
    const rlp::Item& next() { return items_[index_++]; }

  private:
    const std::vector<rlp::Item>& items_;
    std::size_t index_ = 0;
};

// Propagates a field's decode error; a macro because C++20 has no `?`/`try` for Result, and
// spelling the four lines out per field would bury the field order this function documents.
#define PERCH_READ(target, expr)                      \
    do {                                              \
        auto read_result = (expr);                    \
        if (!read_result) return read_result.error(); \
        (target) = std::move(*read_result);           \
    } while (0)

Result<Transaction> decode_fields(TxType type, const rlp::Item& list) {
    static constexpr std::size_t kFieldCount[] = {9, 11, 12};
    if (!list.is_list)
        return make_error(Errc::rlp_unexpected_type, "transaction must be an RLP list");
    if (list.items.size() != kFieldCount[static_cast<int>(type)]) {
        return make_error(Errc::tx_invalid_field, "wrong number of transaction fields");
    }
    Transaction tx;
    tx.type = type;
    FieldReader in(list.items);
    bool typed = type != TxType::legacy;
    if (typed) PERCH_READ(tx.chain_id, u64_field(in.next(), "chainId"));
    PERCH_READ(tx.nonce, u64_field(in.next(), "nonce"));
    if (type == TxType::dynamic_fee) {
        PERCH_READ(tx.max_priority_fee_per_gas, u256_field(in.next(), "maxPriorityFeePerGas"));
        PERCH_READ(tx.max_fee_per_gas, u256_field(in.next(), "maxFeePerGas"));
    } else {
        PERCH_READ(tx.gas_price, u256_field(in.next(), "gasPrice"));
    }
    PERCH_READ(tx.gas_limit, u64_field(in.next(), "gasLimit"));
    PERCH_READ(tx.to, to_field(in.next()));
    PERCH_READ(tx.value, u256_field(in.next(), "value"));
    ByteView data;
    PERCH_READ(data, string_field(in.next(), "data"));
    tx.data.assign(data.begin(), data.end());
    if (typed) {
        PERCH_READ(tx.access_list, access_list_field(in.next()));
        std::uint64_t parity = 0;
        PERCH_READ(parity, u64_field(in.next(), "yParity"));
        if (parity > 1) return make_error(Errc::tx_invalid_signature, "yParity must be 0 or 1");
        tx.y_parity = static_cast<std::uint8_t>(parity);
    } else {
        U256 v;
        PERCH_READ(v, u256_field(in.next(), "v"));
        if (auto applied = apply_legacy_v(tx, v); !applied) return applied.error();
    }
    PERCH_READ(tx.r, u256_field(in.next(), "r"));
    PERCH_READ(tx.s, u256_field(in.next(), "s"));
    return tx;
}

#undef PERCH_READ

Result<void> check_signature_values(const Transaction& tx) {
    if (tx.r.is_zero() || tx.s.is_zero() || tx.r >= secp256k1_order() ||
        tx.s > secp256k1_half_order()) {
        return make_error(Errc::tx_invalid_signature, "r/s out of range or s above n/2 (EIP-2)");
    }
    return success();
}

Result<void> check_fee_fields(const Transaction& tx) {
    const U256& price = tx.type == TxType::dynamic_fee ? tx.max_fee_per_gas : tx.gas_price;
    if (!price.mul(tx.gas_limit)) {
        return make_error(Errc::tx_rule_violation, "gasLimit * gas price overflows 256 bits");
    }
    if (tx.type == TxType::dynamic_fee && tx.max_priority_fee_per_gas > tx.max_fee_per_gas) {
        return make_error(Errc::tx_rule_violation, "maxPriorityFeePerGas above maxFeePerGas");
    }
    return success();
}

}  // namespace

Bytes encode_transaction(const Transaction& tx) {
    return encode_part(tx, Part::signed_payload);
}

Bytes encode_unsigned(const Transaction& tx) {
    return encode_part(tx, Part::unsigned_payload);
}

Hash32 signing_hash(const Transaction& tx) {
    return keccak256(encode_part(tx, Part::unsigned_payload));
}

Hash32 transaction_hash(const Transaction& tx) {
    return keccak256(encode_transaction(tx));
}

Result<Transaction> decode_transaction(ByteView raw) {
    if (raw.empty()) return make_error(Errc::rlp_truncated, "empty transaction");
    TxType type = TxType::legacy;
    if (raw[0] < 0x80) {  // EIP-2718 typed envelope: type byte then the RLP list
        if (raw[0] != 1 && raw[0] != 2) {
            return make_error(Errc::tx_unsupported_type, "unsupported transaction type");
        }
        type = static_cast<TxType>(raw[0]);
        raw = raw.subspan(1);
    } else if (raw[0] < 0xc0) {
        return make_error(Errc::tx_unsupported_type, "transaction is an RLP string, not a list");
    }
    auto item = rlp::decode(raw);
    if (!item) return item.error();
    return decode_fields(type, *item);
}

std::uint64_t intrinsic_gas(const Transaction& tx) {
    std::uint64_t gas = 21000;
    for (std::uint8_t b : tx.data) gas += b == 0 ? 4 : 16;        // EIP-2028 prices non-zero bytes
    if (!tx.to) gas += 32000 + 2 * ((tx.data.size() + 31) / 32);  // creation + EIP-3860 words
    for (const auto& entry : tx.access_list) gas += 2400 + 1900 * entry.storage_keys.size();
    return gas;
}

Result<void> validate_transaction(const Transaction& tx, const TxRules& rules) {
    if (!tx.chain_id && !rules.allow_unprotected_legacy) {
        return make_error(Errc::tx_invalid_chain_id, "transaction is not replay-protected");
    }
    if (tx.chain_id && *tx.chain_id != rules.chain_id) {
        return make_error(Errc::tx_invalid_chain_id, "transaction is for another chain");
    }
    if (tx.nonce == UINT64_MAX)
        return make_error(Errc::tx_rule_violation, "nonce must be below 2^64-1");
    if (auto sig = check_signature_values(tx); !sig) return sig;
    if (auto fees = check_fee_fields(tx); !fees) return fees;
    if (!tx.to && tx.data.size() > kMaxInitCodeSize) {
        return make_error(Errc::tx_rule_violation, "init code exceeds 49152 bytes (EIP-3860)");
    }
    if (tx.gas_limit < intrinsic_gas(tx)) {
        return make_error(Errc::tx_intrinsic_gas, "gas limit below intrinsic gas");
    }
    return success();
}

void sign_transaction(Transaction& tx, const PrivateKey& key) {
    Signature sig = key.sign_hash(signing_hash(tx));
    tx.y_parity = sig.recovery_id;
    tx.r = *U256::from_be_bytes(sig.r.bytes);
    tx.s = *U256::from_be_bytes(sig.s.bytes);
}

Result<Address> recover_sender(const Transaction& tx) {
    if (auto sig = check_signature_values(tx); !sig) return sig.error();
    Signature sig;
    sig.r.bytes = tx.r.to_be_bytes32();
    sig.s.bytes = tx.s.to_be_bytes32();
    sig.recovery_id = tx.y_parity;
    return recover_address(signing_hash(tx), sig);
}

}  // namespace perch::chain
