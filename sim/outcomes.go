package sim

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Outcome is the compact record of one played episode, two bytes: whether it was played,
// whether the seat or team the group is judged for won, up to OutcomeParts part results (bit p-1
// for part p) and a small score, both named by the game (Clockwork Realm: the four levels won,
// and the Triforce Shards the team held at the end). The zero Outcome stands for an episode that
// was not played (an interrupted or early-stopped run). Run records one per episode when
// Config.Outcomes is set (Group.Outcomes).
type Outcome uint16

// OutcomeParts is how many part results an Outcome holds.
const OutcomeParts = 4

// The bits of an Outcome.
const (
	outcomeParts      = 1<<OutcomeParts - 1 // bit p-1: part p (Clockwork: level p) won
	outcomeWon        = 1 << OutcomeParts   // the episode won (Clockwork: Ganon defeated)
	outcomePlayed     = outcomeWon << 1     // the episode was played
	outcomeScoreShift = OutcomeParts + 2

	// MaxOutcomeScore is the largest score an Outcome holds; a larger one is recorded as this
	// (Clockwork: the team cannot hold more than 4 heroes × 127 Shards).
	MaxOutcomeScore = 1<<(16-outcomeScoreShift) - 1
)

// NewOutcome returns the Outcome of a played episode: won is its result, parts has bit p-1 set
// when part p (Clockwork: level p, 1-4) was won, and score (Clockwork: the Shards at the end) is
// clamped to [0, MaxOutcomeScore].
func NewOutcome(won bool, parts uint8, score int) Outcome {
	o := outcomePlayed | Outcome(parts)&outcomeParts
	if won {
		o |= outcomeWon
	}
	return o | Outcome(min(max(score, 0), MaxOutcomeScore))<<outcomeScoreShift
}

// Played reports whether the episode was played (false for the zero Outcome).
func (o Outcome) Played() bool { return o&outcomePlayed != 0 }

// Won reports whether the seat or team the group is judged for won the episode.
func (o Outcome) Won() bool { return o&outcomeWon != 0 }

// Parts returns the parts won as bits: bit p-1 for part p (1 to OutcomeParts; Clockwork: the
// levels).
func (o Outcome) Parts() uint8 { return uint8(o & outcomeParts) }

// PartWon reports whether part p (1 to OutcomeParts; Clockwork: level p) was won.
func (o Outcome) PartWon(p int) bool {
	return p >= 1 && p <= OutcomeParts && o&(1<<(p-1)) != 0
}

// Score returns the episode's score (Clockwork: the Triforce Shards the team held at the end),
// in [0, MaxOutcomeScore].
func (o Outcome) Score() int { return int(o >> outcomeScoreShift) }

// OutcomesHeader is the start of the header of every game's outcomes file as written now
// (version 3, docs/results.md): the game's name, the group, the episode's index and whether
// the judged seat or team won; the game's own columns follow (OutcomeColumns: Clockwork Realm's
// level1 to level4 and shards).
const OutcomesHeader = "game,players,agent,params,episode,won"

// OutcomesHeaderV2 is the header of Clockwork Realm's outcomes files of version 2 (no game
// column, "campaign" for the episode). ReadOutcomes still reads them; nothing writes them.
const OutcomesHeaderV2 = "players,agent,params,campaign,won,level1,level2,level3,level4,shards"

// OutcomesHeaderV1 is the header of the Clockwork Realm outcomes files written before version 2:
// the levels won in one column of four characters 0 or 1 (levels_won, "1101"). ReadOutcomes still
// reads them; nothing writes them.
const OutcomesHeaderV1 = "players,agent,params,campaign,won,levels_won,shards"

// GameOutcomesHeaderV1 is the header of the other games' outcomes files before version 3
// ("index" for the episode). ReadOutcomes still reads them; nothing writes them.
const GameOutcomesHeaderV1 = "game,players,agent,params,index,won"

// OutcomeColumns are the columns of game's outcomes file after OutcomesHeader: one 0/1 column
// per part the game names (Descriptor.PartColumns) and its score's (Descriptor.ScoreColumn).
func OutcomeColumns(game string) []string {
	d, _ := DescriptorOf(game)
	out := append([]string(nil), d.PartColumns...)
	if d.ScoreColumn != "" {
		out = append(out, d.ScoreColumn)
	}
	return out
}

// OutcomeFile is an outcomes file: the outcome of every campaign played, by group.
type OutcomeFile struct {
	// Game is the file's game ("" for Clockwork Realm, whose files name none).
	Game string
	// Groups are sorted by player count, then params.
	Groups []*OutcomeGroup
}

