package kernelvm

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// ansi matches the terminal control sequences the firmware writes.
var ansi = regexp.MustCompile(`\x1bc|\x1b\[[0-9;?]*[A-Za-z]`)

// Busybox is where Debian's busybox-static puts its binary.
const Busybox = "/bin/busybox"

// File is one file of an initramfs.
type File struct {
	// Path inside the VM ("/bin/tandem").
	Path string
	// From is a host file to copy, or Data the content.
	From string
	Data []byte
	Mode os.FileMode
}

// Initramfs writes a gzip'd cpio (newc) archive holding files to out, with
// Debian's cpio. Archives may be concatenated: the kernel unpacks each in
// turn, so a VM's fixed part is built once and each boot adds a small one.
func Initramfs(ctx context.Context, out string, files []File) error {
	stage, err := os.MkdirTemp("", "initramfs-")
	if err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	defer os.RemoveAll(stage)
	for _, f := range files {
		p := filepath.Join(stage, f.Path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("kernelvm: %w", err)
		}
		data := f.Data
		if f.From != "" {
			if data, err = os.ReadFile(f.From); err != nil {
				return fmt.Errorf("kernelvm: %w", err)
			}
		}
		mode := f.Mode
		if mode == 0 {
			mode = 0o644
		}
		if err := os.WriteFile(p, data, mode); err != nil {
			return fmt.Errorf("kernelvm: %w", err)
		}
	}
	var list bytes.Buffer
	filepath.WalkDir(stage, func(p string, d os.DirEntry, err error) error {
		if err == nil && p != stage {
			rel, _ := filepath.Rel(stage, p)
			list.WriteString(rel + "\n")
		}
		return nil
	})
	cmd := exec.CommandContext(ctx, "cpio", "--quiet", "-o", "-H", "newc", "--owner=0:0")
	cmd.Dir, cmd.Stdin = stage, &list
	var arch, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &arch, &errb
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("kernelvm: cpio: %v: %s", err, errb.String())
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	zw.Write(arch.Bytes())
	zw.Close()
	if err := os.WriteFile(out, gz.Bytes(), 0o644); err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	return nil
}

// CheckStatic fails unless path is a statically linked ELF program (no
// interpreter): the VM has no libc. Build Go programs with CGO_ENABLED=0.
func CheckStatic(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return fmt.Errorf("kernelvm: %s: %w", path, err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return fmt.Errorf("kernelvm: %s is dynamically linked: build it with CGO_ENABLED=0", path)
		}
	}
	return nil
}

// InitScript is the VM's /init: it mounts the kernel's file systems, loads
// modules (in order, from /lib/modules), runs the command line cmd with
// the kernel's command line's tandem.* words in its environment, and powers
// off when it returns.
func InitScript(modules []string, cmd string) []byte {
	var b strings.Builder
	b.WriteString("#!/bin/busybox sh\n/bin/busybox --install -s /bin\n")
	b.WriteString("mount -t proc none /proc\nmount -t sysfs none /sys\nmount -t devtmpfs none /dev\n")
	for _, m := range modules {
		fmt.Fprintf(&b, "insmod /lib/modules/%s.ko || echo 'INIT-FAIL insmod %s'\n", m, m)
	}
	b.WriteString("mount -t configfs none /sys/kernel/config 2>/dev/null\n")
	b.WriteString("for w in $(cat /proc/cmdline); do case $w in tandem.*=*) k=${w%%=*}; export TANDEM_${k#tandem.}=\"${w#*=}\";; esac; done\n")
	fmt.Fprintf(&b, "%s\necho \"GUEST-EXIT $?\"\nsync\npoweroff -f\n", cmd)
	return []byte(b.String())
}

// VMOpts configures Boot.
type VMOpts struct {
	Kit *Kit
	// Initrd are gzip'd cpio archives, unpacked in order (later files win).
	Initrd []string
	// Disks are raw disk images, /dev/vda, /dev/vdb... in order.
	Disks []string
	// Append is added to the kernel's command line ("tandem.mode=gpio":
	// the init exports TANDEM_mode=gpio).
	Append string
	// MemoryMB: zero means 512 (a Pi Zero 2 W's memory).
	MemoryMB int
	// CPUs: zero means 1.
	CPUs int
	// Log receives every console line as it comes; nil discards them.
	Log io.Writer
}

// VM is a running QEMU.
type VM struct {
	cmd   *exec.Cmd
	lines chan Line
	done  chan struct{}
	err   error

	mu     sync.Mutex
	killed bool
	start  time.Time
}

