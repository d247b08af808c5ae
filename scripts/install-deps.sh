#!/usr/bin/env bash
# Installs the Debian packages Perch needs; installs only what is missing, so a second run is instant.
set -euo pipefail
packages=(
  build-essential cmake ninja-build ccache pkg-config git curl ca-certificates
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev
  libsqlite3-dev libpq-dev postgresql-15 libsecp256k1-dev libcrypto++-dev libssl-dev libsodium-dev libmaxminddb-dev
  libspdlog-dev zlib1g-dev libgtest-dev libgmock-dev libbenchmark-dev
  chromium wrk nginx-light procps psmisc sqlite3
)
# Node comes with the machine image (NodeSource build, npm included); Debian's own is the fallback.
command -v npm > /dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi
