#!/usr/bin/env bash
# with-postgres.sh CMD...: runs CMD with PERCH_TEST_POSTGRES_URL set to a throwaway PostgreSQL
# cluster (port 5532 + TEST_PORT_SHIFT), removed afterwards. `make test-server` runs ctest in it.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
trap stop_postgres EXIT
start_postgres "$(mktemp -d /tmp/perch-pg.XXXXXX)" $((5532 + ${TEST_PORT_SHIFT:-0})) /dev/null || exit 1
PERCH_TEST_POSTGRES_URL=$PG_URL "$@"
