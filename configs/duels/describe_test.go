package duels

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestDescribeDrawsTeamsAndMaps prints every section and checks what a designer looks for.
func TestDescribeDrawsTeamsAndMaps(t *testing.T) {
	l := loadDefault(t)
	var b bytes.Buffer
	if err := Describe(&b, l, ""); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Team zelda: Zelda and Impa (healer)", "zelda_hidden_identity",
		"clock 3", "Map lost_woods", "~ creek: blocks movement true, blocks shots false",
		"moves through creek", "heart_heal", "Die: 2, 3, 4, 3_all, 4_all, heart", "31 cards"} {
		if !strings.Contains(out, want) {
			t.Errorf("description lacks %q", want)
		}
	}
	b.Reset()
	if err := Describe(&b, l, "leever_desert"); err != nil || !strings.Contains(b.String(), "crossed at 2 damage") || strings.Contains(b.String(), "Team") {
		t.Errorf("one map: err %v\n%s", err, b.String())
	}
	if err := Describe(&b, l, "nope"); err == nil || !strings.Contains(err.Error(), "team or map id") {
		t.Errorf("unknown section: %v", err)
	}
}

// TestDescribeJSON prints sections as JSON with the data files' names.
func TestDescribeJSON(t *testing.T) {
	l := loadDefault(t)
	var b bytes.Buffer
	if err := DescribeJSON(&b, l, ""); err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b.Bytes(), &all); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"rules", "die", "teams", "maps", "fingerprint"} {
		if _, ok := all[k]; !ok {
			t.Errorf("JSON lacks %s", k)
		}
	}
	b.Reset()
	if err := DescribeJSON(&b, l, "ganon"); err != nil || !strings.Contains(b.String(), `"ganon_dark_orb"`) {
		t.Errorf("one team as JSON: %v", err)
	}
}
