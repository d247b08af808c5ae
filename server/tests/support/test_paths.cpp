#include "test_paths.hpp"

namespace perch::test {

const char* root_dir() {
    return PERCH_ROOT_DIR;
}
const char* perch_binary() {
    return PERCH_BINARY;
}
const char* geoip_db() {
    return PERCH_GEOIP_DB;
}

}  // namespace perch::test
