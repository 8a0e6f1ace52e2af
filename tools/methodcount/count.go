package main

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// typeCount is how many methods one type has.
type typeCount struct {
	pkg, name string // the package's folder, and the type's name
	methods   int
}

// countMethods counts the methods of every type declared under root, by
// the folder of their package and their receiver type.
func countMethods(root string) (map[[2]string]int, error) {
	counts := map[[2]string]int{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && skippedFolder(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("read %s: %w", path, err)
		}
		pkg := filepath.Dir(path)
		for _, decl := range f.Decls {
			if name, ok := receiverName(decl); ok {
				counts[[2]string{pkg, name}]++
			}
		}
		return nil
	})
	return counts, err
}

// skippedFolder says a folder holds no code of the project's own.
func skippedFolder(name string) bool {
	return name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".")
}

// receiverName is the type a method declaration belongs to.
func receiverName(decl ast.Decl) (string, bool) {
	fn, ok := decl.(*ast.FuncDecl)
	if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
		return "", false
	}
	t := fn.Recv.List[0].Type
	for {
		switch e := t.(type) {
		case *ast.StarExpr:
			t = e.X
		case *ast.IndexExpr:
			t = e.X
		case *ast.IndexListExpr:
			t = e.X
		case *ast.ParenExpr:
			t = e.X
		case *ast.Ident:
			return e.Name, true
		default:
			return "", false
		}
	}
}

// overLimit lists the types with more than limit methods, most first.
func overLimit(counts map[[2]string]int, limit int) []typeCount {
	var over []typeCount
	for key, n := range counts {
		if n > limit {
			over = append(over, typeCount{pkg: key[0], name: key[1], methods: n})
		}
	}
	slices.SortFunc(over, func(a, b typeCount) int {
		return cmp.Or(cmp.Compare(b.methods, a.methods), cmp.Compare(a.pkg, b.pkg), cmp.Compare(a.name, b.name))
	})
	return over
}
