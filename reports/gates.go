package reports

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	yaml "go.yaml.in/yaml/v3"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// Gate is one balance gate of an expectations file: a metric, the groups it looks at, and the
// band it must stay in.
type Gate struct {
	Metric string // a metric of the game's (GameReport.Metrics, or a generic one) with Gate set
	// Game is the game of the gates file (its key game; sim.DefaultGame when it has none): the
	// results checked must be of that game.
	Game    string
	Players int // 0: every player count (their counts are added up)
	// At holds the values of the selectors the metric needs (level: 2, temple: forest).
	At       At
	Agent    string            // "": any agent
	Params   map[string]string // only groups with these params (a sweep point)
	Min, Max *float64          // the band (either may be missing)
	Interval bool              // the whole 95% interval must be in the band (else the estimate)
	Overlap  bool              // the 95% interval need only touch the band (interval: overlap)
	Pos      string            // file:line:column of the gate, for messages
	Index    int               // the gate's place in the file's list (gates[Index])

	at map[string]string // file:line:column of each key's value
}

// GateResult is a gate checked against a results file.
type GateResult struct {
	Gate
	Value, Lo, Hi float64
	N             int64 // campaigns (or attempts) behind the value
	Pass          bool
	Msg           string // why it failed, when it did
	// Warning says why a pass is weak: an interval-overlaps gate whose estimate is out of the
	// band passes only because its 95% interval reaches into it (a small sample's wide interval
	// reaches far); "" otherwise.
	Warning string
}

// ReadGates reads an expectations file: `gates:` and a list of gates, and optionally `game:`
// (the game of the results it checks, sim.DefaultGame when absent: its metrics and selectors
// are the keys a gate may use). Every problem is reported as file:line:column: message, all at
// once.
func ReadGates(path string) ([]Gate, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseGates(path, raw)
}

