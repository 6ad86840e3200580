// Package inputfile reads the files tandem is given (configurations,
// records, BPGN records, timelines, tournament files, results) through a
// size limit, before anything parses them: no input, however large, can
// exhaust the memory of a Raspberry Pi with 512 MB (docs/record.md,
// "Bounded input").
//
// Read refuses what is not a regular file: a FIFO or a device such as
// /dev/zero may never end, and a directory is not an input. It opens
// without blocking (a FIFO with no writer would otherwise hang the open)
// and checks the size the file system reports before reading a byte.
// ReadAll reads a stream (standard input) through the same limit.
package inputfile
