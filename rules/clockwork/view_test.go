package clockwork_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// A clone plays on exactly like the original, and changing it leaves the original alone.
func TestCloneIsIndependent(t *testing.T) {
	d := configstest.Frozen(t)
	var g rules.Game
	g.Reset(d, 3, chance.EpisodeSeed(5, 5), 5)
	r := rand.New(rand.NewPCG(1, 1))
	buf := make([]rules.Action, 0, 512)
	for i := 0; i < 60 && !g.IsTerminal(); i++ {
		buf = g.LegalActions(buf)
		g.Apply(biased(r, buf))
	}
	var c rules.Game
	g.Clone(&c)
	a, b := &jsonSink{d: d}, &jsonSink{d: d}
	g.SetSink(a)
	c.SetSink(b)
	r1, r2 := rand.New(rand.NewPCG(9, 9)), rand.New(rand.NewPCG(9, 9))
	for !g.IsTerminal() {
		buf = g.LegalActions(buf)
		g.Apply(biased(r1, buf))
		buf = c.LegalActions(buf)
		c.Apply(biased(r2, buf))
	}
	require.True(t, c.IsTerminal())
	assert.Equal(t, string(a.buf), string(b.buf), "the clone replays the same story")

	var fresh rules.Game
	fresh.Reset(d, 2, 1, 1)
	before := fresh.Hero(0).Deck.Len()
	var cl rules.Game
	fresh.Clone(&cl)
	cl.Apply(cl.LegalActions(nil)[0])
	assert.Equal(t, before, fresh.Hero(0).Deck.Len())
	assert.Equal(t, rules.PromptChooseTemple, fresh.Prompt(), "the original did not move")
}

func TestViewHidesFaceDownRooms(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "forest", 1)
	v := g.View(0)
	up, down := 0, 0
	for r := 0; r < v.Rows(); r++ {
		for c := 0; c < v.Cols(); c++ {
			if rv := v.Room(r, c); rv.FaceUp {
				up++
				assert.NotNil(t, rv.Tile)
			} else {
				down++
				assert.Nil(t, rv.Tile, "a face-down room shows nothing")
			}
		}
	}
	assert.Equal(t, 1, up, "only the entrance is face up at the start")
	assert.Equal(t, 24, down)
	h := v.Hero(0)
	assert.Len(t, h.Hand, 5)
	// 18 Skill cards and 2 Items (fewer if a "when gained" Item took effect as it was drawn).
	assert.GreaterOrEqual(t, h.Deck+len(h.Hand), 18)
	assert.LessOrEqual(t, h.Deck+len(h.Hand), 20)
}

// TestBoardStampNamesTheBoard checks View.BoardStamp and View.RoomStamp over random play:
// whenever the board's stamp is the one of the decision before (and not 0), the board is as it
// was then, and so is every room whose stamp is.
func TestBoardStampNamesTheBoard(t *testing.T) {
	var prev rules.Grid
	var stamp uint64
	var rooms [rules.MaxRows][rules.MaxCols]rules.RoomView
	var stamps [rules.MaxRows][rules.MaxCols]uint64
	kept := 0
	decisions(configstest.Frozen(t), 200, 11, 3, func(g *rules.Game, at step, legal []rules.Action, r *rand.Rand) rules.Action {
		v := g.View(0)
		s := v.BoardStamp()
		if at.k > 0 && s != 0 && s == stamp && *g.Grid() != prev {
			t.Fatalf("%dp campaign %d action %d: the board changed, its stamp did not", at.players, at.campaign, at.k)
		}
		for row := 0; row < v.Rows(); row++ {
			for col := 0; col < v.Cols(); col++ {
				rs, rv := v.RoomStamp(row, col), v.Room(row, col)
				if at.k > 0 && rs != 0 && rs == stamps[row][col] {
					if rv != rooms[row][col] {
						t.Fatalf("%dp campaign %d action %d: the room at (%d, %d) changed, its stamp did not", at.players, at.campaign, at.k, row, col)
					}
					if s != stamp {
						kept++ // the board changed, this room did not
					}
				}
				rooms[row][col], stamps[row][col] = rv, rs
			}
		}
		prev, stamp = *g.Grid(), s
		if legal == nil {
			return 0
		}
		return uniform(r, legal)
	})
	if kept < 10000 {
		t.Errorf("only %d rooms kept their stamp through a change of the board: the test checks too little", kept)
	}
}