// ParseGates parses the text of an expectations file named name.
func ParseGates(name string, raw []byte) ([]Gate, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("%s: not valid YAML: %s", name, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var probs []string
	at := func(n *yaml.Node) string { return fmt.Sprintf("%s:%d:%d", name, n.Line, n.Column) }
	fail := func(n *yaml.Node, format string, args ...any) {
		probs = append(probs, at(n)+": "+fmt.Sprintf(format, args...))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:1:1: expected a mapping with the key gates", name)
	}
	root := doc.Content[0]
	var list *yaml.Node
	game := gameNamed("")
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "gates":
			list = v
		case "game":
			if v.Kind != yaml.ScalarNode || v.Value == "" {
				fail(v, "game: expected the name of a game, e.g. %s", sim.DefaultGame)
				continue
			}
			game = gameNamed(v.Value)
		default:
			fail(k, "unknown key %q (expected gates, and optionally game)", k.Value)
		}
	}
	if list == nil {
		fail(root, "missing key gates")
		return nil, fmt.Errorf("%s", strings.Join(probs, "\n"))
	}
	if list.Kind != yaml.SequenceNode {
		fail(list, "gates: expected a list")
		return nil, fmt.Errorf("%s", strings.Join(probs, "\n"))
	}
	if len(list.Content) == 0 {
		fail(list, "gates: the list is empty: a gates file needs at least one gate")
	}
	var gates []Gate
	for gi, n := range list.Content {
		path := fmt.Sprintf("gates[%d]", gi)
		if n.Kind != yaml.MappingNode {
			fail(n, "%s: expected a mapping", path)
			continue
		}
		g := Gate{Game: game.Name, At: At{}, Pos: at(n), Index: gi, at: map[string]string{}}
		num := func(v *yaml.Node, key string) (float64, bool) {
			x, err := strconv.ParseFloat(v.Value, 64)
			if v.Kind != yaml.ScalarNode || (v.ShortTag() != "!!int" && v.ShortTag() != "!!float") || err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				fail(v, "%s.%s: expected a number, got %q", path, key, v.Value)
				return 0, false
			}
			return x, true
		}
		whole := func(v *yaml.Node, key string, lo, hi int) int {
			x, err := strconv.Atoi(v.Value)
			if v.ShortTag() != "!!int" || err != nil || x < lo || x > hi {
				fail(v, "%s.%s: expected a whole number from %d to %d, got %q", path, key, lo, hi, v.Value)
				return 0
			}
			return x
		}
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if seen[k.Value] {
				fail(k, "%s: key %q appears twice", path, k.Value)
				continue
			}
			seen[k.Value] = true
			g.at[k.Value] = at(v)
			switch k.Value {
			case "metric":
				g.Metric = v.Value
				if m := game.metric(v.Value); m == nil || !m.Gate || v.Kind != yaml.ScalarNode {
					fail(v, "%s.metric: unknown metric %q (expected one of: %s)", path, v.Value, strings.Join(gateMetrics(game), ", "))
				}
			case "players":
				lo, hi := game.players()
				g.Players = whole(v, "players", lo, hi)
			case "agent":
				g.Agent = v.Value
			case "min":
				if x, ok := num(v, "min"); ok {
					g.Min = &x
				}
			case "max":
				if x, ok := num(v, "max"); ok {
					g.Max = &x
				}
			case "interval":
				switch {
				case v.ShortTag() == "!!bool":
					g.Interval = v.Value == "true"
				case v.Value == "overlap":
					g.Overlap = true
				default:
					fail(v, "%s.interval: expected true, false or overlap, got %q", path, v.Value)
				}
			case "params":
				if v.Kind != yaml.MappingNode {
					fail(v, "%s.params: expected a mapping of --set paths to values", path)
					continue
				}
				g.Params = map[string]string{}
				for j := 0; j+1 < len(v.Content); j += 2 {
					g.Params[v.Content[j].Value] = v.Content[j+1].Value
				}
			default:
				sel, ok := gateSelector(game, k.Value)
				switch {
				case !ok:
					fail(k, "%s: unknown key %q (expected one of: %s)", path, k.Value, strings.Join(gateKeys(game), ", "))
				case sel.whole():
					if x := whole(v, k.Value, sel.Min, sel.Max); x != 0 {
						g.At[k.Value] = strconv.Itoa(x)
					}
				default:
					g.At[k.Value] = v.Value
				}
			}
		}
		switch {
		case !seen["metric"]:
			fail(n, "%s: missing key \"metric\"", path)
		case g.Min == nil && g.Max == nil && !seen["min"] && !seen["max"]:
			fail(n, "%s: a gate needs min, max or both", path)
		case g.Min != nil && g.Max != nil && *g.Min > *g.Max:
			fail(n, "%s: min %g is above max %g", path, *g.Min, *g.Max)
		}
		if m := game.metric(g.Metric); m != nil && m.Gate && !g.hasSelectors(m, seen) {
			fail(n, "%s: %s", path, m.needsText())
		}
		gates = append(gates, g)
	}
	if len(probs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(probs, "\n"))
	}
	return gates, nil
}

// hasSelectors reports whether the gate gives metric m the selectors it needs (seen: the keys
// the gate has).
func (gt *Gate) hasSelectors(m *Metric, seen map[string]bool) bool {
	if m.Valid != nil {
		return m.Valid(gt.At)
	}
	for _, need := range m.Needs {
		if !seen[need] {
			return false
		}
	}
	return true
}

// gateMetrics lists the names of the game's gate metrics, sorted.
func gateMetrics(r *GameReport) []string {
	var names []string
	for _, m := range r.metrics() {
		if m.Gate {
			names = append(names, m.Name)
		}
	}
	sort.Strings(names)
	return names
}

// gateSelector returns the selector called name that a gate metric of the game needs.
func gateSelector(r *GameReport, name string) (Selector, bool) {
	for _, m := range r.metrics() {
		if m.Gate && slices.Contains(m.Needs, name) {
			return r.selector(name)
		}
	}
	return Selector{}, false
}

// gateKeys lists the keys of a gate of the game, sorted: the generic ones and the selectors of
// its gate metrics.
func gateKeys(r *GameReport) []string {
	keys := []string{"agent", "interval", "max", "metric", "min", "params", "players"}
	for _, m := range r.metrics() {
		for _, need := range m.Needs {
			if m.Gate && !slices.Contains(keys, need) {
				keys = append(keys, need)
			}
		}
	}
	sort.Strings(keys)
	return keys
}

