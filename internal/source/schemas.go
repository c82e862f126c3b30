package source

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/errcat/errcat/schema"
)

// lazySchema is one embedded schema, compiled the first time a file is
// checked against it. Compiling one costs milliseconds, most of it spent
// checking the schema against the draft's meta-schema, and a command
// needs one or two of the four: classify reads a catalogue and rules,
// never fixtures or a policy.
type lazySchema struct {
	once sync.Once
	s    *jsonschema.Schema
	err  error
}

var lazySchemas = func() map[string]*lazySchema {
	m := map[string]*lazySchema{}
	for _, name := range schema.Names() {
		m[name] = &lazySchema{}
	}
	return m
}()

// compiled returns the named embedded schema, compiling it once per
// process. Each gets a compiler of its own that knows every schema by its
// file name, so that one schema may refer to another's $defs (catalogue.yaml's
// guards are rule conditions) as an editor resolves the same reference
// beside the file.
func compiled(name string) (*jsonschema.Schema, error) {
	l, ok := lazySchemas[name]
	if !ok {
		return nil, fmt.Errorf("no such schema")
	}
	l.once.Do(func() {
		c := jsonschema.NewCompiler()
		c.Draft = jsonschema.Draft2020
		c.AssertFormat = true
		for _, n := range schema.Names() {
			if l.err = c.AddResource(schema.FileName(n), bytes.NewReader(schema.Source(n))); l.err != nil {
				return
			}
		}
		l.s, l.err = c.Compile(schema.FileName(name))
	})
	return l.s, l.err
}
