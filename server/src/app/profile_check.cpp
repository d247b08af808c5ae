#include "app/profile_check.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <iostream>
#include <set>

#include "app/app.hpp"
#include "app/keys.hpp"
#include "bridge/solana_bridge.hpp"
#include "chain/abi.hpp"
#include "chain/erc20.hpp"
#include "chain/rpc/errors.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/rpc/http_endpoint.hpp"
#include "core/error.hpp"
#include "core/run_blocking.hpp"

namespace perch::app {
namespace json = boost::json;

namespace {

// Hardhat's and Anvil's default accounts (mnemonic "test test ... junk", indexes 0-19) and the
// keys this repository publishes in devnet/*.key that are not among them (the quote signer).
constexpr std::array<const char*, 21> kPublished = {
    "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc", "0x90f79bf6eb2c4f870365e785982e1f101e93b906",
    "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65", "0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc",
    "0x976ea74026e726554db657fa54763abd0c3a0aa9", "0x14dc79964da2c08b23698b3d3cc7ca32193d9955",
    "0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f", "0xa0ee7a142d267c1f36714e4a8f75612f20a79720",
    "0xbcd4042de499d14e55001ccbb24a551f3b954096", "0x71be63f3384f5fb98995898a86b02fb2426c5788",
    "0xfabb0ac9d68b0b445fb7357272ff202c5651694a", "0x1cbd3b2770909d4e10f157cabc84c7264073c9ec",
    "0xdf3e18d64bc6a983f673ab319ccae4f1a57c7097", "0xcd3b766ccdd6ae721141f452c550ca635964ce71",
    "0x2546bcd3c84621e976d8185a91a922ae77ecec30", "0xbda5747bfd65f08deb54cb465eb87d40e51b197e",
    "0xdd2fd4581271e230360230f9337d5c0430bf44c0", "0x8626f6940e2eb28930efb4cef49b2d1f2c9c1199",
    "0x28a1c1d859c8bfd70a30e57cf253c389245cc0ef"};

// The contracts perch calls by name from the profile.
constexpr std::array<const char*, 6> kContracts = {"Depositor", "Pool", "CheckIn",
                                                   "Badge",     "USDC", "USDT"};

std::string url_key(std::size_t chain_index, const catalog::ProfileChain& chain,
                    std::size_t url_index) {
    return "chain_profile chains[" + std::to_string(chain_index) + "] (chain " +
           std::to_string(chain.chain_id) + ") url " + std::to_string(url_index + 1) + " of " +
           std::to_string(chain.rpc_urls.size());
}

chain::Bytes maker_call_data() {
    auto selector = chain::abi::selector("maker()");
    return chain::Bytes(selector.begin(), selector.end());
}

ProfileFinding depositor_finding(std::int64_t chain_id, const std::string& key,
                                 const chain::Bytes& word, std::optional<chain::Address> maker) {
    auto where = "chain " + std::to_string(chain_id) + ": ";
    if (word.size() != 32) return {false, key, where + "the Depositor has no maker()"};
    auto decoded = chain::Address::from_bytes(chain::ByteView(word).subspan(12, 20));
    if (!decoded) return {false, key, where + "the Depositor's maker() is not an address"};
    auto text = where + "the Depositor forwards deposits to " + decoded->checksum_hex();
    if (!maker) return {true, key, text};
    if (*decoded == *maker) return {true, "maker_key_file", text + ", this maker's key"};
    return {false, "maker_key_file", text + ", not to this maker's key " + maker->checksum_hex()};
}

ProfileFinding code_finding(std::int64_t chain_id, const std::string& key, const std::string& hex,
                            const boost::json::value& code) {
    bool has_code = code.is_string() && code.as_string().size() > 2;
    return {
        has_code, key,
        "chain " + std::to_string(chain_id) + ": " + (has_code ? "code at " : "no code at ") + hex};
}

Task<void> check_contracts(const catalog::Catalog& catalog, const catalog::ProfileChain& chain,
                           chain::rpc::RpcClient& rpc, std::optional<chain::Address> maker,
                           ChainFindings& out) {
    chain::rpc::Eth eth(rpc);
    for (std::size_t n = 0; n < kContracts.size(); ++n) {
        std::string name = kContracts[n];
        auto hex = catalog.contract_address(chain.chain_id, name);
        if (!chain::Address::from_hex(hex)) continue;
        auto key = "chain_profile " + catalog.contract_key(chain.chain_id, name);
        json::array params;
        params.emplace_back(hex);
        params.emplace_back("latest");
        auto code = co_await rpc.call("eth_getCode", std::move(params));
        out.findings.push_back(code_finding(chain.chain_id, key, hex, code));
        if (!out.findings.back().ok || name != "Depositor") continue;
        auto address = *chain::Address::from_hex(hex);
        auto word = co_await eth.call(address, maker_call_data());
        out.findings.push_back(depositor_finding(chain.chain_id, key, word, maker));
    }
}

// The tokens the routes pay out on the chain: the deposited one, or a cross-asset route's.
std::set<std::string> paid_on(const bridge::RouteTable& routes, std::int64_t chain_id) {
    std::set<std::string> out;
    for (const auto& r : routes.routes) {
        const auto& into = r.cross() ? r.to_chains : r.chains;
        if (r.enabled && std::find(into.begin(), into.end(), chain_id) != into.end())
            out.insert(r.paid_token());
    }
    return out;
}

// The token on the chain as the catalog lists it (the zero address for the native coin), or
// nullopt when it lists no such token there.
struct ListedToken {
    chain::Address address;
    unsigned decimals = 18;
};
std::optional<ListedToken> token_on(const catalog::Catalog& catalog, const std::string& symbol,
                                    std::int64_t chain_id) {
    for (const auto& t : catalog.tokens()) {
        const auto& o = t.as_object();
        if (o.at("symbol").as_string() != symbol ||
            o.at("chainId").to_number<std::int64_t>() != chain_id)
            continue;
        if (auto a = chain::Address::from_hex(std::string(o.at("address").as_string())))
            return ListedToken{*a, static_cast<unsigned>(o.at("decimals").to_number<int>())};
    }
    return std::nullopt;
}

ProfileFinding funds_finding(std::int64_t chain_id, const std::string& what,
                             const std::optional<chain::U256>& held, unsigned decimals, bool gas) {
    auto where = "chain " + std::to_string(chain_id) + ": ";
    if (!held)
        return {false, "routes",
                where + "routes pay " + what + " here but the catalog lists no " + what + " here"};
    if (held->is_zero())
        return {false, "maker_key_file",
                where + "the maker holds no " + what +
                    (gas ? ": it cannot pay gas here" : ": the routes into this chain cannot pay")};
    return {true, "maker_key_file",
            where + "the maker holds " + held->format_units(decimals) + " " + what};
}

// What the maker holds on the chain: its gas, and each token the routes pay out there.
Task<void> check_maker_funds(const catalog::Catalog& catalog, const bridge::RouteTable& routes,
                             const catalog::ProfileChain& chain, chain::rpc::RpcClient& rpc,
                             chain::Address maker, ChainFindings& out) {
    chain::rpc::Eth eth(rpc);
    auto gas = co_await eth.get_balance(maker);
    out.findings.push_back(funds_finding(chain.chain_id, "native coin for gas", gas, 18, true));
    for (const auto& symbol : paid_on(routes, chain.chain_id)) {
        auto token = token_on(catalog, symbol, chain.chain_id);
        std::optional<chain::U256> held;
        if (token && token->address.is_zero()) {
            held = gas;
        } else if (token) {
            auto word = co_await eth.call(token->address, chain::erc20::balance_of(maker));
            auto value = chain::U256::from_be_bytes(word);
            held = value ? *value : chain::U256();
        }
        out.findings.push_back(
            funds_finding(chain.chain_id, symbol, held, token ? token->decimals : 18, false));
    }
}

}  // namespace

chain::rpc::RpcOptions probe_options() {
    chain::rpc::RpcOptions o;
    o.timeout = std::chrono::milliseconds(3000);
    o.attempts = 1;
    o.rate_limit_patience = std::chrono::milliseconds(3000);
    return o;
}

bool is_loopback_url(const std::string& url) {
    try {
        auto host = chain::rpc::parse_http_url(url).host;
        return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]" ||
               host.starts_with("127.");
    } catch (const std::exception&) {
        return false;
    }
}

