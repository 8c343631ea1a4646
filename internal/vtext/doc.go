// Package vtext reads and writes variant puzzles (package variant) as
// text: f-puzzles JSON and its links (ReadFPuzzles, WriteFPuzzles,
// ReadLink, Link), the plain text forms of jigsaw and killer puzzles that
// books print (ReadJigsaw, WriteJigsaw, ReadKiller, WriteKiller), and the
// toolkit's own JSON line with the rules (ReadJSON, WriteJSON).
//
// Every reader returns a puzzle that passes variant's Validate, or an
// error naming the place (*PlaceError: line and column in the text given);
// every writer keeps every rule, so a round trip gives the same puzzle
// (f-puzzles writes windoku windows as extra regions, which read back as
// such). The format package's variant rows call these over its own
// lines (Lines, Detect, ReadRecord).
package vtext
