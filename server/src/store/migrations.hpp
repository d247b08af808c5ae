#pragma once
// Schema migrations, embedded from migrations/*.sql at build time and applied in file-name order.
#include <string_view>
#include <vector>

namespace perch::store {

struct Migration {
    int version;            // from the file name's leading number
    std::string_view name;  // the file name
    std::string_view sql;
};

const std::vector<Migration>& migrations();

// The version the newest migration brings the schema to (a ready store has it).
int latest_schema_version();

}  // namespace perch::store
