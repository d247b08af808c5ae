#include "api/swap_json.hpp"

#include <boost/json.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace perch::api {
namespace json = boost::json;

namespace {

std::uint64_t share_bps(const swap::QuotePath& path, const swap::Quote& q) {
    auto share = path.amount_in.mul(10'000);
    auto bps = share ? share->div(q.amount_in) : chain::Result<chain::U256>(chain::U256());
    return bps ? bps->low_u64() : 0;
}

std::string percent(std::uint64_t hundredths) {
    auto whole = std::to_string(hundredths / 100);
    auto rest = hundredths % 100;
    if (rest == 0) return whole + "%";
    return whole + "." + (rest < 10 ? "0" : "") +
           std::to_string(rest % 10 == 0 ? rest / 10 : rest) + "%";
}

}  // namespace

json::object token_json(const swap::SwapToken& t) {
    return json::object{{"address", t.address.lower_hex()},
                        {"symbol", t.symbol},
                        {"name", t.name},
                        {"decimals", t.decimals},
                        {"logo_url", nullptr}};
}

json::array route_json(const swap::Quote& q) {
    json::array route;
    for (const auto& path : q.paths) {
        json::array hops;
        for (const auto& h : path.hops) {
            hops.push_back(json::object{{"venue", h.venue},
                                        {"pool", h.pool.lower_hex()},
                                        {"fee_ppm", h.fee_ppm},
                                        {"token_in", h.token_in.lower_hex()},
                                        {"token_out", h.token_out.lower_hex()}});
        }
        // The share of the input, in basis points (the paths' shares add up to 10,000).
        route.push_back(json::object{{"share_bps", share_bps(path, q)},
                                     {"amount_in_wei", path.amount_in.to_dec()},
                                     {"amount_out_wei", path.amount_out.to_dec()},
                                     {"hops", std::move(hops)}});
    }
    return route;
}

std::string route_summary(const swap::Quote& q) {
    std::string out;
    for (const auto& path : q.paths) {
        if (!out.empty()) out += " + ";
        std::string hops;
        for (const auto& h : path.hops) {
            if (!hops.empty()) hops += " → ";
            hops += h.venue;
            if (h.kind == swap::PoolKind::v3) hops += " " + percent(h.fee_ppm / 100);
        }
        out += hops + " " + percent(share_bps(path, q));
    }
    return out;
}

}  // namespace perch::api
