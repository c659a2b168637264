package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
)

// ReadFile reads a results file, checking its schema.
func ReadFile(path string) (*Results, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Results
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("%s: not a results file: %v", path, err)
	}
	if r.Schema != Schema {
		return nil, fmt.Errorf("%s: schema %q, expected %q", path, r.Schema, Schema)
	}
	if r.Shard.Count < 1 || r.Shard.Index < 0 || r.Shard.Index >= r.Shard.Count {
		return nil, fmt.Errorf("%s: shard %d/%d is not valid", path, r.Shard.Index, r.Shard.Count)
	}
	for i, g := range r.Groups {
		if g == nil || len(g.Levels) != 4 || g.LossReasons == nil || g.Ganon.ShortfallHist == nil {
			return nil, fmt.Errorf("%s: group %d is incomplete", path, i)
		}
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

// Merge adds up results files of the same run (same schema, data fingerprint, seed, shard count
// and round cap) that cover different shards. Groups are matched by player count, agent,
// strategies and parameters. The merged file covers the union of the shards; when that is all
// of them its shard is 0/1, as if the run had not been split.
func Merge(files []*Results, names []string) (*Results, error) {
	if len(files) == 0 {
		return nil, errors.New("merge: no results files")
	}
	first := files[0]
	seen := map[int]string{}
	for i, f := range files {
		switch {
		case f.Schema != first.Schema:
			return nil, fmt.Errorf("merge: %s has schema %q, %s has %q", names[i], f.Schema, names[0], first.Schema)
		case f.ConfigFingerprint != first.ConfigFingerprint:
			return nil, fmt.Errorf("merge: %s was made with other data (%s) than %s (%s)", names[i], f.ConfigFingerprint, names[0], first.ConfigFingerprint)
		case f.Seed != first.Seed:
			return nil, fmt.Errorf("merge: %s has seed %d, %s has %d", names[i], f.Seed, names[0], first.Seed)
		case f.Shard.Count != first.Shard.Count:
			return nil, fmt.Errorf("merge: %s is a shard of %d, %s of %d", names[i], f.Shard.Count, names[0], first.Shard.Count)
		case f.RoundCap != first.RoundCap:
			return nil, fmt.Errorf("merge: %s has round cap %d, %s has %d", names[i], f.RoundCap, names[0], first.RoundCap)
		}
		for _, idx := range f.indexes() {
			if other, dup := seen[idx]; dup {
				return nil, fmt.Errorf("merge: %s and %s both hold shard %d/%d", other, names[i], idx, f.Shard.Count)
			}
			seen[idx] = names[i]
		}
	}
	out := &Results{Schema: first.Schema, ToolVersion: first.ToolVersion, ConfigFingerprint: first.ConfigFingerprint,
		Seed: first.Seed, RoundCap: first.RoundCap, CampaignsRequested: first.CampaignsRequested, Precision: first.Precision}
	var all []int
	for idx := range seen {
		all = append(all, idx)
	}
	sort.Ints(all)
	if len(all) == first.Shard.Count {
		out.Shard = Shard{Index: 0, Count: 1}
	} else {
		out.Shard = Shard{Index: all[0], Count: first.Shard.Count, Merged: all}
	}
	byKey := map[string]*Group{}
	for _, f := range files {
		out.Partial = out.Partial || f.Partial
		if f.Stopped != "" && out.Stopped != StoppedInterrupted {
			out.Stopped = f.Stopped
		}
		for _, g := range f.Groups {
			k := g.key()
			dst, ok := byKey[k]
			if !ok {
				dst = cloneEmpty(g)
				byKey[k] = dst
				out.Groups = append(out.Groups, dst)
			}
			if err := addGroup(dst, g); err != nil {
				return nil, fmt.Errorf("merge: %v", err)
			}
		}
	}
	return out, nil
}

// cloneEmpty makes an empty group shaped like g.
func cloneEmpty(g *Group) *Group {
	c := &Group{Players: g.Players, Agent: g.Agent, Strategies: g.Strategies, Params: g.Params, ConfigFingerprint: g.ConfigFingerprint,
		LossReasons: map[string]int64{}, FinalShardsHist: make([]int64, len(g.FinalShardsHist)),
		Ganon: GanonStats{ShortfallHist: map[string][]int64{}}}
	for _, l := range g.Levels {
		c.Levels = append(c.Levels, &LevelStats{Level: l.Level, RoundsHist: make([]int64, len(l.RoundsHist)),
			ShardsGainedHist: make([]int64, len(l.ShardsGainedHist)), SpecialRoomsHist: make([]int64, len(l.SpecialRoomsHist)),
			LossReasons: map[string]int64{}})
	}
	for _, t := range g.Temples {
		c.Temples = append(c.Temples, &TempleStat{Temple: t.Temple, Level: t.Level})
	}
	for k, h := range g.Ganon.ShortfallHist {
		c.Ganon.ShortfallHist[k] = make([]int64, len(h))
	}
	return c
}

func addHist(dst, src []int64, what string) error {
	if len(dst) != len(src) {
		return fmt.Errorf("%s histograms have different lengths", what)
	}
	for i := range src {
		dst[i] += src[i]
	}
	return nil
}

// addGroup adds src's counts to dst (same shape).
func addGroup(dst, src *Group) error {
	dst.Campaigns += src.Campaigns
	dst.Wins += src.Wins
	dst.Timeouts += src.Timeouts
	for k, v := range src.LossReasons {
		dst.LossReasons[k] += v
	}
	if err := addHist(dst.FinalShardsHist, src.FinalShardsHist, "final_shards"); err != nil {
		return err
	}
	if len(dst.Levels) != len(src.Levels) || len(dst.Temples) != len(src.Temples) {
		return errors.New("groups have different levels or temples")
	}
	for i, l := range src.Levels {
		d := dst.Levels[i]
		d.Attempts += l.Attempts
		d.Successes += l.Successes
		d.Kills += l.Kills
		d.TimeTokensSpent += l.TimeTokensSpent
		d.ShardsBurned += l.ShardsBurned
		d.BossReached += l.BossReached
		d.Timeouts += l.Timeouts
		for k, v := range l.LossReasons {
			d.LossReasons[k] += v
		}
		for _, e := range []error{addHist(d.RoundsHist, l.RoundsHist, "rounds"), addHist(d.ShardsGainedHist, l.ShardsGainedHist, "shards_gained"),
			addHist(d.SpecialRoomsHist, l.SpecialRoomsHist, "special_rooms")} {
			if e != nil {
				return e
			}
		}
	}
	for i, t := range src.Temples {
		d := dst.Temples[i]
		if d.Temple != t.Temple || d.Level != t.Level {
			return errors.New("groups list their temples differently")
		}
		d.Attempts += t.Attempts
		d.Successes += t.Successes
		d.RoundsSum += t.RoundsSum
		d.ShardsSum += t.ShardsSum
	}
	dst.Ganon.Reached += src.Ganon.Reached
	dst.Ganon.Defeated += src.Ganon.Defeated
	for k, h := range src.Ganon.ShortfallHist {
		dh, ok := dst.Ganon.ShortfallHist[k]
		if !ok {
			return fmt.Errorf("unknown shortfall skill %q", k)
		}
		if err := addHist(dh, h, "shortfall"); err != nil {
			return err
		}
	}
	return nil
}
