#include "core/error.hpp"

#include "core/enum_table.hpp"

namespace perch {
namespace {

constexpr EnumRow<ErrorKind, int> kHttpStatus[] = {
    {ErrorKind::bad_request, 400},       {ErrorKind::unauthorized, 401},
    {ErrorKind::forbidden, 403},         {ErrorKind::not_found, 404},
    {ErrorKind::conflict, 409},          {ErrorKind::too_large, 413},
    {ErrorKind::too_many_requests, 429}, {ErrorKind::unavailable, 503},
    {ErrorKind::internal, 500}};
static_assert(covers(kHttpStatus, ErrorKind::internal), "one HTTP status per ErrorKind");

}  // namespace

int http_status_of(ErrorKind kind) {
    return meaning_of(kHttpStatus, kind, 500);
}

}  // namespace perch
