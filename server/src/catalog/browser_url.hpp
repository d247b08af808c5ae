#pragma once
// Which server-side RPC URLs a browser may be given: get-all-chains and the app config hand
// browsers these, so an operator's provider URL (with its API key) never leaves the server.
#include <string>

namespace perch::catalog {

// One of this machine (a devnet's node) with nothing after the host and port.
bool shareable_with_browsers(const std::string& url);

}  // namespace perch::catalog
