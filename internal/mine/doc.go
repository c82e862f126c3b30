// Package mine finds what a catalogue lacks: among the records no rule
// classifies, the ones that read as failures (Looks), grouped into
// templates (Miner) so that one message repeated with different ids,
// numbers, paths or hosts is one template with a count.
//
// Grouping is Drain's: each record is cut into tokens, variable-looking
// tokens are masked by their shape (<NUM>, <HEX>, <UUID>, <IP>, <URL>,
// <EMAIL>, <PATH>, <HOST>, <DURATION>, <TIME>, <ID>, and <QUOTED> for a
// quoted value of free text, spaces and all), and a fixed-depth tree
// keyed by the token count and the first words leads to the
// templates that record may join; it joins the most similar one when
// enough of its words are the template's, and the positions where they
// differ become <*>. Memory is bounded: the number of templates is
// capped, and records that would start one beyond the cap are counted,
// not kept.
package mine
