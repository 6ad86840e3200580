// Package tomlline finds the line, counted from 1, where a TOML document
// names a key, for the error messages of tandem's TOML files (the table's
// configuration, the tournament file).
//
// go-toml's decoder keeps no positions for values that decode without an
// error, so a semantic error ("unknown stalemate", "rating 4000") has no
// line to point at. New builds an Index of every key with go-toml's own
// parser (its unstable package), so that the index and the decoder agree
// on what a key is: bare, quoted and dotted keys, keys of inline tables,
// [tables] and [[arrays of tables]]. Kind and Describe name a decoded
// value in those messages ("got an integer").
//
// A path is a key's parts as the file names them, with the index (from
// 0) of an array element as a part: {"team", "2", "players", "0",
// "rating"} is the third [[team]]'s first player's rating, whether the
// players are an inline array or [[team.players]] tables.
package tomlline
