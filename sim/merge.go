package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// ReadFile reads a results file, checking its schema and every invariant (Validate). A problem
// is reported as "path: field: what is wrong", with the field's JSON path; several problems
// come one per line, then a line counting them.
func ReadFile(path string) (*Results, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ReadResults(raw, path)
}

// ReadResults reads the bytes of a results file named path in messages, checking its schema
// and every invariant, as ReadFile does.
func ReadResults(raw []byte, path string) (*Results, error) {
	var r Results
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("%s: not a results file: %v", path, strings.TrimPrefix(err.Error(), "json: "))
	}
	if r.Schema != Schema {
		return nil, fmt.Errorf("%s: schema: %q, expected %q", path, r.Schema, Schema)
	}
	if err := r.Validate(); err != nil {
		var ve *ValidationError
		errors.As(err, &ve)
		lines := make([]string, len(ve.Problems))
		for i, p := range ve.Problems {
			lines[i] = path + ": " + p
		}
		if len(lines) > 1 {
			lines = append(lines, fmt.Sprintf("%d problems in %s", ve.Total, path))
		}
		return nil, errors.New(strings.Join(lines, "\n"))
	}
	return &r, nil
}

// indexes returns the shard indexes a results file covers.
func (r *Results) indexes() []int {
	if len(r.Shard.Merged) > 0 {
		return r.Shard.Merged
	}
	return []int{r.Shard.Index}
}

// MergeOptions changes what Merge accepts.
type MergeOptions struct {
	// AllowMissing merges some of the shards of a run, not all (the result lists the shards it
	// holds in Shard.Merged and is not complete); otherwise a missing shard is an error.
	AllowMissing bool
}

// Merge adds up the results files of the shards of one run (names are the files' names, for
// messages). Every file must come from the same run: the same schema, tool version, data
// fingerprint, seed, shard count, round cap, campaigns requested and precision, and the same
// groups (player counts, agent, strategies, params, and each group's data fingerprint). No
// file may be partial (interrupted) or hold campaigns that do not add up to what its shard asks
// for, no two files may hold the same shard, and together they must hold every shard (unless
// opt.AllowMissing). An error names the file, the field and the other file. Groups are matched
// by player count, agent, strategies and params. When the files hold every shard the result's
// shard is 0/1 and it is byte-identical to the single run's file.
func Merge(files []*Results, names []string, opt MergeOptions) (*Results, error) {
	if len(files) == 0 {
		return nil, errors.New("merge: no results files")
	}
	seen := map[int]string{}
	for i, f := range files {
		if err := sameRun(files[0], f, names[0], names[i]); err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		for _, idx := range f.indexes() {
			if other, dup := seen[idx]; dup {
				return nil, fmt.Errorf("merge: %s: shard: %s and %s both hold shard %d/%d", names[i], other, names[i], idx, f.Shard.Count)
			}
			seen[idx] = names[i]
		}
	}
	out := &Results{Schema: files[0].Schema, Game: files[0].Game, ToolVersion: files[0].ToolVersion, ConfigFingerprint: files[0].ConfigFingerprint,
		Seed: files[0].Seed, TurnCap: files[0].TurnCap, EpisodesRequested: files[0].EpisodesRequested, Precision: files[0].Precision,
		GameGoals: files[0].GameGoals, Goals: files[0].Goals, BaseParams: files[0].BaseParams,
		SensitivityMetric: files[0].SensitivityMetric}
	shard, err := mergedShard(files[0].Shard.Count, seen, opt)
	if err != nil {
		return nil, err
	}
	out.Shard = shard
	return out, addFiles(out, files, names)
}

// sameRun reports the first way in which file f (named nf) is not a shard of the run of file a
// (named na), nor a complete one.
func sameRun(a, f *Results, na, nf string) error {
	for _, c := range []struct {
		field string
		x, y  any
	}{
		{"schema", a.Schema, f.Schema},
		{"game", gameName(a.Game), gameName(f.Game)},
		{"tool_version", a.ToolVersion, f.ToolVersion},
		{"config_fingerprint", a.ConfigFingerprint, f.ConfigFingerprint},
		{"seed", a.Seed, f.Seed},
		{"shard.count", a.Shard.Count, f.Shard.Count},
		{"round_cap", a.TurnCap, f.TurnCap},
		{"campaigns_requested", a.EpisodesRequested, f.EpisodesRequested},
		{"precision", a.Precision, f.Precision},
		{"ganon_goals", fmt.Sprint(a.GameGoals), fmt.Sprint(f.GameGoals)},
		{"goals", fmt.Sprint(a.Goals), fmt.Sprint(f.Goals)},
		{"base_params", fmt.Sprint(a.BaseParams), fmt.Sprint(f.BaseParams)},
		{"ladder", ladderShape(a.Ladder), ladderShape(f.Ladder)},
		{"sensitivity", sensitivityShape(a.Sensitivity), sensitivityShape(f.Sensitivity)},
	} {
		if c.x != c.y {
			return fmt.Errorf("%s: %s: %v, but %s has %v (not shards of one run)", nf, c.field, c.y, na, c.x)
		}
	}
	if f.Partial {
		return fmt.Errorf("%s: partial: the run was interrupted (%s); run that shard again", nf, incompleteGroups(f))
	}
	if err := sameGroups(a, f, na, nf); err != nil {
		return err
	}
	return addsUp(f, nf)
}

