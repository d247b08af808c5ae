#pragma once
// The deployment's settings the web app takes at run time rather than from its build, so one
// build of the app serves any deployment: the bridge routes as the quote reads them, the tokens
// they move on each chain, the chains it runs, the Solana cluster, the check-in chain, the
// channels and the Pool allow-list. Built once at start from config_dir and the chain profile; never a private RPC URL.
#include <boost/json/object.hpp>

namespace perch::api {

struct Services;

boost::json::object app_config_json(const Services& s);

}  // namespace perch::api
