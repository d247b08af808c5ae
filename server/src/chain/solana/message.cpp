#include "chain/solana/message.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace perch::chain::solana {
namespace {

Error malformed(const std::string& what) {
    return make_error(Errc::sol_malformed, what);
}

// ICU root collation of base58 text, as Intl.Collator("en", {caseFirst: "lower",
// sensitivity: "variant", numeric: false}) orders it: digits before letters and letters without
// regard to case first; only between texts equal at that level, lower case before upper case at
// the first difference of case.
int collate(std::string_view a, std::string_view b) {
    auto primary = [](char c) {
        auto u = static_cast<unsigned char>(c);
        if (std::isdigit(u)) return static_cast<int>(u - '0');
        return 10 + std::tolower(u) - 'a';
    };
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        int pa = primary(a[i]), pb = primary(b[i]);
        if (pa != pb) return pa < pb ? -1 : 1;
    }
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    for (std::size_t i = 0; i < a.size(); ++i) {
        bool la = std::islower(static_cast<unsigned char>(a[i])) != 0;
        bool lb = std::islower(static_cast<unsigned char>(b[i])) != 0;
        if (a[i] != b[i] && la != lb) return la ? -1 : 1;
    }
    return 0;
}

struct KeyEntry {
    bool fee_payer = false;
    bool signer = false;
    bool writable = false;
    std::string text;  // base58, the sort key
};

void append(Bytes& out, ByteView bytes) {
    out.insert(out.end(), bytes.begin(), bytes.end());
}

void append_u8_list(Bytes& out, const std::vector<std::uint8_t>& list) {
    append_compact_u16(out, static_cast<std::uint16_t>(list.size()));
    append(out, list);
}

// Reads wire bytes front to back. The first problem is kept and every later read gives an empty
// value, so a parser reads field after field without a check after each and asks `failed()` where
// a value must be sound (before the message's rules, at the end).
class Reader {
  public:
    explicit Reader(ByteView in) : in_(in) {}
    std::size_t offset() const { return offset_; }
    bool done() const { return offset_ == in_.size(); }
    bool failed() const { return error_.has_value(); }
    const Error& error() const { return *error_; }
    void fail(const std::string& what) {
        if (!error_) error_ = malformed(what);
    }

    std::uint8_t u8(const char* what) {
        if (failed()) return 0;
        if (offset_ + 1 > in_.size()) {
            fail(std::string("truncated at ") + what);
            return 0;
        }
        return in_[offset_++];
    }
    std::uint16_t length(const char* what) {
        if (failed()) return 0;
        auto n = read_compact_u16(in_, offset_);
        if (!n) {
            fail(std::string(what) + ": " + n.error().message);
            return 0;
        }
        return *n;
    }
    ByteView take(std::size_t n, const char* what) {
        if (failed()) return {};
        if (in_.size() - offset_ < n) {
            fail(std::string("truncated in ") + what);
            return {};
        }
        auto view = in_.subspan(offset_, n);
        offset_ += n;
        return view;
    }
    template <class Key>
    Key key(const char* what) {
        auto bytes = take(sizeof(Key::bytes), what);
        Key key;
        std::copy(bytes.begin(), bytes.end(), key.bytes.begin());
        return key;
    }
    // A compact-u16 length, then that many bytes.
    std::vector<std::uint8_t> sized(const char* length_what, const char* what) {
        auto bytes = take(length(length_what), what);
        return {bytes.begin(), bytes.end()};
    }
    // A compact-u16 count, then that many items of `read_one`; stops at the first problem.
    template <class ReadOne>
    auto list(const char* what, ReadOne read_one) {
        std::vector<decltype(read_one(*this))> out;
        auto count = length(what);
        for (std::size_t i = 0; i < count && !failed(); ++i) out.push_back(read_one(*this));
        return out;
    }

  private:
    ByteView in_;
    std::size_t offset_ = 0;
    std::optional<Error> error_;
};

CompiledInstruction read_instruction(Reader& r) {
    CompiledInstruction ix;
    ix.program_id_index = r.u8("instruction program index");
    ix.accounts = r.sized("instruction accounts", "instruction accounts");
    ix.data = r.sized("instruction data length", "instruction data");
    return ix;
}

AddressTableLookup read_lookup(Reader& r) {
    AddressTableLookup lookup;
    lookup.account_key = r.key<Pubkey>("lookup table address");
    lookup.writable_indexes = r.sized("lookup writable indexes", "lookup writable indexes");
    lookup.readonly_indexes = r.sized("lookup readonly indexes", "lookup readonly indexes");
    return lookup;
}