// gameName is a file's game by name ("" is DefaultGame).
func gameName(g string) string {
	if g == "" {
		return DefaultGame
	}
	return g
}

// incompleteGroups lists the groups of r that are not complete, with their campaigns.
func incompleteGroups(r *Results) string {
	var parts []string
	for _, g := range r.Groups {
		if g.Partial {
			parts = append(parts, fmt.Sprintf("%s: %d of %d campaigns", g.label(), g.Episodes, ShardEpisodes(r.EpisodesRequested, r.Shard)))
		}
	}
	return strings.Join(parts, ", ")
}

// label names a group in messages: "3 players" or "3 players, k=v".
func (g *Group) label() string {
	if len(g.Params) == 0 {
		return fmt.Sprintf("%d players", g.Players)
	}
	return fmt.Sprintf("%d players, %s", g.Players, ParamsText(g.Params))
}

// sameGroups reports the first field in which the groups of f differ from a's.
func sameGroups(a, f *Results, na, nf string) error {
	fields := []struct {
		name string
		of   func(*Group) string
	}{
		{"players", func(g *Group) string { return strconv.Itoa(g.Players) }},
		{"agent", func(g *Group) string { return g.Agent }},
		{"strategies", func(g *Group) string { return g.Strategies }},
		{"params", func(g *Group) string { return "{" + ParamsText(g.Params) + "}" }},
		{"groups", func(g *Group) string { return g.key() }},
	}
	for _, fl := range fields {
		x, y := groupValues(a, fl.of), groupValues(f, fl.of)
		if !slices.Equal(x, y) {
			return fmt.Errorf("%s: %s: %s, but %s has %s (not shards of one run)", nf, fl.name, strings.Join(y, ", "), na, strings.Join(x, ", "))
		}
	}
	fps := map[string]string{}
	for _, g := range a.Groups {
		fps[g.key()] = g.ConfigFingerprint
	}
	for i, g := range f.Groups {
		if fp := fps[g.key()]; fp != g.ConfigFingerprint {
			return fmt.Errorf("%s: groups[%d].config_fingerprint: %s at %s, but %s has %s", nf, i, g.ConfigFingerprint, g.label(), na, fp)
		}
	}
	return nil
}

// groupValues lists the distinct values of one field over r's groups, sorted.
func groupValues(r *Results, of func(*Group) string) []string {
	var vs []string
	for _, g := range r.Groups {
		vs = append(vs, of(g))
	}
	slices.Sort(vs)
	return slices.Compact(vs)
}

// addsUp reports a group of a complete file (not stopped early) whose campaigns are not what its
// shard asks for.
func addsUp(r *Results, name string) error {
	if r.EpisodesRequested == 0 || r.Stopped != "" {
		return nil
	}
	want := ShardEpisodes(r.EpisodesRequested, r.Shard)
	for i, g := range r.Groups {
		if g.Episodes != want {
			return fmt.Errorf("%s: groups[%d].campaigns: %d at %s, but its shards of %d campaigns hold %d", name, i, g.Episodes, g.label(), r.EpisodesRequested, want)
		}
	}
	return nil
}

// mergedShard is the shard of a merge of the shard indexes in seen (of count): 0/1 when it is
// all of them; else an error naming the missing ones, or (opt.AllowMissing) the subset.
func mergedShard(count int, seen map[int]string, opt MergeOptions) (Shard, error) {
	var all []int
	var missing []string
	for idx := 0; idx < count; idx++ {
		if _, ok := seen[idx]; ok {
			all = append(all, idx)
		} else {
			missing = append(missing, fmt.Sprintf("%d/%d", idx, count))
		}
	}
	if len(missing) == 0 {
		return Shard{Index: 0, Count: 1}, nil
	}
	if !opt.AllowMissing {
		return Shard{}, fmt.Errorf("merge: shard: the files hold %d of the %d shards; missing: %s (merge every shard, or use --allow-missing for a partial merge)",
			len(all), count, strings.Join(missing, ", "))
	}
	return Shard{Index: all[0], Count: count, Merged: all}, nil
}

// addFiles adds the groups of files (named names) into out, in the first file's order.
func addFiles(out *Results, files []*Results, names []string) error {
	byKey := map[string]*Group{}
	for fi, f := range files {
		if f.Stopped != "" {
			out.Stopped = f.Stopped
		}
		for gi, g := range f.Groups {
			k := g.key()
			dst, ok := byKey[k]
			if !ok {
				dst = g.EmptyLike()
				byKey[k] = dst
				out.Groups = append(out.Groups, dst)
			}
			if err := dst.Add(g); err != nil {
				return fmt.Errorf("merge: %s: groups[%d] (%s): %v", names[fi], gi, g.label(), err)
			}
		}
	}
	out.Sensitivity = addSensitivity(files)
	out.Ladder = cloneLadder(files[0].Ladder)
	for _, f := range files[1:] {
		addLadder(out.Ladder, f.Ladder)
	}
	return nil
}
