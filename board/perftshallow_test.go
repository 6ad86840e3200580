//go:build !perftdeep

package board_test

// perftDeep: only counts up to shallowNodes in a plain go test.
const perftDeep = false
