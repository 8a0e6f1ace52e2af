package queue

import "errors"

// ErrInUse says another running Haul holds the queue file.
var ErrInUse = errors.New("another Haul is using this download list")