bool is_published_devnet_address(const chain::Address& address) {
    auto hex = address.lower_hex();
    return std::any_of(kPublished.begin(), kPublished.end(),
                       [&](const char* known) { return hex == known; });
}

std::vector<ProfileFinding> published_key_findings(const Config& config,
                                                   const catalog::Catalog& catalog) {
    std::string public_chain;
    for (std::size_t i = 0; i < catalog.profile_chains().size() && public_chain.empty(); ++i) {
        const auto& chain = catalog.profile_chains()[i];
        for (std::size_t j = 0; j < chain.rpc_urls.size(); ++j)
            if (!is_loopback_url(chain.rpc_urls[j])) {
                public_chain =
                    url_key(i, chain, j) + " (" + chain::rpc::redact_url(chain.rpc_urls[j]) + ")";
                break;
            }
    }
    std::vector<ProfileFinding> out;
    if (public_chain.empty()) return out;
    const std::pair<const char*, const std::string*> files[] = {
        {"maker_key_file", &config.maker_key_file},
        {"faucet_key_file", &config.faucet_key_file},
        {"badge_signer_key_file", &config.badge_signer_key_file},
        {"quote_signer_key_file", &config.quote_signer_key_file}};
    for (const auto& [key, path] : files) {
        if (path->empty()) continue;
        auto address = read_evm_key(*path, key).address();
        if (!is_published_devnet_address(address)) continue;
        out.push_back({false, key,
                       "holds a published devnet key (" + address.checksum_hex() +
                           "; anyone can sign with it) while " + public_chain +
                           " is not this machine: use a key of your own"});
    }
    return out;
}

