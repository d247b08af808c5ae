// libFuzzer: raw bytes as an HTTP request, through Beast's parser (the server's limits) and the
// Dispatcher with every route registered. Nothing may crash, leak, hang or escape as an exception.
#include <boost/beast/http/parser.hpp>
#include <cstdint>

#include "harness.hpp"

namespace bhttp = boost::beast::http;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    bhttp::request_parser<bhttp::string_body> parser;
    parser.body_limit(1 << 20);
    parser.header_limit(16 * 1024);
    parser.eager(true);
    boost::beast::error_code ec;
    auto n = parser.put(boost::asio::buffer(data, size), ec);
    (void)n;
    if (ec == bhttp::error::need_more) parser.put_eof(ec);
    if (ec || !parser.is_done()) return 0;
    perch::fuzz::run(parser.get());
    return 0;
}
