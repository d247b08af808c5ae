#pragma once

// Where the tests find the repository, the perch binary and the GeoIP database.
// The paths are compiled into test_paths.cpp alone: as compile definitions on every test file
// they made each worktree's build miss the shared compiler cache for the whole suite.
namespace perch::test {

const char* root_dir();      // the repository's root
const char* perch_binary();  // the perch binary this build produced
const char* geoip_db();      // the GeoIP database the server is configured with
const char* config_dir();    // the repository's config/
const char* vectors_dir();   // the shared test vectors (../shared/vectors)
const char* fixtures_dir();  // server/tests/fixtures

}  // namespace perch::test
