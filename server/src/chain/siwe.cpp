#include "chain/siwe.hpp"

#include <charconv>

#include "chain/signer.hpp"
#include "core/civil_date.hpp"

namespace perch::chain {
namespace {

constexpr std::string_view kHeaderSuffix = " wants you to sign in with your Ethereum account:";

Error malformed(std::string what) {
    return make_error(Errc::siwe_malformed, std::move(what));
}

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    for (;;) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            lines.push_back(text.substr(start));
            return lines;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
}

// Reads "Tag: value" lines in the fixed order EIP-4361 prescribes.
class LineCursor {
  public:
    LineCursor(const std::vector<std::string_view>& lines, std::size_t index)
        : lines_(lines), index_(index) {}

    std::optional<std::string> take(std::string_view tag) {
        if (index_ >= lines_.size()) return std::nullopt;
        std::string_view line = lines_[index_];
        if (!line.starts_with(tag) || line.substr(tag.size(), 2) != ": ") return std::nullopt;
        ++index_;
        return std::string(line.substr(tag.size() + 2));
    }
    std::optional<std::string> take_prefixed(std::string_view prefix) {
        if (index_ >= lines_.size() || !lines_[index_].starts_with(prefix)) return std::nullopt;
        return std::string(lines_[index_++].substr(prefix.size()));
    }
    bool take_exact(std::string_view line) {
        if (index_ >= lines_.size() || lines_[index_] != line) return false;
        ++index_;
        return true;
    }
    bool at_end() const { return index_ >= lines_.size(); }

  private:
    const std::vector<std::string_view>& lines_;
    std::size_t index_;
};

bool parse_int(std::string_view text, std::int64_t& out) {
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && ptr == text.data() + text.size() && !text.empty();
}

Result<void> parse_header(std::string_view line, SiweMessage& msg) {
    if (!line.ends_with(kHeaderSuffix)) return malformed("first line is not a SIWE header");
    std::string_view origin = line.substr(0, line.size() - kHeaderSuffix.size());
    if (auto sep = origin.find("://"); sep != std::string_view::npos) {
        msg.scheme = std::string(origin.substr(0, sep));
        origin = origin.substr(sep + 3);
    }
    if (origin.empty() || origin.find(' ') != std::string_view::npos)
        return malformed("invalid domain");
    msg.domain = std::string(origin);
    return success();
}

Result<void> parse_address(std::string_view line, SiweMessage& msg) {
    auto address = Address::from_hex(line);
    // EIP-4361 requires the EIP-55 form, so an all-lower address with letters is rejected too.
    if (!address || address->checksum_hex() != line)
        return malformed("address is not EIP-55 checksummed");
    msg.address = *address;
    msg.address_text = std::string(line);
    return success();
}

Result<void> parse_time(const std::optional<std::string>& text, std::optional<std::int64_t>& out) {
    if (!text) return success();
    auto t = parse_rfc3339(*text);
    if (!t) return t.error();
    out = *t;
    return success();
}

Result<void> parse_fields(LineCursor& in, SiweMessage& msg) {
    auto uri = in.take("URI");
    auto version = in.take("Version");
    auto chain = in.take("Chain ID");
    auto nonce = in.take("Nonce");
    auto issued = in.take("Issued At");
    if (!uri || !version || !chain || !nonce || !issued) {
        return malformed("missing URI, Version, Chain ID, Nonce or Issued At");
    }
    std::int64_t chain_id = 0;
    if (*version != "1") return malformed("unsupported SIWE version");
    if (!parse_int(*chain, chain_id) || chain_id <= 0) return malformed("invalid chain id");
    if (nonce->size() < 8) return malformed("nonce shorter than 8 characters");
    msg.uri = *uri;
    msg.version = *version;
    msg.chain_id = static_cast<std::uint64_t>(chain_id);
    msg.nonce = *nonce;
    msg.issued_at = *issued;
    msg.expiration_time = in.take("Expiration Time");
    msg.not_before = in.take("Not Before");
    msg.request_id = in.take("Request ID");
    auto issued_unix = parse_rfc3339(*issued);
    if (!issued_unix) return issued_unix.error();
    msg.issued_at_unix = *issued_unix;
    if (auto r = parse_time(msg.expiration_time, msg.expiration_unix); !r) return r;
    return parse_time(msg.not_before, msg.not_before_unix);
}

Result<void> parse_resources(LineCursor& in, SiweMessage& msg) {
    if (in.at_end()) return success();
    if (!in.take_exact("Resources:")) return malformed("unexpected line after the fields");
    while (!in.at_end()) {
        auto resource = in.take_prefixed("- ");
        if (!resource) return malformed("resource lines must start with '- '");
        msg.resources.push_back(*resource);
    }
    return success();
}

}  // namespace

