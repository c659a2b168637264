package duels

import (
	"strings"

	"unicode"
	"unicode/utf8"

	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// TeamName is how the report names team id on the tier-list chart, as people read it: the id's
// words capitalised ("skull_kid" is "Skull Kid", "link" "Link"), short enough for a chart's
// label; the sentences use the name the results record (teamNames); the tables, the CSV and the
// gates keep the ids.
func TeamName(id string) string {
	words := strings.FieldsFunc(id, func(r rune) bool { return r == '_' || r == '-' || r == ' ' })
	if len(words) == 0 {
		return "?"
	}
	for i, w := range words {
		r, n := utf8.DecodeRuneInString(w)
		words[i] = string(unicode.ToUpper(r)) + w[n:]
	}
	return strings.Join(words, " ")
}

// teamNames maps the team ids of res to the names the results record for them ("Link and
// Navi"); a team a file does not name (written before names were recorded) is named TeamName.
type teamNames map[string]string

// namesOf reads the recorded team names of res.
func namesOf(res *sim.Results) teamNames {
	out := teamNames{}
	for _, g := range res.Groups {
		if st := duelssim.Of(g); st != nil {
			for id, t := range st.Teams {
				if t != nil && t.Name != "" {
					out[id] = t.Name
				}
			}
		}
	}
	return out
}

// of is the name of team id in a sentence.
func (n teamNames) of(id string) string {
	if name, ok := n[id]; ok {
		return name
	}
	return TeamName(id)
}

// wins is the verb of a team's name: "Link and Navi win", "Link wins".
func wins(name string) string {
	if strings.Contains(name, " and ") {
		return name + " win"
	}
	return name + " wins"
}
