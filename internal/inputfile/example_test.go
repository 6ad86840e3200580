package inputfile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"tandem/internal/inputfile"
)

func Example() {
	dir, _ := os.MkdirTemp("", "inputfile")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "game.bpgn")
	os.WriteFile(path, make([]byte, 5<<20), 0o644)

	_, err := inputfile.Read(path, 4<<20)
	fmt.Println(err == nil, filepath.Base(err.Error()))
	_, err = inputfile.Read("/dev/zero", 4<<20)
	fmt.Println(err)
	// Output:
	// false game.bpgn: too large (5 MiB; at most 4 MiB)
	// /dev/zero is a character device, not a regular file (tandem reads files, not devices or pipes that may never end)
}