Task<ChainFindings> check_profile_chains(const catalog::Catalog& catalog, bool thorough,
                                         std::optional<chain::Address> maker,
                                         const bridge::RouteTable* routes) {
    ChainFindings out;
    const auto& chains = catalog.profile_chains();
    for (std::size_t i = 0; i < chains.size(); ++i) {
        const auto& chain = chains[i];
        for (std::size_t j = 0; j < chain.rpc_urls.size(); ++j) {
            auto key = url_key(i, chain, j);
            auto shown = chain::rpc::redact_url(chain.rpc_urls[j]);
            std::unique_ptr<chain::rpc::RpcClient> rpc;
            std::uint64_t answered = 0;
            try {
                rpc = std::make_unique<chain::rpc::RpcClient>(
                    std::vector<std::string>{chain.rpc_urls[j]}, probe_options());
                answered = co_await chain::rpc::Eth(*rpc).chain_id();
            } catch (const std::exception& e) {
                ++out.unreachable;
                out.findings.push_back({false, key, shown + " did not answer: " + e.what()});
                continue;
            }
            bool same = answered == static_cast<std::uint64_t>(chain.chain_id);
            if (!same) ++out.wrong_chain;
            out.findings.push_back({same, key,
                                    shown + " is chain " + std::to_string(answered) +
                                        (same ? ""
                                              : ", not " + std::to_string(chain.chain_id) +
                                                    ": this URL belongs to another chain")});
            if (!same || !thorough || j > 0) continue;
            try {
                co_await check_contracts(catalog, chain, *rpc, maker, out);
                if (maker && routes)
                    co_await check_maker_funds(catalog, *routes, chain, *rpc, *maker, out);
            } catch (const std::exception& e) {
                ++out.unreachable;
                out.findings.push_back(
                    {false, key, "reading its contracts: " + std::string(e.what())});
            }
        }
    }
    co_return out;
}

namespace {

// An address from an eth_call answer of one word (token0(), token1()).
std::optional<chain::Address> address_word(const chain::rpc::Reply& reply) {
    if (reply.error || !reply.result.is_string() || reply.result.as_string().size() != 66)
        return std::nullopt;
    auto address =
        chain::Address::from_hex("0x" + std::string(reply.result.as_string()).substr(26));
    if (!address) return std::nullopt;
    return *address;
}

json::array call_of(const chain::Address& to, const chain::Bytes& data) {
    return json::array{json::object{{"to", to.lower_hex()}, {"data", chain::to_hex(data)}},
                       "latest"};
}

// token0(), token1() and observe over the window, in one round trip.
std::vector<chain::rpc::Call> oracle_check_calls(const price::PriceOracle& o) {
    return {{"eth_call", call_of(o.pool, chain::abi::encode_known_call("token0()", {}))},
            {"eth_call", call_of(o.pool, chain::abi::encode_known_call("token1()", {}))},
            {"eth_call", call_of(o.pool, price::observe_calldata(o.twap_seconds))}};
}

// The observe answer's bytes (empty when the call failed).
chain::Bytes answer_bytes(const chain::rpc::Reply& reply) {
    if (reply.error || !reply.result.is_string()) return {};
    auto bytes = chain::from_hex(reply.result.as_string());
    return bytes ? *bytes : chain::Bytes{};
}

ProfileFinding unpaired(std::string key, const std::string& where) {
    return {false, std::move(key), where + " is not a pool of its token and USD token"};
}

ProfileFinding priced(const price::PriceOracle& o, std::string key, const std::string& where,
                      std::optional<std::int64_t> tick, const chain::rpc::Reply& reply) {
    auto window = std::to_string(o.twap_seconds) + " s";
    if (!tick) {
        auto why = reply.error ? std::string(reply.error->what()) : "no answer";
        return {false, std::move(key),
                where + " gives no price over " + window + " (" + why +
                    "): the pool is younger than the window or keeps too few observations "
                    "(increaseObservationCardinalityNext)"};
    }
    return {
        true, std::move(key),
        where + " gives " + std::to_string(price::usd_at_tick(o, *tick)) + " USD over " + window};
}

// One oracle: its pool pairs exactly its token with its USD token, and answers a time-weighted
// price over its whole window.
Task<ProfileFinding> check_price_oracle(const catalog::ProfileChain& chain,
                                        const price::PriceOracle& o, std::string key) {
    chain::rpc::RpcClient rpc(chain.rpc_urls, probe_options());
    auto replies = co_await rpc.batch(oracle_check_calls(o));
    auto where = "chain " + std::to_string(o.chain_id) + ": the " + o.symbol + " oracle " +
                 o.pool.checksum_hex();
    auto t0 = address_word(replies[0]);
    auto t1 = address_word(replies[1]);
    bool paired =
        t0 && t1 &&
        ((*t0 == o.token && *t1 == o.usd_token) || (*t0 == o.usd_token && *t1 == o.token));
    if (!paired) co_return unpaired(key, where);
    auto answer = answer_bytes(replies[2]);
    auto tick = price::mean_tick(answer, o.twap_seconds);
    co_return priced(o, key, where, tick, replies[2]);
}

}  // namespace

