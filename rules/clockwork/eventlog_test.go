package clockwork_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// The event log's contract (docs/events.md, schema clockwork.events/v2): no object repeats a
// key, every line has ev and c, and a reader who applies every line from campaign_start on
// knows each hero's Shards, Time tokens, hearts, Heart Containers, Pieces of Heart and card
// counts exactly. The tests below read the log as JSON text only, never the Event structs, so
// that they prove the log itself is complete.

// duplicateKey returns an error naming the first key that an object of the JSON text repeats
// (at any depth), or a syntax error.
func duplicateKey(line []byte) error {
	type frame struct {
		object    bool
		keys      map[string]bool
		expectKey bool
	}
	var stack []*frame
	dec := json.NewDecoder(bytes.NewReader(line))
	valueDone := func() { // a value of the innermost container is complete
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].expectKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, &frame{object: true, keys: map[string]bool{}, expectKey: true})
			case '[':
				stack = append(stack, &frame{})
			default:
				stack = stack[:len(stack)-1]
				if len(stack) == 0 {
					return nil // the line's object is complete (reading on to EOF costs a scanner error)
				}
				valueDone()
			}
		case string:
			if top != nil && top.object && top.expectKey {
				if top.keys[v] {
					return fmt.Errorf("key %q repeated", v)
				}
				top.keys[v] = true
				top.expectKey = false
				continue
			}
			valueDone()
		default:
			valueDone()
		}
	}
}

func TestDuplicateKeyCheck(t *testing.T) {
	for _, c := range []struct {
		line string
		dup  bool
	}{
		{`{"ev":"x","c":1,"at":{"r":1,"c":2}}`, false},
		{`{"a":[{"b":1},{"b":2}],"b":{"a":{"a":1}}}`, false},
		{`{"ev":"explore","c":0,"r":1,"c":2}`, true},
		{`{"a":{"x":1,"y":[1,2],"x":3}}`, true},
		{`{"a":[{"k":"k","k":1}]}`, true},
	} {
		if err := duplicateKey([]byte(c.line)); (err != nil) != c.dup {
			t.Errorf("%s: got %v, want duplicate %v", c.line, err, c.dup)
		}
	}
}

// trackedHero is what a log reader knows of a hero.
type trackedHero struct {
	Deck, Hand, Discard, Equipped            int
	Hearts, Containers, Pieces, Shards, Time int
	Bottle                                   bool
}

// tracker follows the heroes from the log's lines alone.
type tracker struct {
	heroes []trackedHero
}

// line is one parsed line of the log.
type line map[string]any

func (l line) str(k string) string {
	s, _ := l[k].(string)
	return s
}

func (l line) num(k string) int {
	f, _ := l[k].(float64)
	return int(f)
}

func (l line) has(k string) bool {
	_, ok := l[k]
	return ok
}

func (l line) list(k string) []any {
	v, _ := l[k].([]any)
	return v
}

// snapshotHero reads one hero of campaign_start's or level_start's heroes.
func snapshotHero(v any) trackedHero {
	m := line(v.(map[string]any))
	return trackedHero{Deck: m.num("deck"), Hand: m.num("hand"), Discard: m.num("discard"), Equipped: m.num("equipped"),
		Hearts: m.num("hearts"), Containers: m.num("containers"), Pieces: m.num("pieces"), Shards: m.num("shards"),
		Time: m.num("time_tokens"), Bottle: m.str("bottle") != ""}
}

// expect returns an error when the tracked value differs from the value a line states.
func expect(field string, tracked, stated int) error {
	if tracked != stated {
		return fmt.Errorf("%s: tracked %d, the line says %d", field, tracked, stated)
	}
	return nil
}

