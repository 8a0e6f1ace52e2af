package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCountMethods counts the methods of a small tree: pointer and value
// receivers and generic types count for their type, test files and
// testdata do not, and only types over the limit are listed.
func TestCountMethods(t *testing.T) {
	root := t.TempDir()
	write := func(path, src string) {
		t.Helper()
		full := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	methods := func(recv string, n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString("func (" + recv + ") M" + string(rune('a'+i)) + "() {}\n")
		}
		return b.String()
	}
	write("a/big.go", "package a\ntype Big struct{}\n"+methods("b *Big", 3))
	write("a/more.go", "package a\n"+strings.ReplaceAll(methods("b Big", 2), "M", "N"))
	write("a/small.go", "package a\ntype Small struct{}\n"+methods("s Small", 2))
	write("a/big_test.go", "package a\n"+strings.ReplaceAll(methods("b *Big", 5), "M", "T"))
	write("b/gen.go", "package b\ntype List[T any] struct{}\n"+methods("l *List[T]", 4))
	write("c/testdata/x.go", "package x\ntype X struct{}\n"+methods("x X", 9))
	counts, err := countMethods(root)
	if err != nil {
		t.Fatal(err)
	}
	over := overLimit(counts, 3)
	want := []typeCount{{pkg: filepath.Join(root, "a"), name: "Big", methods: 5}, {pkg: filepath.Join(root, "b"), name: "List", methods: 4}}
	if len(over) != len(want) || over[0] != want[0] || over[1] != want[1] {
		t.Fatalf("over the limit: %+v, want %+v", over, want)
	}
}