// OutcomeGroup is the campaigns of one player count and params in an outcomes file.
type OutcomeGroup struct {
	Players int
	Agent   string
	Params  string // "k1=v1;k2=v2" with the keys sorted (ParamsText), "" for none
	// Episodes are the campaign indexes, ascending and distinct; Outcomes[i] is the outcome of
	// campaign Episodes[i].
	Episodes []uint64
	Outcomes []Outcome
}

// outcomeRows is one group to write: n lines, the i-th of campaign index and outcome at(i).
type outcomeRows struct {
	players       int
	agent, params string
	n             int
	at            func(i int) (uint64, Outcome)
}

// WriteOutcomes writes the outcomes of r's groups (recorded by Run with Config.Outcomes) as an
// outcomes file: the header, then one line per campaign played, sorted by player count, then
// params, then campaign index, so the bytes do not depend on the worker count. A group without
// recorded outcomes is an error.
func WriteOutcomes(w io.Writer, r *Results) error {
	count := max(r.Shard.Count, 1)
	var groups []outcomeRows
	for _, g := range r.Groups {
		if g.Outcomes == nil && g.Episodes > 0 {
			return fmt.Errorf("the %d-player group has no outcomes recorded", g.Players)
		}
		outs := g.Outcomes
		groups = append(groups, outcomeRows{players: g.Players, agent: labelOf(r.Game, g.Agent, g.Strategies), params: ParamsText(g.Params),
			n: len(outs), at: func(i int) (uint64, Outcome) { return uint64(r.Shard.Index + i*count), outs[i] }})
	}
	return writeOutcomeRows(w, r.Game, groups)
}

// WriteOutcomesFile writes the outcomes file of r (WriteOutcomes) to path through WriteAtomicTo.
func (r *Results) WriteOutcomesFile(path string) error {
	return WriteAtomicTo(path, func(w io.Writer) error { return WriteOutcomes(w, r) })
}

// Write writes f as an outcomes file (the header, then its groups' lines in order).
func (f *OutcomeFile) Write(w io.Writer) error {
	groups := make([]outcomeRows, len(f.Groups))
	for gi, g := range f.Groups {
		groups[gi] = outcomeRows{players: g.Players, agent: g.Agent, params: g.Params, n: len(g.Episodes),
			at: func(i int) (uint64, Outcome) { return g.Episodes[i], g.Outcomes[i] }}
	}
	return writeOutcomeRows(w, f.Game, groups)
}

// WriteFile writes f to path through WriteAtomicTo.
func (f *OutcomeFile) WriteFile(path string) error {
	return WriteAtomicTo(path, f.Write)
}

// writeOutcomeRows writes the header and the played campaigns of groups of game ("" for
// Clockwork Realm), sorted by player count and params (a stable sort: the campaigns of a group
// are already in order).
func writeOutcomeRows(w io.Writer, game string, groups []outcomeRows) error {
	sort.SliceStable(groups, func(i, j int) bool {
		if groups[i].players != groups[j].players {
			return groups[i].players < groups[j].players
		}
		return groups[i].params < groups[j].params
	})
	d, _ := DescriptorOf(game)
	header := strings.Join(append(strings.Split(OutcomesHeader, ","), OutcomeColumns(game)...), ",")
	if _, err := io.WriteString(w, header+"\n"); err != nil {
		return err
	}
	line := make([]byte, 0, 256)
	for _, g := range groups {
		// The first fields, quoted as encoding/csv quotes them (params may hold commas).
		var pre bytes.Buffer
		cw := csv.NewWriter(&pre)
		cw.Write([]string{d.Name, strconv.Itoa(g.players), g.agent, g.params, ""})
		cw.Flush()
		prefix := bytes.TrimSuffix(pre.Bytes(), []byte("\n"))
		for i := 0; i < g.n; i++ {
			idx, o := g.at(i)
			if !o.Played() {
				continue
			}
			line = append(line[:0], prefix...)
			line = strconv.AppendUint(line, idx, 10)
			line = append(line, ',', bit(o.Won()))
			for p := 1; p <= len(d.PartColumns); p++ {
				line = append(line, ',', bit(o.PartWon(p)))
			}
			if d.ScoreColumn != "" {
				line = append(line, ',')
				line = strconv.AppendInt(line, int64(o.Score()), 10)
			}
			line = append(line, '\n')
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
	}
	return nil
}

// bit is '1' for true and '0' for false.
func bit(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}

// ReadOutcomesFile reads an outcomes file (ReadOutcomes).
func ReadOutcomesFile(path string) (*OutcomeFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadOutcomes(f, path)
}

// ReadOutcomes reads an outcomes file, naming it name in errors ("name:line: field: what is
// wrong"): any game's of version 3 (OutcomesHeader and the game's OutcomeColumns), or of an
// earlier version (Clockwork Realm's OutcomesHeaderV2 and OutcomesHeaderV1, the other games'
// GameOutcomesHeaderV1). It checks the header and every field, and that an episode index
// appears at most once per player count, agent and params (a ladder's file holds several
// agents). Lines may come in any order; the groups and their episodes are returned sorted.
func ReadOutcomes(r io.Reader, name string) (*OutcomeFile, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	rec, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: empty, expected the outcomes header %q", name, OutcomesHeader)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: not an outcomes file: %v", name, err)
	}
	v3 := strings.Split(OutcomesHeader, ",")
	switch {
	case len(rec) >= len(v3) && slices.Equal(rec[:len(v3)], v3):
		return readGameOutcomes(cr, name, slices.Clone(rec))
	case slices.Equal(rec, strings.Split(GameOutcomesHeaderV1, ",")):
		return readGameOutcomes(cr, name, slices.Clone(rec))
	case slices.Equal(rec, strings.Split(OutcomesHeaderV2, ",")):
		return readClockworkOutcomes(cr, name, OutcomesHeaderV2, levelColumns)
	case slices.Equal(rec, strings.Split(OutcomesHeaderV1, ",")):
		return readClockworkOutcomes(cr, name, OutcomesHeaderV1, levelsWonColumn)
	}
	return nil, fmt.Errorf("%s:1: not an outcomes file: the header is %q, expected one starting %q", name, strings.Join(rec, ","), OutcomesHeader)
}

