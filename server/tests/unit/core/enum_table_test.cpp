#include "core/enum_table.hpp"

#include <gtest/gtest.h>

#include <string_view>

#include "core/error.hpp"
#include "core/param_error.hpp"

namespace {

using perch::covers;
using perch::EnumRow;
using perch::meaning_of;

enum class Colour { red, green, blue };

constexpr EnumRow<Colour, std::string_view> kNames[] = {
    {Colour::red, "red"}, {Colour::green, "green"}, {Colour::blue, "blue"}};
constexpr EnumRow<Colour, std::string_view> kMissingRow[] = {{Colour::red, "red"},
                                                             {Colour::blue, "blue"}};
constexpr EnumRow<Colour, std::string_view> kOutOfOrder[] = {
    {Colour::green, "green"}, {Colour::red, "red"}, {Colour::blue, "blue"}};

TEST(EnumTable, CoversOnlyEveryValueInDeclarationOrder) {
    static_assert(covers(kNames, Colour::blue));
    static_assert(!covers(kMissingRow, Colour::blue));
    static_assert(!covers(kOutOfOrder, Colour::blue));
    // Naming an earlier value as the last: more rows than values.
    static_assert(!covers(kNames, Colour::green));
}

TEST(EnumTable, LooksUpByValueWithAFallbackOutsideTheEnum) {
    EXPECT_EQ(meaning_of(kNames, Colour::green, std::string_view("?")), "green");
    EXPECT_EQ(meaning_of(kNames, static_cast<Colour>(7), std::string_view("?")), "?");
}

// The tables that replaced switches answer what the switches did.
TEST(EnumTable, ReplacedSwitchesAnswerAsBefore) {
    EXPECT_EQ(perch::http_status_of(perch::ErrorKind::bad_request), 400);
    EXPECT_EQ(perch::http_status_of(perch::ErrorKind::too_many_requests), 429);
    EXPECT_EQ(perch::http_status_of(perch::ErrorKind::unavailable), 503);
    EXPECT_EQ(perch::http_status_of(perch::ErrorKind::internal), 500);
    EXPECT_EQ(perch::params::describe(perch::params::Kind::chain_id), "a chain id");
    EXPECT_EQ(perch::params::describe(perch::params::Kind::whole_number), "a whole number");
}

}  // namespace
