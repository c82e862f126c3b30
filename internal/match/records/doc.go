// Package records frames text into records: lines, with a JSON value
// spread over lines joined into one, each cut to MaxRecord. A Chunker cuts
// a stream into regions that end between records, a Walk steps through
// the records of a region, and a Scanner reads a stream record by record.
// Streams are read as UTF-8, UTF-16 with a byte order mark decoded first
// (TextDecoder).
package records
