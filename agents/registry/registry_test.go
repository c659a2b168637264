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
