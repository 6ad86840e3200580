package eboard

import (
	"fmt"

	"go.bug.st/serial"
	"go.bug.st/serial/enumerator"
)

// A serial port is a Port.
var _ Port = serial.Port(nil)

// Baud is the DGT boards' line speed (8 data bits, no parity, one stop
// bit, no flow control).
const Baud = 9600

// OpenSerial opens the serial port at path (e.g. /dev/ttyACM0, or a
// /dev/serial/by-id/ name that stays the same whichever USB socket the
// board is in) at Baud, 8N1, raw, no flow control, exclusively.
func OpenSerial(path string) (Port, error) {
	p, err := serial.Open(path, &serial.Mode{BaudRate: Baud, DataBits: 8, Parity: serial.NoParity, StopBits: serial.OneStopBit})
	if err != nil {
		return nil, fmt.Errorf("eboard: %s: %w", path, err)
	}
	return p, nil
}

// PortInfo is one serial port of the machine, as ListPorts finds it.
type PortInfo struct {
	// Path is the device, e.g. /dev/ttyACM0.
	Path string
	// USB is true for a USB serial port, with its vendor and product ids
	// (hex, e.g. "2156"), serial number and product name when known.
	USB                 bool
	VID, PID, USBSerial string
	Product             string
}

// ListPorts returns the machine's serial ports (USB ones with their
// identities), for tandem probe: a DGT board is among them.
func ListPorts() ([]PortInfo, error) {
	ports, err := enumerator.GetDetailedPortsList()
	if err != nil {
		return nil, fmt.Errorf("eboard: listing the serial ports: %w", err)
	}
	out := make([]PortInfo, 0, len(ports))
	for _, p := range ports {
		out = append(out, PortInfo{Path: p.Name, USB: p.IsUSB, VID: p.VID, PID: p.PID, USBSerial: p.SerialNumber, Product: p.Product})
	}
	return out, nil
}
