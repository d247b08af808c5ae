#include "chain/abi.hpp"

#include <gtest/gtest.h>

#include "chain_test_support.hpp"

namespace perch::chain::abi {
namespace {

namespace json = boost::json;
using test::hex;

std::string number_text(const json::value& v) {
    if (v.is_string()) return test::str(v);
    return std::to_string(v.to_number<std::int64_t>());
}

// Fixture JSON (viem's representation) to an ABI value of the given type.
Value value_from_json(const Type& type, const json::value& v) {
    switch (type.kind) {
        case Type::Kind::address:
            return Value::of(*Address::from_hex(test::str(v)));
        case Type::Kind::boolean:
            return Value::of(v.as_bool());
        case Type::Kind::uint:
            return Value::of(*U256::from_dec(number_text(v)));
        case Type::Kind::int_: {
            std::string text = number_text(v);
            if (text[0] != '-') return Value::of(*U256::from_dec(text));
            U256 magnitude = *U256::from_dec(text.substr(1));
            return Value::of(~*magnitude.sub(1));  // two's complement of -magnitude
        }
        case Type::Kind::fixed_bytes:
        case Type::Kind::bytes:
            return Value::of(hex(test::str(v)));
        case Type::Kind::string:
            return Value::of(test::str(v));
        default: {
            Value::List items;
            const auto& array = v.as_array();
            for (std::size_t i = 0; i < array.size(); ++i) {
                const Type& child =
                    type.kind == Type::Kind::tuple ? type.children[i] : type.children[0];
                items.push_back(value_from_json(child, array[i]));
            }
            return Value::of(std::move(items));
        }
    }
}

TEST(AbiType, ParsesAndCanonicalises) {
    EXPECT_EQ(parse_type("uint")->canonical(), "uint256");
    EXPECT_EQ(parse_type("(address,uint256[],string)")->canonical(), "(address,uint256[],string)");
    EXPECT_EQ(parse_type("(uint256,(bool,bytes)[2])[]")->canonical(),
              "(uint256,(bool,bytes)[2])[]");
    EXPECT_EQ(parse_type("bytes32[2][]")->canonical(), "bytes32[2][]");
    EXPECT_TRUE(parse_type("string[]")->is_dynamic());
    EXPECT_FALSE(parse_type("(uint8,address[3])")->is_dynamic());
    EXPECT_EQ(parse_type("(uint8,address[3])")->head_size(), 128u);
    for (const char* bad :
         {"uint7", "uint264", "bytes0", "bytes33", "int0", "foo", "(uint256", "uint256[",
          "uint256[0]", "uint256]", "uint08", "(uint256,)", "", "address[99999999999]"}) {
        EXPECT_FALSE(parse_type(bad)) << bad;
    }
    std::string deep(40, '(');
    deep += "uint256" + std::string(40, ')');
    EXPECT_EQ(parse_type(deep).error().code, Errc::abi_invalid_type);
    // Array suffixes nest too (a fuzzer's 600-suffix chain of an empty tuple took 0.5 s to parse).
    std::string chain = "(())";
    for (int i = 0; i < 32; ++i) chain += "[2]";
    EXPECT_TRUE(parse_type(chain));
    EXPECT_EQ(parse_type(chain + "[2]").error().code, Errc::abi_invalid_type);
    std::string long_chain = "uint8";
    for (int i = 0; i < 600; ++i) long_chain += "[1]";
    EXPECT_EQ(parse_type(long_chain).error().code, Errc::abi_invalid_type);
}

TEST(AbiEncoding, MatchesViemAndRoundTrips) {
    auto doc = test::load_json(test::fixtures_dir() / "viem_abi.json");
    ASSERT_TRUE(doc.is_object());
    int cases = 0;
    for (const auto& c : doc.at("params").as_array()) {
        std::string types = test::str(c.at("types"));
        SCOPED_TRACE(types);
        auto tuple = parse_type("(" + types + ")");
        ASSERT_TRUE(tuple) << tuple.error().message;
        const std::vector<Type>& params = tuple->children;
        Value::List values;
        for (std::size_t i = 0; i < params.size(); ++i) {
            values.push_back(value_from_json(params[i], c.at("values").as_array()[i]));
        }
        auto encoded = encode_params(params, values);
        ASSERT_TRUE(encoded) << encoded.error().message;
        std::string expected = test::str(c.at("encoded"));
        EXPECT_EQ(to_hex(*encoded), expected);
        auto decoded = decode_params(params, hex(expected));
        ASSERT_TRUE(decoded) << decoded.error().message;
        EXPECT_EQ(*decoded, values);
        // Truncated data is an error (never a crash); cutting a whole word always is.
        Bytes full = hex(expected);
        for (std::size_t cut = 1; cut <= full.size(); ++cut) {
            auto partial = decode_params(params, ByteView{full}.first(full.size() - cut));
            if (cut >= 32) {
                EXPECT_FALSE(partial) << "cut " << cut;
            }
        }
        ++cases;
    }
    EXPECT_EQ(cases, 19);
}

TEST(AbiFunctions, SelectorsAndCalldataMatchViem) {
    auto doc = test::load_json(test::fixtures_dir() / "viem_abi.json");
    for (const auto& f : doc.at("functions").as_array()) {
        EXPECT_EQ(to_hex(selector(test::str(f.at("signature")))), test::str(f.at("selector")));
    }
    EXPECT_EQ(to_hex(selector("transfer(address,uint256)")), "0xa9059cbb");
    const auto& call = doc.at("call");
    auto fn = parse_function("function transfer(address to, uint256 amount)");
    ASSERT_TRUE(fn);
    EXPECT_EQ(fn->signature.canonical(), "transfer(address,uint256)");
    Value::List args{Value::of(*Address::from_hex(test::str(call.at("args").as_array()[0]))),
                     Value::of(*U256::from_dec(test::str(call.at("args").as_array()[1])))};
    auto calldata = fn->encode_call(args);
    ASSERT_TRUE(calldata);
    EXPECT_EQ(to_hex(*calldata), test::str(call.at("calldata")));
    auto decoded = fn->decode_call(*calldata);
    ASSERT_TRUE(decoded);
    EXPECT_EQ(*decoded, args);
    Bytes wrong = *calldata;
    wrong[0] ^= 1;
    EXPECT_FALSE(fn->decode_call(wrong));
}

TEST(AbiEvents, DecodesViemLogs) {
    auto doc = test::load_json(test::fixtures_dir() / "viem_abi.json");
    for (const auto& e : doc.at("events").as_array()) {
        SCOPED_TRACE(test::str(e.at("signature")));
        auto event = parse_event(test::str(e.at("signature")));
        ASSERT_TRUE(event) << event.error().message;
        EXPECT_EQ(event->topic().hex(), test::str(e.at("topic0")));
        std::vector<Hash32> topics;
        for (const auto& t : e.at("topics").as_array())
            topics.push_back(*Hash32::from_hex(test::str(t)));
        auto values = event->decode_log(topics, hex(test::str(e.at("data"))));
        ASSERT_TRUE(values) << values.error().message;
        const auto& expected = e.at("values").as_array();
        ASSERT_EQ(values->size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            EXPECT_EQ((*values)[i], value_from_json(event->signature.params[i].type, expected[i]))
                << i;
        }
        // Wrong topic count or topic0, truncated data: errors.
        EXPECT_FALSE(event->decode_log(std::span<const Hash32>(topics).first(topics.size() - 1),
                                       hex(test::str(e.at("data")))));
        auto wrong = topics;
        wrong[0].bytes[0] ^= 1;
        EXPECT_FALSE(event->decode_log(wrong, hex(test::str(e.at("data")))));
        Bytes data = hex(test::str(e.at("data")));
        EXPECT_FALSE(event->decode_log(topics, ByteView{data}.first(data.size() - 32)));
    }
}

TEST(AbiDecoding, RejectsHostileData) {
    auto type = parse_type("uint256[][][][]");
    ASSERT_TRUE(type);
    // Offsets that alias the same array at every level must not blow up.
    Bytes data(32 * 4, 0);
    data[31] = 0x20;  // offset to outer array
    data[63] = 0x02;  // length 2
    data[95] = 0x00;  // element 0 offset -> points at the length word again
    data[127] = 0x00;
    auto decoded = decode(*type, data);
    (void)decoded;  // any result is fine; it must terminate without crashing
    // Length claiming more elements than bytes.
    Bytes huge(64, 0);
    huge[31] = 0x20;
    std::fill(huge.begin() + 32, huge.end(), 0xff);
    EXPECT_FALSE(decode(*parse_type("uint256[]"), huge));
    // Dirty padding and out-of-range values.
    Bytes word(32, 0);
    word[0] = 1;
    EXPECT_FALSE(decode(*parse_type("address"), word));
    EXPECT_FALSE(decode(*parse_type("bool"), word));
    EXPECT_FALSE(decode(*parse_type("uint8"), word));
    EXPECT_FALSE(decode(*parse_type("bytes1"), Bytes(32, 1)));
    EXPECT_FALSE(decode(*parse_type("int8"), word));
    Bytes minus_one(32, 0xff);
    EXPECT_TRUE(decode(*parse_type("int8"), minus_one));
    EXPECT_FALSE(decode(*parse_type("uint256"), Bytes(31, 0)));
}

TEST(AbiEncoding, RejectsValuesThatDoNotFit) {
    EXPECT_FALSE(encode(*parse_type("uint8"), Value::of(U256(256))));
    EXPECT_TRUE(encode(*parse_type("int8"), Value::of_int(-128)));
    EXPECT_FALSE(encode(*parse_type("int8"), Value::of_int(-129)));
    EXPECT_FALSE(encode(*parse_type("int8"), Value::of_int(128)));
    EXPECT_FALSE(encode(*parse_type("bytes4"), Value::of(Bytes{1, 2, 3})));
    EXPECT_FALSE(encode(*parse_type("address"), Value::of(true)));
    EXPECT_FALSE(encode(*parse_type("uint256[2]"), Value::of(Value::List{Value::of(U256(1))})));
    EXPECT_EQ(to_hex(*encode(*parse_type("int256"), Value::of_int(-1))),
              "0x" + std::string(64, 'f'));
}

// `anonymous` is a word after the closing parenthesis, however many spaces precede it, and never
// a parameter's name.
TEST(AbiEvents, AnonymousIsTheWordAfterTheParameterList) {
    auto two_spaces = parse_event("event Ping(uint256 a)  anonymous");
    ASSERT_TRUE(two_spaces) << two_spaces.error().message;
    EXPECT_TRUE(two_spaces->anonymous);
    auto tab = parse_event("event Ping(uint256 a)\tanonymous");
    ASSERT_TRUE(tab) << tab.error().message;
    EXPECT_TRUE(tab->anonymous);
    auto named = parse_event("event Ping((uint256) anonymous, uint256 b)");
    ASSERT_TRUE(named) << named.error().message;
    EXPECT_FALSE(named->anonymous);
    auto plain = parse_event("event Ping(uint256 a)");
    ASSERT_TRUE(plain);
    EXPECT_FALSE(plain->anonymous);
}

}  // namespace
}  // namespace perch::chain::abi
