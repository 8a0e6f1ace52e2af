//go:build !race

package gui

// raceEnabled says the tests run under the race detector, which makes
// large batches several times slower.
const raceEnabled = false
