package duels

import (
	"bytes"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// A matrix is told from other files by its groups: every group names its map and teams, and
// every pair of the teams was played on every map.
func TestIsMatrix(t *testing.T) {
	if !IsMatrix(fixtureResults(t)) || !IsMatrix(matrixSweep(t)) || !IsMatrix(bigMatrix(t)) {
		t.Error("the fixture, its sweep and the big matrix are matrices")
	}
	one := fixtureResults(t)
	one.Groups = one.Groups[1:2]
	if IsMatrix(one) {
		t.Error("a single match-up is a matrix")
	}
	holed := fixtureResults(t)
	holed.Groups = append(holed.Groups[:7], holed.Groups[8:]...) // leever_desert without link-zelda
	if IsMatrix(holed) {
		t.Error("a matrix missing a pair on a map is a matrix")
	}
	unnamed := fixtureResults(t)
	delete(unnamed.Groups[0].Params, ParamMap)
	if IsMatrix(unnamed) {
		t.Error("a file whose group does not name its map is a matrix")
	}
}

// TeamName names a team as people read it, from its id.
func TestTeamName(t *testing.T) {
	for id, want := range map[string]string{"link": "Link", "skull_kid": "Skull Kid", "iron_knuckle": "Iron Knuckle",
		"dark-link": "Dark Link", "": "?"} {
		if got := TeamName(id); got != want {
			t.Errorf("TeamName(%q) = %q, want %q", id, got, want)
		}
	}
}

// A matrix's report is titled a match-up matrix and opens with its answer: the headline is the
// tier list's sentence (the first and the last team, their rates over the matrix with their
// intervals and tiers), the first section the tier list with its chart, then the meta with its
// chart, then the matrix over all maps, then each map's. The terminal's short answer is the tier
// table.
func TestMatrixReportOpening(t *testing.T) {
	res := fixtureResults(t)
	if got, want := reports.Title(res), "Zelda Duels balance report: match-up matrix on data sha256:fixture"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	wantHead := "Link wins 61.3% [56.4-65.9] of its games against the other teams, the most (tier S), " +
		"and Zelda the least, 38.8% [34.1-43.6] (tier D)."
	if got := reports.Headline(res); got != wantHead {
		t.Errorf("headline %q\nwant     %q", got, wantHead)
	}
	var md bytes.Buffer
	if err := reports.Markdown(&md, res); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(md.String(), "\n")
	if lines[0] != "# Zelda Duels balance report: match-up matrix on data sha256:fixture" ||
		lines[2] != "**"+strings.NewReplacer("[", "\\[", "]", "\\]").Replace(wantHead)+"**" {
		t.Errorf("report.md opens\n%s", strings.Join(lines[:3], "\n"))
	}
	var heads []string
	for _, l := range lines {
		if strings.HasPrefix(l, "## ") {
			heads = append(heads, l)
		}
	}
	if strings.Join(heads[:4], " | ") != "## Tier list | ## Meta | ## Match-up matrix, all maps | ## Match-up matrix by map" {
		t.Errorf("sections %q", heads)
	}
	tier := strings.Index(md.String(), "## Tier list")
	if img := strings.Index(md.String(), "![Tier list: win rate over all match-ups](tier-list.png)"); img < tier ||
		img > strings.Index(md.String(), "## Meta") {
		t.Error("the tier-list chart is not in the first section")
	}
	if img := strings.Index(md.String(), "](meta.png)"); img < strings.Index(md.String(), "## Meta") ||
		img > strings.Index(md.String(), "## Match-up matrix, all maps") {
		t.Error("the meta chart is not in the meta's section")
	}
	var brief bytes.Buffer
	if err := reports.Brief(&brief, res); err != nil {
		t.Fatal(err)
	}
	if b := brief.String(); !strings.Contains(b, wantHead) || !strings.Contains(b, "\nTier list\n") ||
		strings.Index(b, "\nTier list\n") > strings.Index(b, "more table") {
		t.Errorf("the short answer is not the tier list:\n%s", b)
	}
}

// Sweeps and sensitivities over the matrix name it in their title and keep their own answer
// first; a single match-up keeps "run".
func TestMatrixTitles(t *testing.T) {
	if got := reports.Title(matrixSweep(t)); !strings.HasPrefix(got, "Zelda Duels balance report: sweep over the match-up matrix on data") {
		t.Errorf("sweep title %q", got)
	}
	sens := matrixSensitivity(t)
	if got := reports.Title(sens); !strings.HasPrefix(got, "Zelda Duels balance report: sensitivity over the match-up matrix on data") {
		t.Errorf("sensitivity title %q", got)
	}
	if h := reports.Headline(sens); !strings.HasPrefix(h, "At 2 players teams.link.characters.link.hp moves the matrix most") {
		t.Errorf("sensitivity headline %q", h)
	}
	var titles []string
	for _, s := range reports.Sections(sens, nil) {
		titles = append(titles, s.Title)
	}
	if strings.Join(titles[:4], " | ") != "What moves the matrix | Tier list | Meta | Match-up matrix, all maps" {
		t.Errorf("sensitivity sections %q", titles)
	}
	one := fixtureResults(t)
	one.Groups = one.Groups[1:2]
	if got := reports.Title(one); !strings.HasPrefix(got, "Zelda Duels balance report: run on data") {
		t.Errorf("one match-up's title %q", got)
	}
}

// report.csv of a matrix: a map column (each group's map), then after the groups' rows every
// team's rate over the matrix (all maps, then each map) and every cell of the matrix over all
// maps, in tier-list order, then the meta's rows (TestMetaCSV); a single match-up's CSV keeps
// its columns and has no such rows.
func TestMatrixCSV(t *testing.T) {
	rows := func(res *sim.Results) [][]string { return csvRecords(t, res) }
	recs := rows(fixtureResults(t))
	var pooled []string
	for _, r := range recs[1:] {
		if strings.HasPrefix(r[0], "team_matrix") || strings.HasPrefix(r[0], "matrix_") {
			pooled = append(pooled, strings.Join(r[:13], ",")) // then the unit and the run's columns
			if tail := strings.Join(r[13:], ","); tail != "fraction,1,v0.0.0-test,sha256:fixture,300,false" {
				t.Errorf("a pooled row's unit and run %s", tail)
			}
		}
	}
	want := []string{
		"team_matrix_win_rate,2,aggressive,,all,,link,,,0.6125,0.563903,0.658957,400",
		"team_matrix_win_rate,2,aggressive,,all,,ganon,,,0.495,0.446284,0.543811,400",
		"team_matrix_win_rate,2,aggressive,,all,,zelda,,,0.3875,0.341043,0.436097,400",
		"team_matrix_win_rate,2,aggressive,,lost_woods,,link,,,0.625,0.556143,0.689146,200",
		"team_matrix_win_rate,2,aggressive,,lost_woods,,ganon,,,0.44,0.372978,0.509283,200",
		"team_matrix_win_rate,2,aggressive,,lost_woods,,zelda,,,0.425,0.358536,0.494291,200",
		"team_matrix_win_rate,2,aggressive,,leever_desert,,link,,,0.6,0.530837,0.665394,200",
		"team_matrix_win_rate,2,aggressive,,leever_desert,,ganon,,,0.55,0.480756,0.617359,200",
		"team_matrix_win_rate,2,aggressive,,leever_desert,,zelda,,,0.35,0.287288,0.418365,200",
		"matrix_matchup_win_rate,2,aggressive,,all,,link,link,,0.5,0.403832,0.596168,100",
		"matrix_matchup_win_rate,2,aggressive,,all,,link,ganon,,0.55,0.480756,0.617359,200",
		"matrix_matchup_win_rate,2,aggressive,,all,,link,zelda,,0.675,0.60732,0.736084,200",
		"matrix_matchup_win_rate,2,aggressive,,all,,ganon,link,,0.44,0.372978,0.509283,200",
		"matrix_matchup_win_rate,2,aggressive,,all,,ganon,ganon,,0.48,0.384646,0.576834,100",
		"matrix_matchup_win_rate,2,aggressive,,all,,ganon,zelda,,0.55,0.480756,0.617359,200",
		"matrix_matchup_win_rate,2,aggressive,,all,,zelda,link,,0.325,0.263916,0.39268,200",
		"matrix_matchup_win_rate,2,aggressive,,all,,zelda,ganon,,0.45,0.382641,0.519244,200",
		"matrix_matchup_win_rate,2,aggressive,,all,,zelda,zelda,,0.5,0.403832,0.596168,100",
	}
	if strings.Join(pooled, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows over the matrix:\n%s\nwant\n%s", strings.Join(pooled, "\n"), strings.Join(want, "\n"))
	}
	if last := strings.Join(recs[len(recs)-1-3*len(fixtureTeams)][:13], ","); last != want[len(want)-1] {
		t.Errorf("the rows over the matrix are not last before the meta's: %s", last)
	}
	for _, r := range recs[1:] {
		if len(r) != len(recs[0]) {
			t.Fatalf("row %v: %d columns, header %d", r, len(r), len(recs[0]))
		}
	}
	// A sweep over the matrix: the rows of each point, its params in the params column.
	n := 0
	for _, r := range rows(matrixSweep(t))[1:] {
		if r[0] == CSVTeamMatrixWinRate && r[4] == CSVAllMaps && r[6] == "link" {
			n++
			if want := map[string]string{"teams.link.characters.link.hp=16": "0.6125", "teams.link.characters.link.hp=18": "0.6625"}[r[3]]; r[9] != want {
				t.Errorf("sweep row %v, want value %s", r, want)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d rows of link's rate over the sweep's matrices, want 2", n)
	}
	one := fixtureResults(t)
	one.Groups = one.Groups[1:2]
	recs = rows(one)
	if head := strings.Join(recs[0], ","); head != "metric,players,agent,params,seat,team,opponent,card,value,lo95,hi95,n,unit,seed,tool_version,config_fingerprint,round_cap,partial" {
		t.Errorf("one match-up's header %s", head)
	}
	for _, r := range recs[1:] {
		if strings.Contains(r[0], "matrix") {
			t.Errorf("one match-up has a row over the matrix: %v", r)
		}
	}
}

// A match-up's headline names its teams as people read them, not the agent: the first listed
// team's wins against the others; with several agents, its rate with each; a free-for-all names
// every opponent; a mirror says which Link; several player counts each their own.
func TestMatchupHeadline(t *testing.T) {
	res := fixtureResults(t)
	of := func(groups ...*sim.Group) *sim.Results {
		r := *res
		r.Groups = groups
		return &r
	}
	lg := res.Groups[1] // link,ganon on lost_woods: 70 of 100
	one := of(lg)
	if got, want := reports.Headline(one), "Link wins 70.0% [60.4-78.1] against Ganon."; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	ladder := *lg
	ladder.Agent, ladder.Seats = "tactical", []string{"tactical", "tactical"}
	ladder.AgentWins = map[string]int64{"tactical": lg.AgentWins["aggressive"]}
	two := of(lg, &ladder)
	if got, want := reports.Headline(two), "Link wins 70.0% [60.4-78.1] (aggressive), 70.0% [60.4-78.1] (tactical) against Ganon."; got != want {
		t.Errorf("ladder headline %q, want %q", got, want)
	}
	ffa := of(res.Groups[9]) // link,ganon,zelda: 30 of 60
	if got, want := reports.Headline(ffa), "Link wins 50.0% [37.7-62.3] against Ganon and Zelda."; got != want {
		t.Errorf("free-for-all headline %q, want %q", got, want)
	}
	mirror := of(res.Groups[0])
	if got, want := reports.Headline(mirror), "The first listed Link wins 50.0% [40.4-59.6] against Link."; got != want {
		t.Errorf("mirror headline %q, want %q", got, want)
	}
	// The names the results record are the teams' names in sentences (the verb agreeing).
	named := *lg
	st := *duelssim.Of(lg)
	st.Teams = map[string]*duelssim.TeamStat{}
	for id, ts := range duelssim.Of(lg).Teams {
		c := *ts
		c.Name = map[string]string{"link": "Link and Navi", "ganon": "Ganon and the Wizrobes", "zelda": "Zelda"}[id]
		st.Teams[id] = &c
	}
	named.Stats = &st
	if got, want := reports.Headline(of(&named)), "Link and Navi win 70.0% [60.4-78.1] against Ganon and the Wizrobes."; got != want {
		t.Errorf("headline with the recorded names %q, want %q", got, want)
	}
	three := fixtureGroup(spec{mapID: "lost_woods", teams: "link,ganon,ganon", games: 60, seatWins: []int64{30, 20, 10},
		turnOrderWins: []int64{25, 20, 15}})
	three.Params[ParamTeams] = "link,ganon" // the last team fills the table
	counts := of(lg, three)
	if err := counts.Validate(); err != nil {
		t.Fatal(err)
	}
	if got, want := reports.Headline(counts), "At 2 players Link wins 70.0% [60.4-78.1] against Ganon; at 3 players Link wins 50.0% [37.7-62.3] against Ganon (2 seats)."; got != want {
		t.Errorf("player counts' headline %q\nwant %q", got, want)
	}
}

// With rotated seats every agent held every seat in turn: the seat table names none for a seat;
// without rotation, the seat's agent.
func TestRotatedSeatTable(t *testing.T) {
	res := fixtureResults(t)
	res.Groups = res.Groups[1:2]
	seatRows := func() [][]string {
		for _, s := range reports.Sections(res, nil) {
			for _, tb := range s.Tables {
				if tb.Title == "Win rate by seat" {
					return tb.Rows
				}
			}
		}
		t.Fatal("no seat table")
		return nil
	}
	for _, r := range seatRows() {
		if r[2] != "each in turn (rotated)" {
			t.Errorf("rotated seat %s: agent %q", r[1], r[2])
		}
	}
	res.Groups[0].Rotated = false
	for _, r := range seatRows() {
		if r[2] != "aggressive" {
			t.Errorf("seat %s: agent %q, want aggressive", r[1], r[2])
		}
	}
}

// The seat chart of a matrix pools its groups: one bar per player count in each seat, a legend
// of two entries for the fixture (2 and 3 players) and none for a matrix of 220 groups, whose
// chart keeps the default size (the generic chart had a bar and a legend entry per group).
func TestMatrixSeatChart(t *testing.T) {
	seat := func(res *sim.Results) *chart.Chart {
		charts, err := reports.Charts(res)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range charts {
			if c.Name == reports.ChartSeatWinRate {
				return c
			}
		}
		t.Fatal("no seat chart")
		return nil
	}
	big := bigMatrix(t)
	if len(big.Groups) != 220 {
		t.Fatalf("%d groups", len(big.Groups))
	}
	c := seat(big)
	if w, h := c.LegendSize(); w != 0 || h != 0 || c.Height != chart.DefaultHeight || c.Width != chart.DefaultWidth {
		t.Errorf("220 groups: legend %v x %v, chart %v x %v", w, h, c.Width, c.Height)
	}
	if !strings.Contains(c.Title, "every match-up pooled") || !strings.Contains(c.Caption, "220 groups") {
		t.Errorf("title %q, caption %q", c.Title, c.Caption)
	}
	c = seat(fixtureResults(t))
	_, h := c.LegendSize()
	if h <= 0 || h > 2*vg.Centimeter || c.Height != chart.DefaultHeight {
		t.Errorf("fixture: legend height %v, chart height %v", h, c.Height)
	}
	// The generic chart stays for a single match-up.
	one := fixtureResults(t)
	one.Groups = one.Groups[1:2]
	if c := seat(one); strings.Contains(c.Title, "pooled") {
		t.Errorf("one match-up's seat chart %q", c.Title)
	}
}

// The tier chart names the teams as people read them, one row each (the first at the top), and
// writes every rate and tier in a column right of 100%, past every bar and whisker, one label a
// row, so that no label meets another, a whisker or the line at 50% (the old chart wrote them
// above the bars, where close rates ran into each other and into the line); its legend has one
// entry per tier shown.
func TestTierChartLabels(t *testing.T) {
	var tiers []Tier
	for i, k := range []int64{998, 439, 436, 432, 5} { // close rates, and the ends of the scale
		id := []string{"darunia", "twinrova", "dark_link", "nabooru", "skull_kid"}[i]
		r := stats.NewRate(k, 1000)
		tiers = append(tiers, Tier{Rank: i + 1, Team: id, Rate: r, Tier: TierOf(r)})
	}
	rows := tierRows(tiers)
	var names, labels []string
	for i, r := range rows {
		names, labels = append(names, r.Name), append(labels, r.Label)
		if r.Y != float64(len(rows)-1-i) {
			t.Errorf("%s in row %v, want %d", r.Name, r.Y, len(rows)-1-i)
		}
		if r.LabelX != 100 || 100*r.Rate.Hi > r.LabelX {
			t.Errorf("%s: label at %v%%, whisker to %.1f%%: not in the column right of 100%%", r.Name, r.LabelX, 100*r.Rate.Hi)
		}
	}
	if got := strings.Join(names, ","); got != "Darunia,Twinrova,Dark Link,Nabooru,Skull Kid" {
		t.Errorf("rows top to bottom %s", got)
	}
	if got := strings.Join(labels, ","); got != "99.8% S,43.9% C,43.6% C,43.2% C,0.5% D" {
		t.Errorf("labels %s", got)
	}
	p, err := TierChart(tiers)
	if err != nil {
		t.Fatal(err)
	}
	var ticks []string
	for _, tk := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		ticks = append(ticks, tk.Label)
	}
	if got := strings.Join(ticks, ","); got != "Skull Kid,Nabooru,Dark Link,Twinrova,Darunia" {
		t.Errorf("row names bottom to top %s", got)
	}
	if p.X.Min != 0 || p.X.Max-100 < tierLabelRoom {
		t.Errorf("x axis %v to %v: no room for the labels' column", p.X.Min, p.X.Max)
	}
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if tk.Value > 100 {
			t.Errorf("a tick at %v, over the labels' column", tk.Value)
		}
	}
	c := chart.NewChart("tier-list", p)
	if _, h := c.LegendSize(); h <= 0 || h > 2*vg.Centimeter { // three tiers: S, C, D
		t.Errorf("legend height %v", h)
	}
}

// The matrix tornado (reports.MatrixTornadoChart, whose lanes reports' tests pin) says what
// "not valid" is in its caption.
func TestMatrixTornadoCaption(t *testing.T) {
	res := matrixSensitivity(t)
	if _, err := reports.TornadoChart(res, 2); err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := reports.Markdown(&md, res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "\"not valid\" marks a step the data does not allow") {
		t.Error("the tornado's caption does not say what \"not valid\" is")
	}
}
