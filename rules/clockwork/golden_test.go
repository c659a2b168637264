package clockwork_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/rules/play/playtest"
)

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

// TestGoldenPlaythrough pins the engine's behaviour: one seeded campaign per player count,
// played on the frozen test data by the biased random agent, must produce exactly the committed
// event log (testdata/clockwork/golden/playthrough-<N>p.jsonl), from campaign_start to the end
// of Level 1 (about 240-350 lines each, small enough to review). After an intended change of
// behaviour, rerun with -regen and review the diff.
func TestGoldenPlaythrough(t *testing.T) {
	d := configstest.Frozen(t)
	for _, players := range []int{2, 3, 4} {
		sink := &jsonSink{d: d, until: rules.EvLevelEnd}
		var g rules.Game
		g.SetSink(sink)
		seed := chance.EpisodeSeed(2026, uint64(players))
		g.Reset(d, players, seed, 0)
		r := rand.New(rand.NewPCG(seed, 17))
		buf := make([]rules.Action, 0, 1024)
		for !g.IsTerminal() && !sink.done {
			buf = g.LegalActions(buf)
			if err := g.ApplyChecked(biased(r, buf)); err != nil {
				t.Fatal(err)
			}
		}
		playtest.Golden(t, "clockwork", fmt.Sprintf("playthrough-%dp.jsonl", players), sink.buf)
	}
}
