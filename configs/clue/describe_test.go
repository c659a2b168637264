package clue

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestDescribe draws the board and the Boss table, and refuses an unknown section.
func TestDescribe(t *testing.T) {
	l, err := LoadDir("", nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Describe(&b, l, ""); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Board (25 rows x 24 columns)", "gggGgg...mmmmmm...zzzzzz", "barinade",
		"Take an extra turn. Play now or keep until needed.", "rules.ganondorf_eighth", "eliminate_drawer",
		"Hyrule Castle", "zelda_wisdom"} {
		if !strings.Contains(out, want) {
			t.Errorf("the description lacks %q", want)
		}
	}
	if err := Describe(&b, l, "ganon"); err == nil {
		t.Error("an unknown section is accepted")
	}
	b.Reset()
	if err := DescribeJSON(&b, l, "bosses"); err != nil {
		t.Fatal(err)
	}
	var m map[string][]map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil || len(m["bosses"]) != 17 {
		t.Errorf("bosses JSON: %v, %d entries", err, len(m["bosses"]))
	}
}
