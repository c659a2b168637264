package clockwork_test

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

var regen = flag.Bool("regen", false, "rewrite the golden playthroughs in testdata/")

// jsonSink writes the event log as JSON Lines; with until set, it stops after the first event
// of that type (done is then true).
type jsonSink struct {
	d     *rules.Data
	buf   []byte
	until rules.EventType
	done  bool
}

func (s *jsonSink) Emit(e *rules.Event) {
	if s.done {
		return
	}
	s.buf = e.AppendJSON(s.buf, s.d, "biased-random")
	s.buf = append(s.buf, '\n')
	s.done = s.until != rules.EvNone && e.Type == s.until
}

// regenHint says how to accept an intended change of the golden playthroughs.
const regenHint = "after an intended change of behaviour: go test ./rules -run Golden -regen, then review the diff of rules/testdata"

// TestGoldenPlaythrough pins the engine's behaviour: one seeded campaign per player count,
// played on the frozen test data by the biased random agent, must produce exactly the committed
// event log, from campaign_start to the end of Level 1 (about 240-350 lines each, small enough to
// review). After an intended change of behaviour, rerun with -regen and review the diff.
func TestGoldenPlaythrough(t *testing.T) {
	d := configstest.Frozen(t)
	for _, players := range []int{2, 3, 4} {
		sink := &jsonSink{d: d, until: rules.EvLevelEnd}
		var g rules.Game
		g.SetSink(sink)
		seed := rules.CampaignSeed(2026, uint64(players))
		g.Reset(d, players, seed, 0)
		r := rand.New(rand.NewPCG(seed, 17))
		buf := make([]rules.Action, 0, 1024)
		for !g.IsTerminal() && !sink.done {
			buf = g.LegalActions(buf)
			if err := g.ApplyChecked(biased(r, buf)); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join("testdata", "golden-"+string(rune('0'+players))+"p.jsonl")
		if *regen {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, sink.buf, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (create it with go test ./rules -run Golden -regen)", err)
		}
		if !bytes.Equal(want, sink.buf) {
			gl, wl := bytes.Split(sink.buf, []byte("\n")), bytes.Split(want, []byte("\n"))
			for i := 0; i < len(gl) && i < len(wl); i++ {
				if !bytes.Equal(gl[i], wl[i]) {
					t.Fatalf("%dp playthrough differs from %s at line %d:\n got %s\nwant %s\n(%s)", players, path, i+1, gl[i], wl[i], regenHint)
				}
			}
			t.Fatalf("%dp playthrough differs from %s in length: %d lines, want %d\n(%s)", players, path, len(gl), len(wl), regenHint)
		}
	}
}