// Line is one line of the VM's serial console and when the host read it.
type Line struct {
	Text string
	At   time.Time
}

// Boot starts QEMU on o's kernel: the console on the serial port, no
// network, no reboot (the init's poweroff ends QEMU). It returns once
// QEMU runs; Lines delivers the console.
func Boot(ctx context.Context, o *VMOpts) (*VM, error) {
	initrd := o.Initrd[0]
	var joined string // removed when QEMU ends: it reads the file as it starts
	if len(o.Initrd) > 1 {
		f, err := os.CreateTemp("", "initrd-*.gz")
		if err != nil {
			return nil, fmt.Errorf("kernelvm: %w", err)
		}
		for _, p := range o.Initrd {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("kernelvm: %w", err)
			}
			f.Write(b)
		}
		f.Close()
		initrd, joined = f.Name(), f.Name()
	}
	mem, cpus := o.MemoryMB, o.CPUs
	if mem == 0 {
		mem = 512
	}
	if cpus == 0 {
		cpus = 1
	}
	args := []string{
		"-m", fmt.Sprint(mem), "-smp", fmt.Sprint(cpus), "-nographic", "-no-reboot", "-nic", "none",
		"-kernel", o.Kit.Kernel, "-initrd", initrd,
		"-append", "console=ttyS0 quiet panic=-1 " + o.Append,
	}
	for _, d := range o.Disks {
		// cache=unsafe: the guest's flushes are not passed on to the host's
		// disk. The power cut is QEMU's death, not the host's: what the
		// guest wrote to its virtual disk is in the image (the host's page
		// cache keeps it), what it had not is lost, and a guest fsync still
		// waits for its writes to reach the image. The host's own fsyncs
		// would only make each trial wait on this machine's shared disk.
		args = append(args, "-drive", "file="+d+",format=raw,if=virtio,cache=unsafe")
	}
	cmd := exec.CommandContext(ctx, "qemu-system-x86_64", args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("kernelvm: %w", err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		if joined != "" {
			os.Remove(joined)
		}
		return nil, fmt.Errorf("kernelvm: starting qemu-system-x86_64 (apt-get install qemu-system-x86): %w", err)
	}
	vm := &VM{cmd: cmd, lines: make(chan Line, 4096), done: make(chan struct{}), start: time.Now()}
	log := o.Log
	if log == nil {
		log = io.Discard
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			// The firmware's terminal resets (ESC c, CSI ...) share the
			// line with the guest's first output: drop them.
			t := ansi.ReplaceAllString(strings.TrimRight(sc.Text(), "\r"), "")
			fmt.Fprintln(log, t)
			vm.lines <- Line{Text: t, At: time.Now()}
		}
		err := cmd.Wait()
		if joined != "" {
			os.Remove(joined)
		}
		vm.mu.Lock()
		if err != nil && !vm.killed {
			vm.err = fmt.Errorf("kernelvm: qemu: %v: %s", err, stderr.String())
		}
		vm.mu.Unlock()
		close(vm.lines)
		close(vm.done)
	}()
	return vm, nil
}

// Lines delivers the console's lines; it is closed when QEMU has ended.
func (vm *VM) Lines() <-chan Line { return vm.lines }

// Kill is the power cut: SIGKILL to QEMU, so whatever the guest had not
// written to its virtual disk is gone, as a power cut loses a Pi's page
// cache. It returns when QEMU has ended (the disk images are then
// complete on the host).
func (vm *VM) Kill() time.Time {
	vm.mu.Lock()
	vm.killed = true
	vm.mu.Unlock()
	at := time.Now()
	vm.cmd.Process.Kill()
	for range vm.lines {
	}
	<-vm.done
	return at
}

// Wait waits for QEMU to end and returns its error (nil after Kill or a
// clean power-off).
func (vm *VM) Wait() error {
	<-vm.done
	return vm.err
}

// Elapsed is how long the VM has run.
func (vm *VM) Elapsed() time.Duration { return time.Since(vm.start) }

// ErrTimeout is returned by Collect when the VM did not finish in time.
var ErrTimeout = errors.New("kernelvm: the VM did not finish in time")

// Collect reads the console until QEMU ends, killing it after timeout,
// and returns every line.
func (vm *VM) Collect(timeout time.Duration) ([]Line, error) {
	var got []Line
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-vm.lines:
			if !ok {
				return got, vm.Wait()
			}
			got = append(got, l)
		case <-t.C:
			vm.Kill()
			return got, ErrTimeout
		}
	}
}