// apply applies one line of the log. It checks the totals a line states against the tracked
// values, and returns the first disagreement.
func (t *tracker) apply(l line) error {
	ev := l.str("ev")
	if ev == "campaign_start" {
		t.heroes = t.heroes[:0]
		for _, v := range l.list("heroes") {
			t.heroes = append(t.heroes, snapshotHero(v))
		}
		if l.num("players") != len(t.heroes) || l.str("schema") != rules.EventSchema {
			return fmt.Errorf("campaign_start: %d players, %d heroes, schema %q", l.num("players"), len(t.heroes), l.str("schema"))
		}
		return nil
	}
	if len(t.heroes) == 0 {
		return fmt.Errorf("%s before campaign_start", ev)
	}
	var h *trackedHero
	if l.has("hero") {
		i := l.num("hero")
		if i < 0 || i >= len(t.heroes) {
			return fmt.Errorf("hero %d out of range", i)
		}
		h = &t.heroes[i]
	}
	need := func() error {
		if h == nil {
			return fmt.Errorf("%s without hero", ev)
		}
		return nil
	}
	leave := func(from string) error { // a card leaves the hand or the equipment
		switch from {
		case "hand":
			h.Hand--
		case "equipped":
			h.Equipped--
		default:
			return fmt.Errorf("%s from %q", ev, from)
		}
		return nil
	}
	switch ev {
	case "level_start":
		for i, v := range l.list("heroes") {
			s := snapshotHero(v)
			if s != t.heroes[i] {
				return fmt.Errorf("level_start hero %d: tracked %+v, the line says %+v", i, t.heroes[i], s)
			}
		}
	case "gather":
		if err := need(); err != nil {
			return err
		}
		if err := expect("gather hand", h.Hand, l.num("hand")); err != nil {
			return err
		}
		if err := expect("gather discard", h.Discard, l.num("discard")); err != nil {
			return err
		}
		h.Deck += h.Hand + h.Discard
		h.Hand, h.Discard = 0, 0
		return expect("deck", h.Deck, l.num("deck"))
	case "draw":
		if err := need(); err != nil {
			return err
		}
		h.Deck -= l.num("n")
		h.Hand += l.num("n")
		for _, e := range []error{expect("hand", h.Hand, l.num("hand")), expect("deck", h.Deck, l.num("deck")),
			expect("hearts", h.Hearts, l.num("hearts")), expect("containers", h.Containers, l.num("containers"))} {
			if e != nil {
				return e
			}
		}
	case "reshuffle":
		if err := need(); err != nil {
			return err
		}
		if err := expect("reshuffle n", h.Discard, l.num("n")); err != nil {
			return err
		}
		h.Deck += h.Discard
		h.Discard = 0
		switch l.str("via") {
		case "time_token":
			h.Time--
		case "shard":
			h.Shards--
		default:
			return fmt.Errorf("reshuffle via %q", l.str("via"))
		}
	case "play", "use":
		if err := need(); err != nil {
			return err
		}
		from, to := l.str("from"), l.str("to")
		switch {
		case to == "exhausted" && from == "equipped":
		case to == "discard" || to == "used":
			if err := leave(from); err != nil {
				return err
			}
			if to == "discard" {
				h.Discard++
			}
		default:
			return fmt.Errorf("%s from %q to %q", ev, from, to)
		}
	case "give":
		if err := need(); err != nil {
			return err
		}
		if err := leave(l.str("from")); err != nil {
			return err
		}
		to := l.num("to")
		if to < 0 || to >= len(t.heroes) {
			return fmt.Errorf("give to %d", to)
		}
		t.heroes[to].Hand++
	case "discard":
		if err := need(); err != nil {
			return err
		}
		n := l.num("n")
		switch l.str("from") {
		case "hand":
			h.Hand -= n
		case "equipped":
			h.Equipped -= n
		case "deck":
			h.Deck -= n
		default:
			return fmt.Errorf("discard from %q", l.str("from"))
		}
		h.Discard += n
	case "equip":
		if err := need(); err != nil {
			return err
		}
		switch l.str("from") {
		case "hand":
			h.Hand--
		case "gain":
		default:
			return fmt.Errorf("equip from %q", l.str("from"))
		}
		h.Equipped++
		if err := expect("equipped", h.Equipped, l.num("equipped")); err != nil {
			return err
		}
		return expect("shards", h.Shards, l.num("shards"))
	case "gain":
		if err := need(); err != nil {
			return err
		}
		switch l.str("to") {
		case "deck":
			h.Deck++
		case "discard":
			h.Discard++
		case "equipped", "used": // an equip event follows / it takes effect and is thrown away
		default:
			return fmt.Errorf("gain to %q", l.str("to"))
		}
	case "bottle":
		if err := need(); err != nil {
			return err
		}
		switch l.str("op") {
		case "filled":
			h.Bottle = true
		case "used", "thrown_away":
			if !h.Bottle {
				return fmt.Errorf("bottle %s: nothing on the Bottle", l.str("op"))
			}
			h.Bottle = false
		default:
			return fmt.Errorf("bottle op %q", l.str("op"))
		}
	case "heal":
		if err := need(); err != nil {
			return err
		}
		h.Hearts += l.num("amount")
		return expect("hearts", h.Hearts, l.num("hearts"))
	case "damage_roll":
		if err := need(); err != nil {
			return err
		}
		h.Hearts = max(0, h.Hearts-l.num("lost"))
		return expect("hearts", h.Hearts, l.num("hearts"))
	case "ability":
		if err := need(); err != nil {
			return err
		}
		h.Hearts -= l.num("hearts_lost")
		h.Time -= l.num("time_tokens_lost")
	case "time_token":
		if err := need(); err != nil {
			return err
		}
		h.Time += l.num("delta")
		return expect("time tokens", h.Time, l.num("total"))
	case "piece_of_heart":
		if err := need(); err != nil {
			return err
		}
		h.Pieces = l.num("pieces")
	case "heart_container":
		if err := need(); err != nil {
			return err
		}
		h.Containers++
		h.Hearts = h.Containers
		if err := expect("containers", h.Containers, l.num("containers")); err != nil {
			return err
		}
		return expect("hearts", h.Hearts, l.num("hearts"))
	case "boss_defeated":
		for _, v := range l.list("shards_to") {
			i := int(v.(float64))
			if i < 0 || i >= len(t.heroes) {
				return fmt.Errorf("shards_to %d", i)
			}
			t.heroes[i].Shards++
		}
	case "campaign_end":
		for i, v := range l.list("shards") {
			if err := expect(fmt.Sprintf("hero %d shards", i), t.heroes[i].Shards, int(v.(float64))); err != nil {
				return err
			}
		}
	}
	return nil
}

