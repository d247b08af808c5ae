#include "core/clock.hpp"

#include <chrono>

namespace perch {

std::int64_t unix_now() {
    using namespace std::chrono;
    return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace perch
