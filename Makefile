# clockwork: build, test and run targets. `make test` is what CI runs.
GO       ?= go
BIN      ?= bin/clockwork
PKGS     := ./...
FUZZTIME ?= 20s

.PHONY: all build test vet fmt-check lint bench pgo fuzz run report balance-report balance clean

all: build

## build: the binary, for x86-64-v2 (GOAMD64: every x86-64 processor since 2009 has its hardware
## popcount, which the bit-set hot loops use; the results are the same at v1, which lacks it, and
## v2 has no fused multiply-add); `make build GOAMD64=v1` for an older processor
GOAMD64 ?= v2
build:
	GOAMD64=$(GOAMD64) $(GO) build -o $(BIN) ./cmd/clockwork

## test: vet, formatting, and every test (the fuzz targets run their seed corpus); says so
## in one line when the HTML report's browser test was skipped (no /usr/bin/chromium)
test: vet fmt-check
	$(GO) test -count=1 $(PKGS)
	@if [ ! -x /usr/bin/chromium ]; then echo "note: /usr/bin/chromium not found: the HTML report's browser test was skipped (apt-get install -y chromium; CI=1 makes it fail instead)"; fi

vet:
	$(GO) vet $(PKGS)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## lint: vet + gofmt + staticcheck when it is installed
lint: vet fmt-check
	@if command -v staticcheck >/dev/null 2>&1; then staticcheck $(PKGS); \
	else echo "staticcheck not installed; ran go vet and gofmt only"; fi

## bench: every benchmark with allocation counts (compare runs with benchstat), built with the
## profile and for the x86-64 level the binary is built with (cmd/clockwork/default.pgo, GOAMD64),
## so that they measure what ships
PGO := $(CURDIR)/cmd/clockwork/default.pgo
bench:
	GOAMD64=$(GOAMD64) $(GO) test -pgo=$(PGO) -run='^$$' -bench=. -benchmem -count=6 $(PKGS)

## pgo: make the CPU profile the compiler optimises the binary with (profile-guided optimisation:
## `go build` and `go run` of ./cmd/clockwork read cmd/clockwork/default.pgo) again, from whole
## campaigns of every agent on the default data; regenerate it after large changes to the hot loop
pgo:
	@mkdir -p out
	$(GO) test ./sim/clockwork -run='^$$' -bench='Campaign/(planner|rusher|random)/' -benchtime=2s -cpuprofile=$(CURDIR)/out/pgo-agents.prof -o $(CURDIR)/out/sim.test
	$(GO) test ./sim/clockwork -run='^$$' -bench='Campaign/expert/3p' -benchtime=20x -cpuprofile=$(CURDIR)/out/pgo-expert.prof -o $(CURDIR)/out/sim.test
	$(GO) tool pprof -proto $(CURDIR)/out/pgo-agents.prof $(CURDIR)/out/pgo-expert.prof > $(PGO).tmp
	mv $(PGO).tmp $(PGO)

## fuzz: run every parser's fuzz target for FUZZTIME each (the data loader, --set, the
## --param/--targets values, --shard, --players, the gates file, the results, outcomes and checkpoint files:
## sim's on Pig's files, sim/clockwork's on Clockwork Realm's)
## (-fuzzminimizetime=50x where an input is slow to minimize: the default 60 s left no time to fuzz)
fuzz:
	$(GO) test ./configs/clockwork -run='^$$' -fuzz='^FuzzLoad$$' -fuzztime=$(FUZZTIME)
	$(GO) test ./configs/clockwork -run='^$$' -fuzz='^FuzzSet$$' -fuzztime=$(FUZZTIME)
	$(GO) test ./cmd/clockwork -run='^$$' -fuzz='^FuzzParseValues$$' -fuzztime=$(FUZZTIME) -fuzzminimizetime=50x
	$(GO) test ./cmd/clockwork -run='^$$' -fuzz='^FuzzParseShard$$' -fuzztime=$(FUZZTIME)
	$(GO) test ./cmd/clockwork -run='^$$' -fuzz='^FuzzParsePlayers$$' -fuzztime=$(FUZZTIME)
	$(GO) test ./reports -run='^$$' -fuzz='^FuzzParseGates$$' -fuzztime=$(FUZZTIME)
	$(GO) test ./reports/clockwork -run='^$$' -fuzz='^FuzzParseGates$$' -fuzztime=$(FUZZTIME)
	$(GO) test ./sim -run='^$$' -fuzz='^FuzzReadResults$$' -fuzztime=$(FUZZTIME) -fuzzminimizetime=50x
	$(GO) test ./sim -run='^$$' -fuzz='^FuzzReadOutcomes$$' -fuzztime=$(FUZZTIME)
	$(GO) test ./sim/clockwork -run='^$$' -fuzz='^FuzzReadResults$$' -fuzztime=$(FUZZTIME) -fuzzminimizetime=50x
	$(GO) test ./sim/clockwork -run='^$$' -fuzz='^FuzzReadOutcomes$$' -fuzztime=$(FUZZTIME)
	$(GO) test ./sim -run='^$$' -fuzz='^FuzzReadCheckpoint$$' -fuzztime=$(FUZZTIME) -fuzzminimizetime=50x

## run: the main job on the embedded default data
run:
	$(GO) run ./cmd/clockwork run

## report: the default run's report (charts, Markdown, CSV, HTML) in out/report
report:
	$(GO) run ./cmd/clockwork run --progress never --out out --report out/report

## balance-report: the balance batch: a fixed run on the default data (BALANCE_CAMPAIGNS per
## player count, seed 1, the planner and the planner choosing temples at random, whose rung the
## temple-level gates read) with its report (charts, Markdown, CSV, HTML) in BALANCE_OUT/report
BALANCE_OUT       ?= out/balance
BALANCE_CAMPAIGNS ?= 2000

balance-report:
	$(GO) run ./cmd/clockwork run --agent planner,planner:temple=random --campaigns $(BALANCE_CAMPAIGNS) --seed 1 --progress plain --out $(BALANCE_OUT) --report $(BALANCE_OUT)/report

## balance: the balance batch, then the agreed bands of docs/balance.yaml (exit 1 when a metric
## leaves its band); .ci/run runs it and keeps the report as an artifact
balance: balance-report
	$(GO) run ./cmd/clockwork check --expect docs/balance.yaml --chart $(BALANCE_OUT)/report $(BALANCE_OUT)/results.json

clean:
	rm -rf bin out