// levelsReader reads the levels won from the fields of a Clockwork outcomes line after won (one
// field a level, or one of four characters), returning them as bits and the fields after them,
// or the name of the field that is wrong and what is wrong with it.
type levelsReader func(rec []string) (levels uint8, rest []string, field, problem string)

// levelColumns reads version 2: level1 to level4, each 0 or 1.
func levelColumns(rec []string) (uint8, []string, string, string) {
	var levels uint8
	for i := 0; i < OutcomeParts; i++ {
		switch rec[i] {
		case "1":
			levels |= 1 << i
		case "0":
		default:
			return 0, nil, "level" + strconv.Itoa(i+1), fmt.Sprintf("%q is not 0 or 1", rec[i])
		}
	}
	return levels, rec[OutcomeParts:], "", ""
}

// levelsWonColumn reads version 1: levels_won, four characters 0 or 1 (levels 1 to 4).
func levelsWonColumn(rec []string) (uint8, []string, string, string) {
	bad := fmt.Sprintf("%q is not %d characters 0 or 1 (levels 1 to %d)", rec[0], OutcomeParts, OutcomeParts)
	if len(rec[0]) != OutcomeParts {
		return 0, nil, "levels_won", bad
	}
	var levels uint8
	for i := 0; i < OutcomeParts; i++ {
		switch rec[0][i] {
		case '1':
			levels |= 1 << i
		case '0':
		default:
			return 0, nil, "levels_won", bad
		}
	}
	return levels, rec[1:], "", ""
}

