package duels

import (
	"io/fs"
	"testing"
	"testing/fstest"
)

// FuzzLoadMaps feeds arbitrary text as the maps file: the loader may refuse it but never panics,
// and what it accepts has maps within the engine's limits.
func FuzzLoadMaps(f *testing.F) {
	raw, _ := fs.ReadFile(Default(), "maps.yaml")
	f.Add(string(raw))
	f.Add("maps:\n  - id: x\n    name: X\n    obstacles: [{id: a, symbol: \"#\", blocks_move: true, blocks_shot: true}]\n    grid: |\n      . #\n      # .\n    starts: {}\n")
	f.Fuzz(func(t *testing.T, text string) {
		files := fstest.MapFS{}
		ents, _ := fs.ReadDir(Default(), ".")
		for _, e := range ents {
			data, _ := fs.ReadFile(Default(), e.Name())
			files[e.Name()] = &fstest.MapFile{Data: data}
		}
		files["maps.yaml"] = &fstest.MapFile{Data: []byte(text)}
		l, err := Load(files, "fuzz", nil)
		if err != nil {
			return
		}
		for _, m := range l.Data.Maps {
			if m.Rows < 2 || m.Cols < 2 || m.Rows > 12 || m.Cols > 16 {
				t.Fatalf("accepted a %dx%d map", m.Rows, m.Cols)
			}
		}
	})
}
