//go:build perftdeep

package board

// perftDeep: every depth of zh-perft.txt (go test -tags perftdeep).
const perftDeep = true
