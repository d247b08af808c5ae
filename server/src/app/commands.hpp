#pragma once
// The commands behind `perch <command>` (app.cpp reads the command line and calls one).
#include <string>
#include <vector>

#include "core/config.hpp"

namespace perch::app {

int serve(const Config& config);                    // until SIGINT or SIGTERM
int set_paused(const Config& config, bool paused);  // perch pause / resume

}  // namespace perch::app
