#pragma once
// The one wall clock the server reads for timestamps, expiries and UTC days.
#include <cstdint>

namespace perch {

// Whole seconds since the Unix epoch.
std::int64_t unix_now();

}  // namespace perch