// The message's own rules, as the runtime sanitizes a message.
Result<void> check_message(const Message& m) {
    const auto& h = m.header;
    if (h.num_required_signatures == 0) return malformed("a message needs a signer (fee payer)");
    if (h.num_readonly_signed >= h.num_required_signatures)
        return malformed("the fee payer cannot be a readonly signer");
    if (static_cast<std::size_t>(h.num_required_signatures) + h.num_readonly_unsigned >
        m.account_keys.size())
        return malformed("the header counts more accounts than the message has");
    std::size_t total = m.account_keys.size();
    for (const auto& lookup : m.address_table_lookups) {
        if (lookup.writable_indexes.empty() && lookup.readonly_indexes.empty())
            return malformed("an address table lookup without indexes");
        total += lookup.writable_indexes.size() + lookup.readonly_indexes.size();
    }
    if (total > 256) return malformed("more than 256 accounts");
    for (std::size_t i = 0; i < m.instructions.size(); ++i) {
        const auto& ix = m.instructions[i];
        // A program is a static key and never the fee payer.
        if (ix.program_id_index == 0 || ix.program_id_index >= m.account_keys.size())
            return malformed("instruction " + std::to_string(i) + " has a bad program index");
        for (auto a : ix.accounts)
            if (a >= total)
                return malformed("instruction " + std::to_string(i) +
                                 " refers to an account past the end");
    }
    return success();
}

Result<Message> read_message(Reader& r) {
    Message m;
    std::uint8_t header0 = r.u8("message prefix");
    if (!r.failed() && (header0 & 0x80)) {
        auto version = header0 & 0x7f;
        if (version != 0)
            return malformed("message version " + std::to_string(version) + " is not supported");
        m.version = MessageVersion::v0;
        header0 = r.u8("header");
    }
    auto ro_signed = r.u8("header");
    auto ro_unsigned = r.u8("header");
    m.header = MessageHeader{header0, ro_signed, ro_unsigned};
    m.account_keys =
        r.list("account key count", [](Reader& in) { return in.key<Pubkey>("account keys"); });
    m.recent_blockhash = r.key<Blockhash>("recent blockhash");
    m.instructions = r.list("instruction count", read_instruction);
    if (m.version == MessageVersion::v0)
        m.address_table_lookups = r.list("lookup count", read_lookup);
    if (r.failed()) return r.error();
    auto rules = check_message(m);
    if (!rules) return rules.error();
    return m;
}

// The end of the wire bytes of `what`: nothing may follow.
Result<void> at_end(const Reader& r, ByteView bytes, const char* what) {
    if (r.done()) return success();
    return malformed(std::to_string(bytes.size() - r.offset()) + " trailing bytes after the " +
                     what);
}

}  // namespace

void append_compact_u16(Bytes& out, std::uint16_t value) {
    unsigned v = value;
    while (true) {
        auto byte = static_cast<std::uint8_t>(v & 0x7f);
        v >>= 7;
        if (v == 0) {
            out.push_back(byte);
            return;
        }
        out.push_back(byte | 0x80);
    }
}

Result<std::uint16_t> read_compact_u16(ByteView in, std::size_t& offset) {
    std::uint32_t value = 0;
    for (int i = 0; i < 3; ++i) {
        if (offset >= in.size()) return malformed("truncated compact-u16");
        auto byte = in[offset++];
        // The third byte carries the top 2 bits only.
        if (i == 2 && byte > 0x03) return malformed("compact-u16 overflows 16 bits");
        value |= static_cast<std::uint32_t>(byte & 0x7f) << (7 * i);
        if ((byte & 0x80) == 0) {
            if (i > 0 && byte == 0) return malformed("non-canonical compact-u16 (overlong)");
            return static_cast<std::uint16_t>(value);
        }
    }
    return malformed("compact-u16 longer than 3 bytes");
}

bool Message::is_signer(std::size_t index) const {
    return index < header.num_required_signatures;
}

bool Message::is_writable(std::size_t index) const {
    std::size_t signers = header.num_required_signatures;
    if (index < signers) return index < signers - header.num_readonly_signed;
    if (index < account_keys.size())
        return index < account_keys.size() - header.num_readonly_unsigned;
    std::size_t loaded = index - account_keys.size();
    std::size_t writable = 0;
    for (const auto& lookup : address_table_lookups) writable += lookup.writable_indexes.size();
    return loaded < writable;
}