// compare returns the first field where the tracked heroes differ from the game's.
func (t *tracker) compare(g *rules.Game) error {
	for i := range t.heroes {
		h := g.Hero(i)
		tr := t.heroes[i]
		for _, f := range []struct {
			name          string
			tracked, game int
		}{
			{"shards", tr.Shards, int(h.Shards)}, {"time tokens", tr.Time, int(h.Time)},
			{"hearts", tr.Hearts, int(h.Hearts)}, {"containers", tr.Containers, int(h.Containers)},
			{"pieces", tr.Pieces, int(h.Pieces)}, {"deck", tr.Deck, h.Deck.Len()}, {"hand", tr.Hand, int(h.HandN)},
			{"discard", tr.Discard, h.Discard.Len()}, {"equipped", tr.Equipped, int(h.EquipN)},
		} {
			if f.tracked != f.game {
				return fmt.Errorf("hero %d %s: the log says %d, the game has %d", i, f.name, f.tracked, f.game)
			}
		}
		if tr.Bottle != (h.Bottle != rules.NoCard) {
			return fmt.Errorf("hero %d bottle: the log says %v, the game has %v", i, tr.Bottle, h.Bottle != rules.NoCard)
		}
	}
	return nil
}

// trackingSink renders every event as JSON, checks the line's keys, applies it to a tracker
// and, at every level_end and campaign_end, compares the tracker with the game. It stops at
// the first failure (err).
type trackingSink struct {
	d     *rules.Data
	g     *rules.Game
	label string // the campaign, for messages
	// keysAll makes every line's keys checked (else only the first lines of each type).
	keysAll bool
	buf     []byte
	n       int // lines of this campaign
	tr      tracker
	seen    [rules.NumEventTypes]int
	err     error
}

func (s *trackingSink) start(label string) { s.label, s.n = label, 0 }

func (s *trackingSink) Emit(e *rules.Event) {
	if s.err != nil {
		return
	}
	s.buf = e.AppendJSON(s.buf[:0], s.d, "test")
	s.n++
	fail := func(err error) { s.err = fmt.Errorf("%s, event line %d: %v\n%s", s.label, s.n, err, s.buf) }
	// The key check is slow (a token at a time): it reads every line of the first campaigns of
	// each run, and the first lines of every event type of all the others.
	if s.keysAll || s.seen[e.Type] < 100 {
		if err := duplicateKey(s.buf); err != nil {
			fail(err)
			return
		}
	}
	var l line
	if err := json.Unmarshal(s.buf, &l); err != nil {
		fail(err)
		return
	}
	if _, ok := l["ev"].(string); !ok {
		fail(fmt.Errorf("no ev"))
		return
	}
	if c, ok := l["c"].(float64); !ok || uint64(c) != e.Campaign {
		fail(fmt.Errorf("c is %v, want the campaign index %d", l["c"], e.Campaign))
		return
	}
	s.seen[e.Type]++
	if err := s.tr.apply(l); err != nil {
		fail(err)
		return
	}
	if ev := l.str("ev"); ev == "level_end" || ev == "campaign_end" {
		if err := s.tr.compare(s.g); err != nil {
			fail(fmt.Errorf("at %s: %v", ev, err))
		}
	}
}

