// Package eboard speaks to DGT electronic chessboards: the protocol's
// messages (Decoder, Encode), the board dump, field updates, serial
// number and version (docs/eboard.md has the facts), the squares as the
// board engine numbers them whichever way round the board stands
// (Orientation, found from the start position), and a connection that
// outlives the board (Conn): a board that disappears (a USB cable pulled,
// a Bluetooth link lost) is reopened and re-synchronised from a board
// dump when it comes back.
//
// The port is a small interface (Port, opened by an Opener) so that
// tests speak to an emulated board over a pseudo-terminal pair (package
// eboard/eboardtest); OpenSerial opens a real serial port (9600 baud,
// 8N1, no flow control) with go.bug.st/serial, which sets raw mode and
// the line, takes the port exclusively, interrupts a blocked read when
// the port is closed and reports an unplugged USB board as an error
// (rather than end of file, as the kernel gives it); and lists the
// machine's serial ports with their USB identities for tandem probe. The
// standard library has no terminal settings for a serial line.
//
// The package is an edge: it translates bytes to reports (Report) and
// nothing more. What a board's changes mean for the match is package
// eboard/infer's; the daemon joins the two (docs/eboard.md).
package eboard