// matches reports whether group g is one the gate looks at. The gate's agent names a rung
// (planner, or expert:rollouts=2, as the report labels it); exact says some group is labelled
// so, and then only such groups match (planner is the rung of default strategies in a ladder
// that also has planner:temple=random); else agent is a name and matches its every strategy.
func (gt *Gate) matches(g *sim.Group, exact bool) bool {
	if gt.Players != 0 && g.Players != gt.Players {
		return false
	}
	if label := RungText(gt.Game, g.Agent, g.Strategies); gt.Agent != "" && label != gt.Agent && (exact || g.Agent != gt.Agent) {
		return false
	}
	for k, v := range gt.Params {
		if g.Params[k] != v {
			return false
		}
	}
	return true
}

// errorf makes an error about the gate's key (the gate itself for key ""): at the key's
// file:line:column, "gates[i].key: ...".
func (gt *Gate) errorf(key, format string, args ...any) error {
	pos, path := gt.Pos, fmt.Sprintf("gates[%d]", gt.Index)
	if p, ok := gt.at[key]; ok {
		pos = p
	}
	if key != "" {
		path += "." + key
	}
	if pos != "" {
		pos += ": "
	}
	return fmt.Errorf("%s%s: %s", pos, path, fmt.Sprintf(format, args...))
}

// values lists the distinct values of one field over groups, sorted (numbers by value).
func values(groups []*sim.Group, of func(*sim.Group) string) []string {
	var vs []string
	for _, g := range groups {
		vs = append(vs, of(g))
	}
	sort.Slice(vs, func(i, j int) bool {
		a, ea := strconv.ParseFloat(vs[i], 64)
		b, eb := strconv.ParseFloat(vs[j], 64)
		if ea == nil && eb == nil {
			return a < b
		}
		return vs[i] < vs[j]
	})
	return slices.Compact(vs)
}

// selectGroups returns the groups the gate looks at. It is an error (bad input, not a failed
// gate) when a selector (players, agent, a param, the temple) matches nothing in the results,
// or when the groups it matches differ in what cannot be pooled: agents, strategies or params
// (a sweep's points, Ganon's targets), unless the gate picks one with agent or params.
func (gt *Gate) selectGroups(res *sim.Results) ([]*sim.Group, error) {
	if err := gt.selectorsExist(res.Groups); err != nil {
		return nil, err
	}
	exact := slices.ContainsFunc(res.Groups, func(g *sim.Group) bool { return RungText(gt.Game, g.Agent, g.Strategies) == gt.Agent })
	var groups []*sim.Group
	for _, g := range res.Groups {
		if gt.matches(g, exact) {
			groups = append(groups, g)
		}
	}
	if len(groups) == 0 {
		return nil, gt.errorf("", "no group of the results has all of %s", gt.describe())
	}
	if err := gt.selectorValuesExist(groups); err != nil {
		return nil, err
	}
	return groups, gt.poolable(groups)
}

// selectorsExist reports a selector of the gate that no group of the results has.
func (gt *Gate) selectorsExist(all []*sim.Group) error {
	players := values(all, func(g *sim.Group) string { return strconv.Itoa(g.Players) })
	if gt.Players != 0 && !slices.Contains(players, strconv.Itoa(gt.Players)) {
		return gt.errorf("players", "no group has %d players (the results have %s)", gt.Players, strings.Join(players, ", "))
	}
	agents := values(all, func(g *sim.Group) string { return g.Agent })
	labels := values(all, func(g *sim.Group) string { return RungText(gt.Game, g.Agent, g.Strategies) })
	if gt.Agent != "" && !slices.Contains(agents, gt.Agent) && !slices.Contains(labels, gt.Agent) {
		return gt.errorf("agent", "no group was played by %q (the results have %s)", gt.Agent, strings.Join(agents, ", "))
	}
	for _, k := range sortedParamKeys(gt.Params) {
		vs := values(all, func(g *sim.Group) string { return g.Params[k] })
		if slices.Equal(vs, []string{""}) {
			keys := values(all, func(g *sim.Group) string { return strings.Join(sortedParamKeys(g.Params), ", ") })
			return gt.errorf("params", "no group has the param %s (the results' params: %s)", k, strings.Join(keys, "; "))
		}
		if !slices.Contains(vs, gt.Params[k]) {
			return gt.errorf("params", "no group has %s=%s (the results have %s)", k, gt.Params[k], strings.Join(vs, ", "))
		}
	}
	return nil
}

