package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// fuzzResultsSeed is a small valid results file (two games at two and three players).
func fuzzResultsSeed(f *testing.F) []byte {
	cfg := testConfig(f)
	cfg.Episodes = 2
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

// fuzzLadderSeed is a valid file with the optional sections: a ladder of two line-ups with the
// seats rotated, sensitivity rows and a goal.
func fuzzLadderSeed(f *testing.F) []byte {
	cfg := testConfig(f)
	cfg.Episodes, cfg.Rotate, cfg.Params = 4, true, map[string]string{"target": "30"}
	cfg.Agents = append(cfg.Agents, lineup(f, "random"))
	r, err := sim.Run(context.Background(), cfg)
	if err != nil {
		f.Fatal(err)
	}
	r.Sensitivity = []sim.SensitivityRow{{Players: 2, Param: "target", Base: 30, Value: 38, Paired: sim.PairedOutcomes{Episodes: 2, MovedOnly: 1, ScoreDiff: 8, ScoreDiff2: 64}},
		{Players: 3, Param: "faces", Base: 6, Value: -2, Skipped: "not valid data"}}
	r.Goals = []sim.Goal{{Players: 2, Param: "target", Agent: "random", Goal: 0.5, Target: 30, Low: 20, High: 40}}
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
		{`"groups":[`, `"groups":[null,`}, {`"count":1`, `"count":0`}, {`"seat_wins":[`, `"seat_wins":[null,`},
		{`"turns_hist":[`, `"turns_hist":[-1,`}, {`"agent_wins":{`, `"agent_wins":{"x":1,`}, {`"rolls":`, `"rolls":-`},
		{`"game":"pig"`, `"game":"clockwork"`}, {`"precision":0`, `"precision":1e400`}, {`"round_cap":100`, `"round_cap":-1`},
	} {
		seeds = append(seeds, bytes.Replace(valid, []byte(r[0]), []byte(r[1]), 1))
	}
	seeds = append(seeds, fuzzLadderSeed(f),
		[]byte(`{"schema":"clockwork.results/v1","game":"pig","groups":[{}]}`),
		[]byte(`{"schema":"clockwork.results/v1","game":"pig","shard":{"index":0,"count":1,"merged":[0,0]},"groups":[]}`),
		[]byte(`null`),
		[]byte(`[]`),
	)
	simtest.FuzzResults(f, seeds...)
}

// FuzzReadOutcomes reads arbitrary text as an outcomes file: the reader must never panic, and a
// file it accepts must be written and read back to the same file.
func FuzzReadOutcomes(f *testing.F) {
	h := sim.OutcomesHeader + "\n"
	simtest.FuzzOutcomes(f,
		h, h+"pig,2,hold,,0,1\npig,2,hold,,1,0\npig,3,hold,target=40,0,1\n",
		h+"pig,3,\"hold,random\",\"a=1,2;b=3\",5,0\npig,3,\"hold,random\",\"a=1,2;b=3\",2,1\n",
		h+"pig,2,hold,,1,1\npig,2,hold,,1,1\n", h+"pig,2,random,,0,1\npig,2,hold,,1,1\n",
		h+"pig,5,hold,,0,1\n", h+"pig,2,hold,,-1,1\n", h+"pig,2,hold,,0,2\n", h+"pig,2,hold,,0\n",
		h+"pig,2,hold,,0,1\nclue,2,hold,,1,1\n", h+"clockwork,2,planner,,0,1\n", "", "game\n",
		h+"pig,2,\"unterminated,0,1\n", h[:len(h)-1]+"\r\npig,2,hold,,0,1\r\n",
		sim.OutcomesHeaderV2+"\n2,planner,,0,1,1,1,0,1,6\n", h+"clockwork,2,planner,,0,1\n",
	)
}

// FuzzReadCheckpoint reads arbitrary bytes as a checkpoint file: never a panic, and a
// checkpoint it accepts can be resumed from (its groups fit the run they came from).
func FuzzReadCheckpoint(f *testing.F) {
	cfg := testConfig(f)
	cfg.Episodes, cfg.Outcomes, cfg.Players = 4, true, []int{3}
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Progress = func(done, _ int64) {
		if done >= 1 {
			cancel()
		}
	}
	part, err := sim.Run(ctx, cfg)
	if err != nil {
		f.Fatal(err)
	}
	valid, err := json.Marshal(sim.NewCheckpoint(sim.CheckpointRun{Game: "pig", Outcomes: true}, part))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(valid)
	for _, r := range [][2]string{
		{`"group":0`, `"group":1`}, {`"outcomes":"`, `"outcomes":"!`}, {`"outcomes":true`, `"outcomes":false`},
		{`"done":[`, `"done":[{},`}, {`"results":{`, `"results":null,"x":{`}, {`"campaigns":`, `"campaigns":-`},
		{`"games":`, `"games":-`}, {`"seat_wins":[`, `"seat_wins":[7,`},
	} {
		f.Add(bytes.Replace(valid, []byte(r[0]), []byte(r[1]), 1))
	}
	f.Add([]byte(`{"schema":"clockwork.checkpoint/v1"}`))
	cfg.Progress = nil
	f.Fuzz(func(t *testing.T, raw []byte) {
		c, err := sim.ParseCheckpoint(raw, "fuzz.json")
		if err != nil {
			return
		}
		resumed := cfg
		resumed.Episodes, resumed.Resume = 1, c.Results.Groups
		sim.Run(context.Background(), resumed) // an error is fine; a panic is not
	})
}