Result<std::int64_t> parse_rfc3339(std::string_view text) {
    // YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM)
    if (text.size() < 20 || text[4] != '-' || text[7] != '-' ||
        (text[10] != 'T' && text[10] != 't') || text[13] != ':' || text[16] != ':') {
        return malformed("timestamp is not RFC 3339");
    }
    std::int64_t y, mo, d, h, mi, s;
    if (!parse_int(text.substr(0, 4), y) || !parse_int(text.substr(5, 2), mo) ||
        !parse_int(text.substr(8, 2), d) || !parse_int(text.substr(11, 2), h) ||
        !parse_int(text.substr(14, 2), mi) || !parse_int(text.substr(17, 2), s)) {
        return malformed("timestamp has non-numeric fields");
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) {
        return malformed("timestamp field out of range");
    }
    std::size_t pos = 19;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        std::size_t digits_start = pos;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
        if (pos == digits_start) return malformed("timestamp has an empty fraction");
    }
    std::string_view zone = text.substr(pos);
    std::int64_t offset = 0;
    if (zone == "Z" || zone == "z") {
        offset = 0;
    } else if (zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':') {
        std::int64_t oh, om;
        if (!parse_int(zone.substr(1, 2), oh) || !parse_int(zone.substr(4, 2), om) || oh > 23 ||
            om > 59) {
            return malformed("timestamp has an invalid offset");
        }
        offset = (oh * 60 + om) * 60 * (zone[0] == '-' ? -1 : 1);
    } else {
        return malformed("timestamp has no time zone");
    }
    return days_from_civil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400 +
           h * 3600 + mi * 60 + s - offset;
}

Result<SiweMessage> parse_siwe_message(std::string_view text) {
    std::vector<std::string_view> lines = split_lines(text);
    if (lines.size() < 8) return malformed("message too short");
    SiweMessage msg;
    if (auto r = parse_header(lines[0], msg); !r) return r.error();
    if (auto r = parse_address(lines[1], msg); !r) return r.error();
    if (!lines[2].empty()) return malformed("expected an empty line after the address");
    std::size_t fields_start = 4;
    if (!lines[3].empty()) {  // optional statement, followed by its own empty line
        msg.statement = std::string(lines[3]);
        if (lines[4] != "") return malformed("expected an empty line after the statement");
        fields_start = 5;
    }
    LineCursor cursor(lines, fields_start);
    if (auto r = parse_fields(cursor, msg); !r) return r.error();
    if (auto r = parse_resources(cursor, msg); !r) return r.error();
    return msg;
}

Result<SiweMessage> verify_siwe(std::string_view text, ByteView signature65,
                                const SiweExpectations& expected) {
    auto msg = parse_siwe_message(text);
    if (!msg) return msg;
    if (msg->domain != expected.domain)
        return make_error(Errc::siwe_mismatch, "domain does not match");
    if (msg->nonce != expected.nonce)
        return make_error(Errc::siwe_mismatch, "nonce does not match");
    if (expected.chain_id && msg->chain_id != *expected.chain_id) {
        return make_error(Errc::siwe_mismatch, "chain id does not match");
    }
    if (msg->expiration_unix && expected.now_unix >= *msg->expiration_unix) {
        return make_error(Errc::siwe_expired, "message has expired");
    }
    if (msg->not_before_unix && expected.now_unix < *msg->not_before_unix) {
        return make_error(Errc::siwe_not_yet_valid, "message is not valid yet");
    }
    auto signer = recover_personal_signer(text, signature65);
    if (!signer) return signer.error();
    if (*signer != msg->address)
        return make_error(Errc::siwe_mismatch, "signature is not from the message's address");
    return msg;
}

}  // namespace perch::chain
