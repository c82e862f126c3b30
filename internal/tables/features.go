package tables

// Features name parts of the engine that a catalogue may not use. In
// errcat every one is on, since the engine runs whatever catalogue it is
// given. A generated package holds one catalogue: the code generator
// turns off each feature its tables do not use and leaves out the code
// the feature guards, so a small catalogue does not carry the engine's
// every part.
//
// The engine tests a feature in one way only: as the first operand of an
// if statement's condition (if tables.UsesJSON && ... { ... }), with
// nothing declared outside the statement that only the statement uses.
// When the feature is off the generator drops the statement, keeping its
// else branch if it has one, so the branch taken must be one that does
// nothing for tables without the feature; when it is on, the generator
// drops the feature from the condition.
const (
	// UsesJSON: a rule tests a JSON field (json:, in its match or its
	// guard), or reads a timing hint from one.
	UsesJSON = true
	// UsesTokens: a rule reads the token counts of a context-window
	// failure (a hint that wants tokens).
	UsesTokens = true
)