// selectorValuesExist reports a selector value of the gate (a temple) that none of the groups
// has, for the name selectors of its metric that list their values.
func (gt *Gate) selectorValuesExist(groups []*sim.Group) error {
	r := gameNamed(gt.Game)
	m := r.metric(gt.Metric)
	if m == nil {
		return nil
	}
	for _, need := range m.Needs {
		sel, _ := r.selector(need)
		if sel.Values == nil || sel.whole() {
			continue
		}
		var names []string
		for _, g := range groups {
			vs := sel.Values(g)
			if slices.Contains(vs, gt.At[need]) {
				return nil
			}
			names = append(names, vs...)
		}
		slices.Sort(names)
		return gt.errorf(need, "%q is not a %s of the results (%s)", gt.At[need], need, strings.Join(slices.Compact(names), ", "))
	}
	return nil
}

// poolable reports groups that differ in agent, strategies or params: their counts would be
// added up into one meaningless value.
func (gt *Gate) poolable(groups []*sim.Group) error {
	n := len(groups)
	if agents := values(groups, func(g *sim.Group) string { return g.Agent }); len(agents) > 1 {
		return gt.errorf("", "the %d groups it matches were played by different agents (%s): pick one with agent", n, strings.Join(agents, ", "))
	}
	if strats := values(groups, func(g *sim.Group) string { return g.Strategies }); len(strats) > 1 {
		return gt.errorf("", "the %d groups it matches have different strategies (%s): they cannot be pooled", n, strings.Join(strats, "; "))
	}
	var keys []string
	for _, g := range groups {
		keys = append(keys, sortedParamKeys(g.Params)...)
	}
	slices.Sort(keys)
	var pools []string
	if m := gameNamed(gt.Game).metric(gt.Metric); m != nil {
		pools = m.Pools
	}
	var differ, differKeys []string
	for _, k := range slices.Compact(keys) {
		if slices.Contains(pools, k) {
			continue
		}
		vs := values(groups, func(g *sim.Group) string { return g.Params[k] })
		if len(vs) > 1 {
			for i, v := range vs {
				if v == "" {
					vs[i] = "(none)"
				}
			}
			differ = append(differ, k+": "+strings.Join(vs, ", "))
			differKeys = append(differKeys, k)
		}
	}
	if len(differ) > 0 {
		return gt.errorf("", "the %d groups it matches differ in params (%s): pick one with params (and players)%s", n, strings.Join(differ, "; "), gt.poolingHint(differKeys))
	}
	return nil
}

