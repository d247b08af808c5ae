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
const char* config_dir() {
    return PERCH_ROOT_DIR "/config";
}
const char* vectors_dir() {
    return PERCH_ROOT_DIR "/../shared/vectors";
}
const char* fixtures_dir() {
    return PERCH_ROOT_DIR "/server/tests/fixtures";
}

}  // namespace perch::test
