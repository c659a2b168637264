package clockwork_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	"github.com/clockworksim/clockwork/sim/simtest"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// fuzzResultsSeed is a small valid results file (two campaigns at three players).
func fuzzResultsSeed(f *testing.F) []byte {
	cfg := testConfig(f)
	cfg.Episodes, cfg.TurnCap = 2, 3
	r, err := sim.Run(context.Background(), cfg)
	if err != nil {
		f.Fatal(err)
	}
	raw, err := json.Marshal(r)
	if err != nil {
		f.Fatal(err)
	}
	return raw
}

// fuzzLadderSeed is a valid file with the optional sections: a ladder of two agents, an
// expert's decisions and sensitivity rows.
func fuzzLadderSeed(f *testing.F) []byte {
	cfg := testConfig(f)
	cfg.Episodes, cfg.TurnCap = 2, 3
	set := strategies.Defaults()
	if err := set.Parse("rollouts=1"); err != nil {
		f.Fatal(err)
	}
	ex, err := agents.NewSpec("expert", set)
	if err != nil {
		f.Fatal(err)
	}
	cfg.Agents = append(cfg.Agents, cwsim.Lineup(ex))
	r, err := sim.Run(context.Background(), cfg)
	if err != nil {
		f.Fatal(err)
	}
	r.Sensitivity = []sim.SensitivityRow{{Players: 2, Param: "setup.shards", Base: 1, Value: 2, Paired: sim.PairedOutcomes{Episodes: 2, MovedOnly: 1, ScoreDiff: 1, ScoreDiff2: 1}},
		{Players: 3, Param: "setup.shards", Base: 1, Value: 0, Skipped: "below the minimum"}}
	raw, err := json.Marshal(r)
	if err != nil {
		f.Fatal(err)
	}
	if _, err := sim.ReadResults(raw, "seed.json"); err != nil {
		f.Fatal(err)
	}
	return raw
}

// FuzzReadResults reads arbitrary bytes as a results file: the reader must never panic, and a
// file it accepts must validate again after a round trip through JSON.
func FuzzReadResults(f *testing.F) {
	valid := fuzzResultsSeed(f)
	seeds := [][]byte{valid}
	for _, r := range [][2]string{
		{`"wins":`, `"wins":-`}, {`"players":3`, `"players":9`}, {`"partial":false`, `"partial":true`},
		{`"groups":[`, `"groups":[null,`}, {`"count":1`, `"count":0`}, {`"levels":[`, `"levels":[null,`},
		{`"temples":[`, `"temples":[null,`}, {`"shortfall_hist":{`, `"shortfall_hist":{"x":null,`},
		{`"precision":0`, `"precision":1e400`}, {`"round_cap":3`, `"round_cap":-1`},
	} {
		seeds = append(seeds, bytes.Replace(valid, []byte(r[0]), []byte(r[1]), 1))
	}
	seeds = append(seeds, fuzzLadderSeed(f),
		[]byte(`{"schema":"clockwork.results/v1","groups":[{}]}`),
		[]byte(`{"schema":"clockwork.results/v1","shard":{"index":0,"count":1,"merged":[0,0]},"groups":[]}`),
		[]byte(`null`),
		[]byte(`[]`),
	)
	simtest.FuzzResults(f, seeds...)
}

// FuzzReadOutcomes reads arbitrary text as an outcomes file: the reader must never panic, and a
// file it accepts must be written and read back to the same file.
func FuzzReadOutcomes(f *testing.F) {
	h, h2 := sim.OutcomesHeaderV1+"\n", sim.OutcomesHeaderV2+"\n"
	simtest.FuzzOutcomes(f,
		h2, h2+"2,planner,,0,1,1,1,0,1,6\n2,planner,,1,1,1,1,1,1,7\n3,planner,rules.move_carry_over=off,0,0,1,1,0,0,3\n",
		h2+"2,planner,,0,1,1,1,2,1,6\n", h2+"2,planner,,0,1,1,1,1,7\n", h2+"2,planner,,0,1,1101,6\n",
		h, h+"2,planner,,0,1,1101,6\n2,planner,,1,1,1111,7\n3,planner,rules.move_carry_over=off,0,0,1100,3\n",
		h+"3,planner,\"a=1,2;b=3\",5,0,0000,0\n3,planner,\"a=1,2;b=3\",2,1,1111,9\n",
		h+"2,planner,,1,1,1111,7\n2,planner,,1,1,1111,7\n", h+"2,rusher,,0,1,1111,7\n2,planner,,1,1,1111,7\n",
		h+"5,planner,,0,1,1111,7\n", h+"2,planner,,-1,1,1111,7\n", h+"2,planner,,0,2,1111,7\n",
		h+"2,planner,,0,1,111,7\n", h+"2,planner,,0,1,1111,9999\n", h+"2,planner,,0,1\n", "", "players\n",
		h+"2,planner,\"unterminated,0,1,1111,7\n", h[:len(h)-1]+"\r\n2,planner,,0,1,1111,7\r\n",
	)
}
