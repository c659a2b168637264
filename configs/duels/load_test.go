package duels

import "testing"

func TestDefaultLoads(t *testing.T) {
	l, err := LoadDir("", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Data.Teams) != 10 || len(l.Data.Maps) != 4 || len(l.Data.Faces) != 6 {
		t.Fatalf("teams %d maps %d faces %d", len(l.Data.Teams), len(l.Data.Maps), len(l.Data.Faces))
	}
}