Result<Message> compile_message(const Pubkey& fee_payer,
                                const std::vector<Instruction>& instructions,
                                const Blockhash& recent_blockhash, MessageVersion version) {
    std::map<Pubkey, KeyEntry> entries;
    entries[fee_payer] = KeyEntry{true, true, true, fee_payer.to_base58()};
    auto add = [&](const Pubkey& key, bool signer, bool writable) {
        auto [it, inserted] = entries.try_emplace(key);
        if (inserted) it->second.text = key.to_base58();
        it->second.signer = it->second.signer || signer;
        it->second.writable = it->second.writable || writable;
    };
    for (const auto& ix : instructions) {
        // The runtime refuses a message whose program is the fee payer (index 0).
        if (ix.program_id == fee_payer)
            return make_error(Errc::tx_invalid_field, "the fee payer cannot be a program");
        add(ix.program_id, false, false);
        for (const auto& meta : ix.accounts) add(meta.pubkey, meta.is_signer, meta.is_writable);
    }
    if (entries.size() > 256)
        return make_error(Errc::tx_invalid_field,
                          "a message can hold 256 accounts, not " + std::to_string(entries.size()));

    std::vector<std::pair<Pubkey, const KeyEntry*>> ordered;
    for (const auto& [key, entry] : entries) ordered.emplace_back(key, &entry);
    std::sort(ordered.begin(), ordered.end(), [](const auto& l, const auto& r) {
        const auto& a = *l.second;
        const auto& b = *r.second;
        if (a.fee_payer != b.fee_payer) return a.fee_payer;
        if (a.signer != b.signer) return a.signer;
        if (a.writable != b.writable) return a.writable;
        return collate(a.text, b.text) < 0;
    });

    Message m;
    m.version = version;
    m.recent_blockhash = recent_blockhash;
    std::map<Pubkey, std::uint8_t> index;
    for (const auto& [key, entry] : ordered) {
        index[key] = static_cast<std::uint8_t>(m.account_keys.size());
        m.account_keys.push_back(key);
        if (entry->signer) {
            ++m.header.num_required_signatures;
            if (!entry->writable) ++m.header.num_readonly_signed;
        } else if (!entry->writable) {
            ++m.header.num_readonly_unsigned;
        }
    }
    for (const auto& ix : instructions) {
        CompiledInstruction c;
        c.program_id_index = index.at(ix.program_id);
        for (const auto& meta : ix.accounts) c.accounts.push_back(index.at(meta.pubkey));
        c.data = ix.data;
        m.instructions.push_back(std::move(c));
    }
    return m;
}

Bytes serialize_message(const Message& m) {
    Bytes out;
    if (m.version == MessageVersion::v0) out.push_back(0x80);
    out.push_back(m.header.num_required_signatures);
    out.push_back(m.header.num_readonly_signed);
    out.push_back(m.header.num_readonly_unsigned);
    append_compact_u16(out, static_cast<std::uint16_t>(m.account_keys.size()));
    for (const auto& key : m.account_keys) append(out, key.bytes);
    append(out, m.recent_blockhash.bytes);
    append_compact_u16(out, static_cast<std::uint16_t>(m.instructions.size()));
    for (const auto& ix : m.instructions) {
        out.push_back(ix.program_id_index);
        append_u8_list(out, ix.accounts);
        append_compact_u16(out, static_cast<std::uint16_t>(ix.data.size()));
        append(out, ix.data);
    }
    if (m.version == MessageVersion::v0) {
        append_compact_u16(out, static_cast<std::uint16_t>(m.address_table_lookups.size()));
        for (const auto& lookup : m.address_table_lookups) {
            append(out, lookup.account_key.bytes);
            append_u8_list(out, lookup.writable_indexes);
            append_u8_list(out, lookup.readonly_indexes);
        }
    }
    return out;
}

Result<Message> parse_message(ByteView bytes) {
    Reader r(bytes);
    auto m = read_message(r);
    if (!m) return m.error();
    if (auto end = at_end(r, bytes, "message"); !end) return end.error();
    return m;
}

std::string Transaction::id() const {
    return signatures.empty() ? std::string() : signatures.front().to_base58();
}

Transaction unsigned_transaction(Message message) {
    Transaction tx;
    tx.signatures.resize(message.header.num_required_signatures);
    tx.message = std::move(message);
    return tx;
}

