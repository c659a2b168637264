package duels

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// TeamName is how the report names team id in its sentences and on the tier-list chart, as
// people read it: the id's words capitalised ("skull_kid" is "Skull Kid", "link" "Link"). The
// results file records team ids only, not the data's display names ("Skull Kid and the
// Moblins"), and a report reads the results alone (never the data), so the name is derived from
// the id; the tables, the CSV and the gates keep the ids.
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