// TestEventLogTracksHeroes plays random and planner campaigns at every player count and checks
// that a reader of the JSON log alone tracks every hero exactly (trackingSink).
func TestEventLogTracksHeroes(t *testing.T) {
	random, planned := 300, 12
	if testing.Short() {
		random, planned = 30, 3
	}
	type run struct {
		name string
		sets []string
		n    int
	}
	runs := []run{{"biased", nil, random}, {"uniform", nil, random / 3}, {"planner", nil, planned}, {"rusher", nil, planned},
		{"biased-other-readings", []string{"rules.heal_between_levels=false", "rules.forced_discard_reshuffle=false",
			"rules.boss_room_revealed_before_key=false", "rules.reshuffle_empty_item_deck=false", "rules.boss_attempts_per_round=2"}, random / 3},
		// Bottles and Hearts aplenty, so that Hearts and Fairies go on Bottles and come off them.
		{"planner-bottles", []string{"treasures.bottle.count=10", "items.heart.count=20", "items.fairy.count=10"}, planned}}
	var seen [rules.NumEventTypes]int
	for _, r := range runs {
		d := configstest.Frozen(t, r.sets...)
		for players := 2; players <= 4; players++ {
			var g rules.Game
			s := &trackingSink{d: d, g: &g}
			g.SetSink(s)
			var agent agents.Agent
			if name, _, _ := strings.Cut(r.name, "-"); name == "planner" || name == "rusher" {
				a, err := agents.New(name, strategies.Defaults())
				if err != nil {
					t.Fatal(err)
				}
				agent = a
			}
			buf := make([]rules.Action, 0, 1024)
			for i := 0; i < r.n; i++ {
				seed := chance.EpisodeSeed(77, uint64(i))
				s.start(fmt.Sprintf("%s %dp campaign %d", r.name, players, i))
				s.keysAll = i < 10
				g.Reset(d, players, seed, uint64(i))
				rng := rand.New(rand.NewPCG(seed, 31))
				if agent != nil {
					agent.Reset(seed)
				}
				level, actions := g.Level(), 0
				for !g.IsTerminal() && s.err == nil {
					if g.Level() != level {
						level, actions = g.Level(), 0
					}
					if g.Round() > 60 || actions > 20000 { // the simulator's safety net: a timeout
						g.EndLevelTimeout()
						continue
					}
					buf = g.LegalActions(buf)
					var a rules.Action
					switch {
					case agent != nil:
						a = agent.Choose(g.View(0), buf)
					case r.name == "uniform":
						a = uniform(rng, buf)
					default:
						a = biased(rng, buf)
					}
					g.Apply(a)
					actions++
				}
				if s.err != nil {
					t.Fatal(s.err)
				}
			}
			for k, v := range s.seen {
				seen[k] += v
			}
		}
	}
	var missing []string
	for _, ev := range []rules.EventType{rules.EvAbility, rules.EvDiscard, rules.EvGather, rules.EvHeal,
		rules.EvPieceOfHeart, rules.EvHeartContainer, rules.EvReward, rules.EvGain, rules.EvEquip, rules.EvGive,
		rules.EvReshuffle, rules.EvKilled, rules.EvBossDefeated, rules.EvTimeToken, rules.EvUse, rules.EvRollOff, rules.EvBottle} {
		if seen[ev] == 0 {
			missing = append(missing, rules.EventNames[ev])
		}
	}
	if len(missing) > 0 && !testing.Short() {
		t.Errorf("the campaigns never reached %s", strings.Join(missing, ", "))
	}
	for k, v := range seen {
		if k > 0 {
			t.Logf("%-18s %d", rules.EventNames[k], v)
		}
	}
}
