package gpio

import "errors"

// ErrNoDevice is wrapped by Open's error when the machine has no GPIO
// character device (/dev/gpiochip*): a PC, a container, a Pi whose kernel
// lacks it.
var ErrNoDevice = errors.New("no GPIO character device")