// poolingHint names the game's gate metrics that add up groups differing in keys and need what
// the gate's metric needs ("", none): "team_win_rate" over a match-up matrix is
// "team_matrix_win_rate".
func (gt *Gate) poolingHint(keys []string) string {
	r := gameNamed(gt.Game)
	m := r.metric(gt.Metric)
	if m == nil {
		return ""
	}
	var names []string
	for _, o := range r.metrics() {
		covers := !slices.ContainsFunc(keys, func(k string) bool { return !slices.Contains(o.Pools, k) })
		if o.Gate && o != m && covers && slices.Equal(o.Needs, m.Needs) {
			names = append(names, o.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return ", or add them up with metric " + format.JoinOr(names)
}

// CheckGates checks every gate against a results file. A gate that cannot be checked (it
// matches no group, or groups that cannot be pooled; see Gate.selectGroups) is an error listing
// every such gate at its file:line:column, as is an empty list of gates.
func CheckGates(res *sim.Results, gates []Gate) ([]GateResult, error) {
	if len(gates) == 0 {
		return nil, errors.New("no gates to check")
	}
	gates, probs := expandGates(res, gates)
	sel := make([][]*sim.Group, len(gates))
	for i := range gates {
		if gates[i].Metric == "" { // a gate expandGates could not expand
			continue
		}
		if got, want := gameNamed(res.Game).Name, gameNamed(gates[i].Game).Name; got != want {
			probs = append(probs, gates[i].errorf("", "the gates are for %s, but the results are of %s", want, got).Error())
			continue
		}
		groups, err := gates[i].selectGroups(res)
		if err != nil {
			probs = append(probs, err.Error())
		}
		sel[i] = groups
	}
	if len(probs) > 0 {
		return nil, errors.New(strings.Join(probs, "\n"))
	}
	out := make([]GateResult, 0, len(gates))
	for i, gt := range gates {
		out = append(out, gt.check(sel[i]))
	}
	return out, nil
}

// Every is the selector value of a gate that stands for each value the results have: a gate
// `team: "*"` is checked once for every team of the groups it matches, in the order of their
// names, each as a gate of its own.
const Every = "*"

// expandGates returns the gates with each gate whose name selector is Every replaced by one
// gate per value of the selector in the groups it matches (players, agent and params), and a
// problem for each such gate whose groups have no value; such a gate keeps its place with no
// metric, so that the others keep their indices.
func expandGates(res *sim.Results, gates []Gate) ([]Gate, []string) {
	var out []Gate
	var probs []string
	for _, gt := range gates {
		name := gt.everySelector()
		if name == "" {
			out = append(out, gt)
			continue
		}
		sel, _ := gameNamed(gt.Game).selector(name)
		var vs []string
		for _, g := range res.Groups {
			if sel.Values != nil && gt.matches(g, false) {
				vs = append(vs, sel.Values(g)...)
			}
		}
		slices.Sort(vs)
		if len(vs) == 0 {
			err := gt.selectorsExist(res.Groups) // a missing agent or param first
			if err == nil {
				err = gt.errorf(name, "no group it matches has a %s", name)
			}
			probs = append(probs, err.Error())
			out = append(out, Gate{})
			continue
		}
		for _, v := range slices.Compact(vs) {
			one := gt
			one.At = maps.Clone(gt.At)
			one.At[name] = v
			out = append(out, one)
		}
	}
	return out, probs
}

// everySelector is the selector of the gate whose value is Every, "" for none.
func (gt *Gate) everySelector() string {
	for _, k := range sortedParamKeys(gt.At) {
		if gt.At[k] == Every {
			return k
		}
	}
	return ""
}

// check computes the gate's metric over its groups, their counts added up, and compares it
// with the band.
func (gt Gate) check(groups []*sim.Group) GateResult {
	r := GateResult{Gate: gt}
	var e stats.Estimate // none for a metric ParseGates would have refused
	if m := gameNamed(gt.Game).metric(gt.Metric); m != nil {
		e = m.Pool(groups, gt.At)
	}
	if e.N == 0 {
		r.Msg = "no " + gameNamed(gt.Game).episodes() + " behind this value"
		return r
	}
	r.Value, r.N = e.Value, e.N
	r.Lo, r.Hi = e.Band()
	lo, hi := r.compared()
	switch {
	case gt.Min != nil && lo < *gt.Min:
		r.Msg = fmt.Sprintf("below the minimum %g", *gt.Min)
	case gt.Max != nil && hi > *gt.Max:
		r.Msg = fmt.Sprintf("above the maximum %g", *gt.Max)
	default:
		r.Pass = true
		r.Warning = gt.weakPass(r)
	}
	return r
}

// Miss is how far the gate's checked figure lies outside its band, in the metric's unit: 0 for
// a pass; for a failure, the distance from the band of the figure the gate compares (the
// estimate, the interval's near end for interval: overlap, its far end for interval: inside).
// A gate with nothing behind it misses by +Inf. It is what tune minimises.
func (r GateResult) Miss() float64 {
	if r.Pass {
		return 0
	}
	if r.N == 0 {
		return math.Inf(1)
	}
	lo, hi := r.compared()
	miss := 0.0
	if r.Min != nil {
		miss = max(miss, *r.Min-lo)
	}
	if r.Max != nil {
		miss = max(miss, hi-*r.Max)
	}
	return miss
}

// compared are the figures the gate holds against its minimum and its maximum: the estimate
// for both; the interval's ends with interval: inside; with interval: overlap its high end
// against the minimum and its low end against the maximum (out of the band only when the whole
// interval is).
func (r GateResult) compared() (lo, hi float64) {
	switch {
	case r.Interval:
		return r.Lo, r.Hi
	case r.Overlap:
		return r.Hi, r.Lo
	}
	return r.Value, r.Value
}

// weakPass is the warning of a passed gate whose estimate is out of its band (possible with
// interval: overlap only), "" for another pass.
func (gt Gate) weakPass(r GateResult) string {
	var side string
	switch {
	case gt.Min != nil && r.Value < *gt.Min:
		side = fmt.Sprintf("below the minimum %g", *gt.Min)
	case gt.Max != nil && r.Value > *gt.Max:
		side = fmt.Sprintf("above the maximum %g", *gt.Max)
	default:
		return ""
	}
	msg := fmt.Sprintf("passes only because its 95%% interval overlaps the band: the estimate %.4f is %s", r.Value, side)
	if m := gameNamed(gt.Game).metric(gt.Metric); m != nil && m.Rate != nil && r.Hi-r.Lo >= stats.WideInterval {
		msg += fmt.Sprintf(" and n=%d is too small to tell (an interval %.0f points wide)", r.N, 100*(r.Hi-r.Lo))
	}
	return msg
}

// Selectors are the gate's metric and selectors as written in a gates file, in order: metric,
// players, the game's selectors, agent, then params (key order).
func (gt *Gate) Selectors() [][2]string {
	out := [][2]string{{"metric", gt.Metric}}
	if gt.Players != 0 {
		out = append(out, [2]string{"players", strconv.Itoa(gt.Players)})
	}
	for _, sel := range gameNamed(gt.Game).selectors() {
		if v := gt.At[sel.Name]; v != "" {
			out = append(out, [2]string{sel.Name, v})
		}
	}
	if gt.Agent != "" {
		out = append(out, [2]string{"agent", gt.Agent})
	}
	for _, k := range sortedParamKeys(gt.Params) {
		out = append(out, [2]string{k, gt.Params[k]})
	}
	return out
}

// Verdict is the result as check prints it: PASS, WARN (a weak pass) or FAIL.
func (r GateResult) Verdict() string {
	switch {
	case !r.Pass:
		return "FAIL"
	case r.Warning != "":
		return "WARN"
	}
	return "PASS"
}

func (gt *Gate) describe() string {
	var parts []string
	parts = append(parts, gt.Metric)
	if gt.Players != 0 {
		parts = append(parts, fmt.Sprintf("%dp", gt.Players))
	}
	for _, sel := range gameNamed(gt.Game).selectors() {
		if v := gt.At[sel.Name]; v != "" {
			parts = append(parts, sel.describe(v))
		}
	}
	if gt.Agent != "" {
		parts = append(parts, gt.Agent)
	}
	for _, k := range sortedParamKeys(gt.Params) {
		parts = append(parts, k+"="+gt.Params[k])
	}
	return strings.Join(parts, " ")
}

func sortedParamKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (r *GateResult) band() string {
	lo, hi := "-inf", "+inf"
	if r.Min != nil {
		lo = strconv.FormatFloat(*r.Min, 'g', -1, 64)
	}
	if r.Max != nil {
		hi = strconv.FormatFloat(*r.Max, 'g', -1, 64)
	}
	what := "estimate"
	switch {
	case r.Interval:
		what = "interval"
	case r.Overlap:
		what = "interval overlaps"
	}
	return fmt.Sprintf("[%s, %s] (%s)", lo, hi, what)
}

// GateTable writes the gate results as an aligned text table.
func GateTable(w io.Writer, results []GateResult) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "result\tgate\tvalue\t95% interval\tband\tn\twhy")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%.4f\t%.4f-%.4f\t%s\t%d\t%s\n", r.Verdict(), r.describe(), r.Value, r.Lo, r.Hi, r.band(), r.N, r.Msg+r.Warning)
	}
	return tw.Flush()
}

