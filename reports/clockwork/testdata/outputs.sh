#!/bin/bash
# outputs.sh BIN OUT: every report output of a set of small Clockwork runs, made with the
# clockwork binary BIN into the directory OUT (emptied first), so that two versions of the
# reports can be compared byte for byte:
#
#   git archive OLD | tar -x -C /tmp/old && (cd /tmp/old && go build -o /tmp/cw-old ./cmd/clockwork)
#   go build -o /tmp/cw-new ./cmd/clockwork
#   reports/clockwork/testdata/outputs.sh /tmp/cw-old /tmp/out-old
#   reports/clockwork/testdata/outputs.sh /tmp/cw-new /tmp/out-new
#   diff -r /tmp/out-old /tmp/out-new && echo identical
#
# It covers a run at 2-4 players, a ladder, the balance batch's two rungs, a sweep, the ganon
# command with a goal, a sensitivity run, a compare in every format, check against
# docs/balance.yaml (with its Markdown summary), the terminal table, CSV and JSON summaries, and
# `report` of each results file (and of sim's golden results files) in every format. About 5
# seconds on two cores.
set -u
BIN=$1
OUT=$2
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT" || exit 2
P="--progress never --workers 2"
r() {
	local name=$1
	shift
	"$BIN" "$@" >"$name.stdout" 2>"$name.stderr"
	echo $? >"$name.rc"
}
r run run --players 2,3,4 --campaigns 60 $P --out run --report run/rep --outcomes a.csv
r runcsv run --players 3 --campaigns 40 $P --out runcsv --format csv
r runjson run --players 3 --campaigns 40 $P --out runjson --format json
r runb run --players 2,3,4 --campaigns 60 $P --out runb --set rules.move_carry_over=off --outcomes b.csv
r ladder run --players 3 --campaigns 40 --agent planner,rusher $P --out ladder --report ladder/rep
r balance run --players 2,3,4 --campaigns 40 --agent planner,planner:temple=random $P --out balance
r sweep sweep --param setup.skill_cards_per_type.3=3..5 --players 3 --campaigns 40 $P --out sweep --report sweep/rep
r ganon ganon --players 3 --goal 0.5 --campaigns 40 $P --out ganon --report ganon/rep
r sens sensitivity --values ganon.targets.3,setup.time_tokens --campaigns 30 $P --out sens --report sens/rep --metric level_success:2
for f in table markdown csv json; do
	r "cmp_$f" compare a.csv b.csv --format "$f"
done
export GITHUB_STEP_SUMMARY=$PWD/summary.md
r check check --expect "$ROOT/docs/balance.yaml" balance/results.json
r checkrun check --expect "$ROOT/docs/balance.yaml" run/results.json
for d in run ladder balance sweep ganon sens runb; do
	r "rep_$d" report "$d/results.json" --out "rep_$d"
done
for f in "$ROOT"/sim/testdata/golden-results-*.json; do
	n=$(basename "$f" .json)
	r "rep_$n" report "$f" --out "rep_$n"
done
