package codegen

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"
)

// enumConsts names the values of a package's enumerated types: for each
// type that constants of the package are declared with, the value of each
// constant, by the name declared first with it.
func enumConsts(pkg *types.Package) map[string]map[uint64]string {
	var consts []*types.Const
	for _, name := range pkg.Scope().Names() {
		c, ok := pkg.Scope().Lookup(name).(*types.Const)
		if !ok {
			continue
		}
		if named, ok := c.Type().(*types.Named); ok && named.Obj().Pkg() == pkg {
			consts = append(consts, c)
		}
	}
	sort.Slice(consts, func(i, j int) bool { return consts[i].Pos() < consts[j].Pos() })
	out := map[string]map[uint64]string{}
	for _, c := range consts {
		v, ok := enumValue(c.Val())
		if !ok {
			continue
		}
		t := c.Type().(*types.Named).Obj().Name()
		if out[t] == nil {
			out[t] = map[uint64]string{}
		}
		if _, dup := out[t][v]; !dup {
			out[t][v] = c.Name()
		}
	}
	return out
}

// enumValue is an integer constant's value as the writer looks it up: its
// bits, whatever its sign.
func enumValue(v constant.Value) (uint64, bool) {
	if v.Kind() != constant.Int {
		return 0, false
	}
	if u, ok := constant.Uint64Val(v); ok {
		return u, true
	}
	i, ok := constant.Int64Val(v)
	return uint64(i), ok
}

// tablesEnums reads internal/tables' enumerated constants from its source.
func tablesEnums() (map[string]map[uint64]string, error) {
	m := &merged{fset: token.NewFileSet(), text: map[*token.File][]byte{}}
	for _, u := range units {
		if u.path == tablesPath {
			c, err := m.check(u, map[string]*types.Package{})
			if err != nil {
				return nil, err
			}
			return enumConsts(c.pkg), nil
		}
	}
	panic("codegen: no unit for internal/tables")
}
