#include "core/error.hpp"

namespace perch {

int http_status_of(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::bad_request:
            return 400;
        case ErrorKind::unauthorized:
            return 401;
        case ErrorKind::forbidden:
            return 403;
        case ErrorKind::not_found:
            return 404;
        case ErrorKind::conflict:
            return 409;
        case ErrorKind::too_large:
            return 413;
        case ErrorKind::too_many_requests:
            return 429;
        case ErrorKind::unavailable:
            return 503;
        case ErrorKind::internal:
            return 500;
    }
    return 500;
}

}  // namespace perch
