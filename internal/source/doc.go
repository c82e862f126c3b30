// Package source reads errcat's YAML files with their positions.
//
// YAML is parsed into yaml.v3 nodes, never straight into structs, so that
// every later complaint — a schema violation, an unknown code, a bad regex —
// can name the file, line and column of the value at fault. The same nodes
// are turned into plain JSON values for the JSON Schema check, and the
// schema's instance locations (JSON pointers) are walked back to nodes.
package source
