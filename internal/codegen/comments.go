package codegen

import (
	"bytes"
	"go/ast"
	"slices"
	"strings"
)

// docComments lists the comments of n that document the generated API:
// the doc comments of exported declarations, and the comments inside an
// exported type (its fields'). A comment that is a directive (//go:) is
// kept wherever it is.
func docComments(n *node) []*ast.CommentGroup {
	var out []*ast.CommentGroup
	for _, cg := range n.file.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:") && cg.Pos() >= startOf(n.decl) && cg.End() <= n.decl.End() {
				out = append(out, cg)
				break
			}
		}
	}
	if !n.exported() {
		return out
	}
	switch d := n.decl.(type) {
	case *ast.FuncDecl:
		out = append(out, d.Doc)
	case *ast.GenDecl:
		out = append(out, d.Doc)
		specs := d.Specs
		if n.spec != nil {
			specs = []ast.Spec{n.spec}
		}
		for _, s := range specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if !ast.IsExported(s.Name.Name) {
					continue
				}
				out = append(out, s.Doc, s.Comment)
				for _, cg := range n.file.Comments {
					if cg.Pos() > s.Pos() && cg.End() < s.End() {
						out = append(out, cg)
					}
				}
			case *ast.ValueSpec:
				if slices.ContainsFunc(s.Names, func(id *ast.Ident) bool { return ast.IsExported(id.Name) }) {
					out = append(out, s.Doc, s.Comment)
				}
			}
		}
	}
	return slices.DeleteFunc(out, func(cg *ast.CommentGroup) bool { return cg == nil })
}

// dropNodeComments clears the comment fields of d's nodes that hold a
// comment the output leaves out: the printer prints those fields itself
// when it is given no comments.
func dropNodeComments(d ast.Decl, kept map[*ast.CommentGroup]bool) {
	clear := func(cg **ast.CommentGroup) {
		if *cg != nil && !kept[*cg] {
			*cg = nil
		}
	}
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			clear(&n.Doc)
		case *ast.GenDecl:
			clear(&n.Doc)
		case *ast.TypeSpec:
			clear(&n.Doc)
			clear(&n.Comment)
		case *ast.ValueSpec:
			clear(&n.Doc)
			clear(&n.Comment)
		case *ast.ImportSpec:
			clear(&n.Doc)
			clear(&n.Comment)
		case *ast.Field:
			clear(&n.Doc)
			clear(&n.Comment)
		}
		return true
	})
}

// dropCommentLines takes out of f's line table the lines that hold
// nothing but a comment the output leaves out, and those of code that
// settleFeatures took out (m.gone), so that the printer,
// which keeps a blank line where the source had two line breaks, sees
// the code around such a comment as adjacent lines.
func (m *merged) dropCommentLines(f *ast.File, kept map[*ast.CommentGroup]bool) {
	tf := m.fset.File(f.Pos())
	src := m.text[tf]
	drop := map[int]bool{}
	for _, cg := range f.Comments {
		if kept[cg] {
			continue
		}
		for _, c := range cg.List {
			start, end := tf.Offset(c.Pos()), tf.Offset(c.End())
			lineStart := bytes.LastIndexByte(src[:start], '\n') + 1
			lineEnd := len(src)
			if i := bytes.IndexByte(src[end:], '\n'); i >= 0 {
				lineEnd = end + i
			}
			if len(bytes.TrimSpace(src[lineStart:start])) > 0 || len(bytes.TrimSpace(src[end:lineEnd])) > 0 {
				continue
			}
			for l := tf.Line(c.Pos()); l <= tf.Line(c.End()); l++ {
				if l > 1 {
					drop[l] = true
				}
			}
		}
	}
	for l := range m.gone[tf] {
		drop[l] = true
	}
	if len(drop) == 0 {
		return
	}
	lines := tf.Lines()
	kept2 := lines[:0:0]
	for i, off := range lines {
		if !drop[i+1] {
			kept2 = append(kept2, off)
		}
	}
	if !tf.SetLines(kept2) {
		panic("codegen: line table rejected for " + tf.Name())
	}
}
