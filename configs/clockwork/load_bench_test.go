package clockwork

import "testing"

// BenchmarkLoadDefault measures reading, checking and building the embedded data set.
func BenchmarkLoadDefault(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(Default(), DefaultLabel, nil); err != nil {
			b.Fatal(err)
		}
	}
}
