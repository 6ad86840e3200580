package infer_test

import "time"

type timeDuration = time.Duration
