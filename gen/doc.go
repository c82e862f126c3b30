package gen

// The shipped catalogue (../catalogue) compiled into Go by errcat generate.
// `make generate` regenerates it; a test fails when it is stale, and
// another holds it to internal/match's answers on every fixture.

//go:generate go run ../cmd/errcat generate --catalogue ../catalogue --package gen --out errcat_gen.go
