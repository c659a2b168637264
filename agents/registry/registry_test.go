package registry

import (
	"fmt"
	"strings"
	"testing"
)

func TestRegistry(t *testing.T) {
	r := New[func() int]("test agents", "test agent")
	if err := r.Register("two", "returns 2", func() int { return 2 }); err != nil {
		t.Fatal(err)
	}
	if err := r.Register("one", "returns 1", func() int { return 1 }); err != nil {
		t.Fatal(err)
	}
	if err := r.Register("one", "again", func() int { return 1 }); err == nil || err.Error() != `test agents: "one" is already registered` {
		t.Fatalf("a second registration: %v", err)
	}
	if err := r.Register("", "nameless", nil); err == nil {
		t.Fatal("a nameless agent was registered")
	}
	f, err := r.Get("two")
	if err != nil || f() != 2 {
		t.Fatalf("Get(two): %v", err)
	}
	if _, err := r.Get("three"); err == nil || err.Error() != `unknown test agent "three" (expected one of: one, two)` {
		t.Fatalf("Get(three): %v", err)
	}
	if got := strings.Join(r.Describe(4), "|"); got != "one  returns 1|two  returns 2" {
		t.Fatalf("Describe: %q", got)
	}
}

func TestParseList(t *testing.T) {
	parse := func(item string) (string, error) {
		if item == "" {
			return "", fmt.Errorf("empty agent name")
		}
		return "<" + item + ">", nil
	}
	got, err := ParseList(" a, b ,c", parse)
	if err != nil || strings.Join(got, "") != "<a><b><c>" {
		t.Fatalf("ParseList = %q, %v; want <a><b><c>", got, err)
	}
	if _, err := ParseList("a,,c", parse); err == nil || err.Error() != "empty agent name" {
		t.Fatalf("ParseList of an empty item: err %v", err)
	}
}

// A spec names the agent and makes a fresh one each time; NewAgent makes it through a game's
// NewSpec (its errors as they are); MustRegister panics on a taken name.
func TestSpecsAndBuiltIns(t *testing.T) {
	r := New[func() *int]("test agents", "test agent")
	r.MustRegister("one", "the first", func() *int { return new(int) })
	sp, err := SpecOf(r, "one")
	if err != nil || sp.Name != "one" || sp.New() == sp.New() {
		t.Fatalf("spec %+v, %v: want one making a fresh agent each time", sp, err)
	}
	if _, err := SpecOf(r, "two"); err == nil || err.Error() != `unknown test agent "two" (expected one of: one)` {
		t.Fatalf("an unknown name: %v", err)
	}
	spec := func(name string) (Spec[*int], error) { return SpecOf(r, name) }
	if a, err := NewAgent(spec, "one"); err != nil || a == nil {
		t.Fatalf("NewAgent: %v, %v", a, err)
	}
	if a, err := NewAgent(spec, "two"); err == nil || a != nil {
		t.Fatalf("NewAgent of an unknown name: %v, %v", a, err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("MustRegister of a taken name did not panic")
		}
	}()
	r.MustRegister("one", "again", func() *int { return nil })
}