Task<std::vector<ProfileFinding>> check_price_oracles(
    const catalog::Catalog& catalog, const std::vector<price::PriceOracle>& oracles) {
    std::vector<ProfileFinding> out;
    for (std::size_t i = 0; i < oracles.size(); ++i) {
        const auto& o = oracles[i];
        auto key = "chain_profile price_oracles[" + std::to_string(i) + "]";
        const auto& chains = catalog.profile_chains();
        auto chain = std::find_if(chains.begin(), chains.end(),
                                  [&](const auto& c) { return c.chain_id == o.chain_id; });
        if (chain == chains.end()) {
            out.push_back(
                {false, key, "chain " + std::to_string(o.chain_id) + " is not in the profile"});
            continue;
        }
        try {
            out.push_back(co_await check_price_oracle(*chain, o, key));
        } catch (const std::exception& e) {
            out.push_back({false, key, "reading the oracle: " + std::string(e.what())});
        }
    }
    co_return out;
}

std::vector<ProfileFinding> cross_route_price_findings(
    const catalog::Catalog& catalog, const bridge::RouteTable& routes,
    const std::vector<price::PriceOracle>& oracles, const PriceSettings& prices) {
    std::vector<ProfileFinding> out;
    std::set<std::string> symbols;
    std::set<std::int64_t> served;
    for (const auto& c : catalog.profile_chains()) served.insert(c.chain_id);
    auto touches = [&](const std::vector<std::int64_t>& ids) {
        return std::any_of(ids.begin(), ids.end(), [&](auto id) { return served.count(id) > 0; });
    };
    for (const auto& route : routes.routes) {
        // Only the cross-asset routes this profile's chains take part in need its prices.
        if (!route.cross() || !route.enabled ||
            !(touches(route.chains) || touches(route.to_chains)))
            continue;
        symbols.insert(route.token);
        symbols.insert(route.to_token);
    }
    for (const auto& symbol : symbols) {
        std::set<std::int64_t> chains;
        for (const auto& o : oracles)
            if (o.symbol == symbol) chains.insert(o.chain_id);
        auto sources = chains.size() + (prices.source == "http" ? 1 : 0);
        bool enough = sources >= prices.quotes.min_sources;
        out.push_back({enough, "chain_profile price_oracles",
                       symbol + ": " + std::to_string(sources) +
                           " live price source(s) for "
                           "cross-asset quotes, " +
                           std::to_string(prices.quotes.min_sources) + " needed" +
                           (enough ? "" : " (such quotes are refused)")});
    }
    return out;
}

namespace {

// An SPL mint's layout: 82 bytes, decimals at 44, is_initialized at 45.
constexpr std::size_t kMintSize = 82;
constexpr std::size_t kMintDecimals = 44;
constexpr std::size_t kMintInitialized = 45;

// The config key of the mint and the decimals the profile gives it (`solana.usdc_decimals`, else
// the 6 the bridge pays USDC in).
std::string mint_key(const Config& config) {
    return config.solana.usdc_mint.empty() ? "chain_profile solana.usdc_mint" : "solana.usdc_mint";
}
unsigned profile_mint_decimals(const json::value& profile) {
    const auto* solana = profile.is_object() ? profile.as_object().if_contains("solana") : nullptr;
    const auto* decimals =
        solana && solana->is_object() ? solana->as_object().if_contains("usdc_decimals") : nullptr;
    return decimals && decimals->is_int64() ? static_cast<unsigned>(decimals->as_int64()) : 6;
}

}  // namespace

