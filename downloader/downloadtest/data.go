package downloadtest

import (
	"encoding/binary"
	"math/rand/v2"
)

// Data returns n deterministic pseudo-random bytes: the same n and seed always
// give the same bytes, and different seeds give unrelated bytes.
func Data(n int, seed int64) []byte {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], uint64(seed))
	b := make([]byte, n)
	// ChaCha8.Read never fails.
	_, _ = rand.NewChaCha8(key).Read(b)
	return b
}