Result<void> sign_transaction(Transaction& tx, std::span<const Keypair* const> keys) {
    const auto& m = tx.message;
    std::size_t signers = m.header.num_required_signatures;
    if (signers > m.account_keys.size())
        return make_error(Errc::sol_malformed, "the header counts more signers than keys");
    tx.signatures.resize(signers);
    auto bytes = serialize_message(m);
    for (const auto* key : keys) {
        auto it =
            std::find(m.account_keys.begin(), m.account_keys.begin() + signers, key->pubkey());
        if (it == m.account_keys.begin() + signers)
            return make_error(Errc::invalid_key,
                              key->pubkey().to_base58() + " is not a signer of this message");
        tx.signatures[static_cast<std::size_t>(it - m.account_keys.begin())] = key->sign(bytes);
    }
    return success();
}

Result<void> verify_transaction(const Transaction& tx) {
    const auto& m = tx.message;
    if (tx.signatures.size() != m.header.num_required_signatures ||
        tx.signatures.size() > m.account_keys.size())
        return make_error(Errc::tx_invalid_signature, "signature count does not match the header");
    auto bytes = serialize_message(m);
    for (std::size_t i = 0; i < tx.signatures.size(); ++i)
        if (!verify(m.account_keys[i], bytes, tx.signatures[i]))
            return make_error(Errc::tx_invalid_signature,
                              "signature " + std::to_string(i) + " of " +
                                  m.account_keys[i].to_base58() + " is missing or wrong");
    return success();
}

Bytes serialize_transaction(const Transaction& tx) {
    Bytes out;
    append_compact_u16(out, static_cast<std::uint16_t>(tx.signatures.size()));
    for (const auto& s : tx.signatures) append(out, s.bytes);
    append(out, serialize_message(tx.message));
    return out;
}

Result<Transaction> parse_transaction(ByteView bytes) {
    Reader r(bytes);
    Transaction tx;
    tx.signatures =
        r.list("signature count", [](Reader& in) { return in.key<Signature>("signatures"); });
    auto m = read_message(r);
    if (!m) return m.error();
    if (auto end = at_end(r, bytes, "transaction"); !end) return end.error();
    if (tx.signatures.size() != m->header.num_required_signatures)
        return malformed(std::to_string(tx.signatures.size()) + " signatures for " +
                         std::to_string(m->header.num_required_signatures) + " required signers");
    tx.message = std::move(*m);
    return tx;
}

namespace {
constexpr std::string_view kBase64 =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}

std::string to_base64(ByteView bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t n = static_cast<std::uint32_t>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) n |= static_cast<std::uint32_t>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size()) n |= bytes[i + 2];
        out.push_back(kBase64[(n >> 18) & 63]);
        out.push_back(kBase64[(n >> 12) & 63]);
        out.push_back(i + 1 < bytes.size() ? kBase64[(n >> 6) & 63] : '=');
        out.push_back(i + 2 < bytes.size() ? kBase64[n & 63] : '=');
    }
    return out;
}

Result<Bytes> from_base64(std::string_view text) {
    if (text.size() % 4 != 0)
        return malformed("base64 length " + std::to_string(text.size()) +
                         " is not a multiple of 4");
    Bytes out;
    out.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        std::uint32_t n = 0;
        int pad = 0;
        for (std::size_t j = 0; j < 4; ++j) {
            char c = text[i + j];
            int v;
            if (c == '=' && i + 4 == text.size() && j >= 2) {
                ++pad;
                v = 0;
            } else {
                if (pad > 0) return malformed("base64 data after padding");
                auto pos = kBase64.find(c);
                if (pos == std::string_view::npos)
                    return malformed("bad base64 character at " + std::to_string(i + j));
                v = static_cast<int>(pos);
            }
            n = (n << 6) | static_cast<std::uint32_t>(v);
        }
        // Canonical only: the bits a padded group leaves over must be zero.
        if ((pad == 1 && (n & 0xff) != 0) || (pad == 2 && (n & 0xffff) != 0))
            return malformed("non-canonical base64 padding bits");
        out.push_back(static_cast<std::uint8_t>(n >> 16));
        if (pad < 2) out.push_back(static_cast<std::uint8_t>(n >> 8));
        if (pad < 1) out.push_back(static_cast<std::uint8_t>(n));
    }
    return out;
}

}  // namespace perch::chain::solana