ProfileFinding solana_mint_finding(const std::string& key, const std::string& mint,
                                   const std::optional<chain::solana::AccountInfo>& account,
                                   unsigned decimals) {
    auto where = "Solana: the USDC mint " + mint;
    if (!account) return {false, key, where + " does not exist"};
    if (account->owner != chain::solana::token_program_id())
        return {false, key,
                where + " is owned by " + account->owner.to_base58() +
                    ", not the token program: it is no SPL mint"};
    if (account->data.size() != kMintSize || account->data[kMintInitialized] != 1)
        return {false, key, where + " is no initialized SPL mint (an SPL token account?)"};
    unsigned held = account->data[kMintDecimals];
    if (held != decimals)
        return {false, key,
                where + " has " + std::to_string(held) + " decimals, the profile says " +
                    std::to_string(decimals)};
    return {true, key, where + " is an SPL mint of " + std::to_string(held) + " decimals"};
}

Task<std::vector<ProfileFinding>> check_solana_mint(const Config& config,
                                                    const boost::json::value& profile) {
    std::vector<ProfileFinding> out;
    auto settings = bridge::solana_bridge_settings(&profile, config.solana);
    if (!settings) co_return out;
    auto key = mint_key(config);
    auto mint = settings->usdc_mint.to_base58();
    try {
        chain::rpc::RpcClient rpc(std::vector<std::string>{settings->rpc_url}, probe_options());
        chain::solana::SolanaRpc solana(rpc);
        auto account = co_await solana.get_account_info(settings->usdc_mint,
                                                        chain::solana::Commitment::confirmed);
        out.push_back(solana_mint_finding(key, mint, account, profile_mint_decimals(profile)));
    } catch (const std::exception& e) {
        out.push_back({false, key, "Solana: reading the USDC mint " + mint + ": " + e.what()});
    }
    co_return out;
}

int check_profile(const Config& config) {
    auto profile = catalog::read_chain_profile(config.chain_profile);
    auto catalog = catalog::Catalog::load(config.config_dir, config.chain_profile,
                                          profile ? &*profile : nullptr);
    if (!profile || catalog.profile_chains().empty())
        throw ConfigError("check-profile: config key 'chain_profile' names no chains");
    std::optional<chain::Address> maker;
    if (!config.maker_key_file.empty())
        maker = read_evm_key(config.maker_key_file, "maker_key_file").address();
    auto findings = published_key_findings(config, catalog);
    auto routes = load_routes(config.config_dir + "/routes.json");
    auto chains = run_blocking(check_profile_chains(catalog, true, maker, &routes));
    findings.insert(findings.end(), chains.findings.begin(), chains.findings.end());
    auto oracles = price::parse_price_oracles(*profile);
    auto priced = run_blocking(check_price_oracles(catalog, oracles));
    findings.insert(findings.end(), priced.begin(), priced.end());
    auto cross = cross_route_price_findings(catalog, routes, oracles, config.prices);
    findings.insert(findings.end(), cross.begin(), cross.end());
    auto mint = run_blocking(check_solana_mint(config, *profile));
    findings.insert(findings.end(), mint.begin(), mint.end());
    int failed = 0;
    for (const auto& f : findings) {
        std::cout << (f.ok ? "ok    " : "FAIL  ") << f.key << ": " << f.text << "\n";
        if (!f.ok) ++failed;
    }
    std::cout << (failed ? std::to_string(failed) + " problem(s) in the profile\n"
                         : "the profile holds: every URL is its chain, every contract is there\n");
    return failed ? 1 : 0;
}

void check_profile_before_serving(const Config& config, const catalog::Catalog& catalog) {
    auto keys = published_key_findings(config, catalog);
    if (!keys.empty()) throw ConfigError(keys.front().key + ": " + keys.front().text);
    auto chains = run_blocking(check_profile_chains(catalog, false, std::nullopt));
    for (const auto& f : chains.findings) {
        if (f.ok) continue;
        if (f.text.find("belongs to another chain") != std::string::npos)
            throw ConfigError(f.key + ": " + f.text + " (perch would watch and pay on it)");
        spdlog::warn("{}: {}", f.key, f.text);
    }
}

}  // namespace perch::app
