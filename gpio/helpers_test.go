package gpio_test

import pgpio "periph.io/x/conn/v3/gpio"

func gpioValue(v uint64) pgpio.GPIOValue { return pgpio.GPIOValue(v) }