// GateMarkdown writes the gate results as a GitHub-flavoured Markdown table (for
// $GITHUB_STEP_SUMMARY).
func GateMarkdown(w io.Writer, results []GateResult) error {
	passed := 0
	for _, r := range results {
		if r.Pass {
			passed++
		}
	}
	fmt.Fprintf(w, "### Balance gates: %d of %d passed\n\n", passed, len(results))
	fmt.Fprintln(w, "| result | gate | value | 95% interval | band | n | why |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, r := range results {
		status := "✅ pass"
		switch {
		case !r.Pass:
			status = "❌ fail"
		case r.Warning != "":
			status = "⚠️ weak pass"
		}
		fmt.Fprintf(w, "| %s | %s | %.4f | %.4f-%.4f | %s | %d | %s |\n", status, r.describe(), r.Value, r.Lo, r.Hi, r.band(), r.N, r.Msg+r.Warning)
	}
	_, err := fmt.Fprintln(w)
	return err
}

// ParseTarget reads a one-off gate of game from the command line, METRIC[KEY=VALUE,...]=LO..HI
// (either bound may be left out: "=..0.45", "=0.4.."): the gate an expectations file would
// hold as {metric: METRIC, KEY: VALUE, ..., min: LO, max: HI}, checked the same way. What is
// wrong is one error quoting the flag.
func ParseTarget(game, spec string) (Gate, error) {
	fail := func(why string) (Gate, error) {
		return Gate{}, fmt.Errorf("--target %q: %s (expected METRIC[KEY=VALUE,...]=LO..HI, e.g. win_rate[players=3]=0.44..0.56)", spec, why)
	}
	head, band, ok := strings.Cut(spec, "]=")
	metric, sels, hasSel := strings.Cut(head, "[")
	if !ok {
		metric, band, ok = strings.Cut(spec, "=")
		hasSel = false
	}
	lo, hi, isRange := strings.Cut(band, "..")
	if !ok || !isRange || strings.TrimSpace(metric) == "" || strings.Contains(metric, "[") {
		return fail("no METRIC=LO..HI")
	}
	fields := []string{"metric: " + strings.TrimSpace(metric)}
	if hasSel {
		for _, kv := range strings.Split(sels, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || strings.TrimSpace(k) == "" {
				return fail(fmt.Sprintf("selector %q is not KEY=VALUE", kv))
			}
			v = strings.TrimSpace(v)
			if _, err := strconv.Atoi(v); err != nil {
				v = strconv.Quote(v)
			}
			fields = append(fields, strings.TrimSpace(k)+": "+v)
		}
	}
	for _, b := range []struct{ key, text string }{{"min", lo}, {"max", hi}} {
		if b.text = strings.TrimSpace(b.text); b.text == "" {
			continue
		}
		if _, err := strconv.ParseFloat(b.text, 64); err != nil {
			return fail(fmt.Sprintf("%s %q is not a number", b.key, b.text))
		}
		fields = append(fields, b.key+": "+b.text)
	}
	doc := fmt.Sprintf("game: %s\ngates:\n  - {%s}\n", game, strings.Join(fields, ", "))
	gates, err := ParseGates("--target", []byte(doc))
	if err != nil {
		var whys []string
		for _, line := range strings.Split(err.Error(), "\n") {
			whys = append(whys, targetPlace.ReplaceAllString(line, ""))
		}
		return Gate{}, fmt.Errorf("--target %q: %s", spec, strings.Join(whys, "; "))
	}
	gates[0].Pos = fmt.Sprintf("--target %q", spec)
	return gates[0], nil
}

// targetPlace is the place ParseGates gives a problem of a --target's gate.
var targetPlace = regexp.MustCompile(`^--target:\d+:\d+: (gates\[0\]\.?)?:? ?`)