// readClockworkOutcomes reads the lines of a Clockwork Realm outcomes file (after its header,
// header), reading the levels won with readLevels.
func readClockworkOutcomes(cr *csv.Reader, name, header string, readLevels levelsReader) (*OutcomeFile, error) {
	def, _ := DescriptorOf(DefaultGame)
	f := &OutcomeFile{}
	err := eachRecord(cr, name, header, func(rec []string, bad badField) error {
		players, err := strconv.Atoi(rec[0])
		if err != nil || players < def.MinPlayers || players > def.MaxPlayers {
			return bad("players", "%q is not 2, 3 or 4", rec[0])
		}
		if rec[1] == "" {
			return bad("agent", "empty")
		}
		idx, err := strconv.ParseUint(rec[3], 10, 64)
		if err != nil {
			return bad("campaign", "%q is not a campaign index (a whole number from 0)", rec[3])
		}
		if rec[4] != "0" && rec[4] != "1" {
			return bad("won", "%q is not 0 or 1", rec[4])
		}
		levels, rest, field, problem := readLevels(rec[5:])
		if field != "" {
			return bad(field, "%s", problem)
		}
		shards, err := strconv.Atoi(rest[0])
		if err != nil || shards < 0 || shards > MaxOutcomeScore {
			return bad("shards", "%q is not a number of Shards (0 to %d)", rest[0], MaxOutcomeScore)
		}
		if err := f.add(players, rec[1], rec[2], idx, NewOutcome(rec[4] == "1", levels, shards)); err != nil {
			return bad("campaign", "%v", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return f.finish(name)
}

// readGameOutcomes reads the lines of an outcomes file that names its game on every line
// (after its header, header): version 3, any game, with the game's own columns after won; or
// version 1 of the games other than Clockwork Realm ("index", no columns of its own). Every
// line is of one game, a known one.
func readGameOutcomes(cr *csv.Reader, name string, header []string) (*OutcomeFile, error) {
	f := &OutcomeFile{}
	var c Descriptor
	episode, extra, v1 := header[4], header[6:], header[4] == "index"
	err := eachRecord(cr, name, strings.Join(header, ","), func(rec []string, bad badField) error {
		var err error
		switch {
		case f.Game == "" && c.Name == "":
			if c, err = DescriptorOf(rec[0]); err != nil || v1 && rec[0] == DefaultGame {
				return bad("game", "%q is not a game whose outcomes are written this way", rec[0])
			}
			if want := OutcomeColumns(rec[0]); !slices.Equal(extra, want) {
				return bad("game", "%s's outcomes have the columns %q after won, the header %q", rec[0], strings.Join(want, ","), strings.Join(extra, ","))
			}
			f.Game = FileGame(strings.Clone(rec[0]))
		case rec[0] != c.Name:
			return bad("game", "%q, but the file's first line is of %s", rec[0], c.Name)
		}
		players, err := strconv.Atoi(rec[1])
		if err != nil || players < c.MinPlayers || players > c.MaxPlayers {
			return bad("players", "%q is not %d to %d", rec[1], c.MinPlayers, c.MaxPlayers)
		}
		if rec[2] == "" {
			return bad("agent", "empty")
		}
		idx, err := strconv.ParseUint(rec[4], 10, 64)
		if err != nil {
			return bad(episode, "%q is not an episode index (a whole number from 0)", rec[4])
		}
		if rec[5] != "0" && rec[5] != "1" {
			return bad("won", "%q is not 0 or 1", rec[5])
		}
		var parts uint8
		for p, col := range c.PartColumns {
			switch rec[6+p] {
			case "1":
				parts |= 1 << p
			case "0":
			default:
				return bad(col, "%q is not 0 or 1", rec[6+p])
			}
		}
		score := 0
		if c.ScoreColumn != "" {
			v := rec[6+len(c.PartColumns)]
			if score, err = strconv.Atoi(v); err != nil || score < 0 || score > MaxOutcomeScore {
				return bad(c.ScoreColumn, "%q is not a whole number from 0 to %d", v, MaxOutcomeScore)
			}
		}
		if err := f.add(players, rec[2], rec[3], idx, NewOutcome(rec[5] == "1", parts, score)); err != nil {
			return bad(episode, "%v", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return f.finish(name)
}

// badField makes the error of one field of the line being read: "file:line: field: problem".
type badField func(field, format string, args ...any) error

// eachRecord reads the lines of an outcomes file after its header, refusing a line whose number
// of fields is not the header's, and calls each with every line and its error maker, stopping
// at the first error.
func eachRecord(cr *csv.Reader, name, header string, each func(rec []string, bad badField) error) error {
	n := len(strings.Split(header, ","))
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		line, _ := cr.FieldPos(0)
		bad := func(field, format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s: %s", name, line, field, fmt.Sprintf(format, args...))
		}
		if len(rec) != n {
			return bad("line", "%d fields, expected %d (%s)", len(rec), n, header)
		}
		if err := each(rec, bad); err != nil {
			return err
		}
	}
}

// add adds the outcome o of episode idx to the group of players, agent and params (made when it
// is the first), refusing an index that the group's last line already had.
func (f *OutcomeFile) add(players int, agent, params string, idx uint64, o Outcome) error {
	var g *OutcomeGroup
	for _, x := range f.Groups {
		if x.Players == players && x.Agent == agent && x.Params == params {
			g = x
			break
		}
	}
	if g == nil {
		g = &OutcomeGroup{Players: players, Agent: strings.Clone(agent), Params: strings.Clone(params)}
		f.Groups = append(f.Groups, g)
	}
	if n := len(g.Episodes); n > 0 && g.Episodes[n-1] == idx {
		return fmt.Errorf("episode %d of %s appears twice", idx, g.Label())
	}
	g.Episodes = append(g.Episodes, idx)
	g.Outcomes = append(g.Outcomes, o)
	return nil
}

// finish sorts the groups and their campaigns, refusing a campaign that appears twice.
func (f *OutcomeFile) finish(name string) (*OutcomeFile, error) {
	sortOutcomeGroups(f.Groups)
	for _, g := range f.Groups {
		if err := g.sortCampaigns(); err != nil {
			return nil, fmt.Errorf("%s: episode: %v", name, err)
		}
	}
	return f, nil
}

// sortCampaigns sorts the group's campaigns by index (when they are not already) and checks
// that none appears twice.
func (g *OutcomeGroup) sortCampaigns() error {
	if !slices.IsSorted(g.Episodes) {
		sort.Sort(byCampaign{g})
	}
	for i := 1; i < len(g.Episodes); i++ {
		if g.Episodes[i] == g.Episodes[i-1] {
			return fmt.Errorf("episode %d of %s appears twice", g.Episodes[i], g.Label())
		}
	}
	return nil
}

// byCampaign sorts a group's campaigns and outcomes together.
type byCampaign struct{ g *OutcomeGroup }

func (s byCampaign) Len() int           { return len(s.g.Episodes) }
func (s byCampaign) Less(i, j int) bool { return s.g.Episodes[i] < s.g.Episodes[j] }
func (s byCampaign) Swap(i, j int) {
	s.g.Episodes[i], s.g.Episodes[j] = s.g.Episodes[j], s.g.Episodes[i]
	s.g.Outcomes[i], s.g.Outcomes[j] = s.g.Outcomes[j], s.g.Outcomes[i]
}

// Label names the group in messages and tables: "3 players" or "3 players, params k=v".
func (g *OutcomeGroup) Label() string {
	if g.Params == "" {
		return fmt.Sprintf("%d players", g.Players)
	}
	return fmt.Sprintf("%d players, params %s", g.Players, g.Params)
}

// MergeOutcomes adds up outcomes files of the shards of one run (names are the files' names, for
// messages): the campaigns of groups with the same player count, agent and params are put
// together; no campaign may appear in two files. An outcomes file does
// not record the seed or the data, so the caller must know the files belong to one run.
func MergeOutcomes(files []*OutcomeFile, names []string) (*OutcomeFile, error) {
	if len(files) == 0 {
		return nil, errors.New("merge: no outcomes files")
	}
	type key struct {
		players       int
		agent, params string
	}
	byKey := map[key]*OutcomeGroup{}
	out := &OutcomeFile{Game: files[0].Game}
	for i, f := range files {
		if f.Game != out.Game {
			return nil, fmt.Errorf("merge: %s is of %s, but %s of %s", names[i], gameName(f.Game), names[0], gameName(out.Game))
		}
		for _, g := range f.Groups {
			k := key{g.Players, g.Agent, g.Params}
			m := byKey[k]
			if m == nil {
				m = &OutcomeGroup{Players: g.Players, Agent: g.Agent, Params: g.Params}
				byKey[k] = m
				out.Groups = append(out.Groups, m)
			}
			m.Episodes = append(m.Episodes, g.Episodes...)
			m.Outcomes = append(m.Outcomes, g.Outcomes...)
		}
	}
	sortOutcomeGroups(out.Groups)
	for _, g := range out.Groups {
		if err := g.sortCampaigns(); err != nil {
			return nil, fmt.Errorf("merge: episode: %v (the files overlap)", err)
		}
	}
	return out, nil
}

// IsOutcomesFile reports whether the file at path begins with an outcomes header of any version
// (false when it cannot be read).
func IsOutcomesFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 512)
	n, _ := io.ReadFull(f, buf)
	s := string(buf[:n])
	if strings.HasPrefix(s, OutcomesHeader) && (len(s) == len(OutcomesHeader) || strings.ContainsRune(",\r\n", rune(s[len(OutcomesHeader)]))) {
		return true
	}
	for _, h := range []string{OutcomesHeaderV2, OutcomesHeaderV1, GameOutcomesHeaderV1} {
		if strings.HasPrefix(s, h) && (len(s) == len(h) || s[len(h)] == '\n' || s[len(h)] == '\r') {
			return true
		}
	}
	return false
}

// sortOutcomeGroups orders groups by player count, then params: the file's order.
func sortOutcomeGroups(gs []*OutcomeGroup) {
	sort.SliceStable(gs, func(i, j int) bool {
		if gs[i].Players != gs[j].Players {
			return gs[i].Players < gs[j].Players
		}
		return gs[i].Params < gs[j].Params
	})
}
