package gpio_test

func gpioValue(v uint64) uint64 { return v }
