//go:build perftdeep

package board_test

// perftDeep: every depth of zh-perft.txt (go test -tags perftdeep).
const perftDeep = true
