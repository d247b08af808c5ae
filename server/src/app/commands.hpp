#pragma once
// The commands behind `perch <command>` (app.cpp reads the command line and calls one).
#include <string>
#include <vector>

#include "core/config.hpp"

namespace perch::app {

int serve(const Config& config);  // until SIGINT or SIGTERM
// perch pause / resume: everything, or one route ("8453:42161:ETH") when `route` is set.
int set_paused(const Config& config, bool paused, const std::string& route = {},
               const std::string& reason = {});

}  // namespace perch::app
