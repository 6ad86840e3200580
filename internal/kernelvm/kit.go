package kernelvm

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The kernel the harness boots: Debian 12's, whose image, headers and
// source are served at one version (a newer kbuild serves the headers).
const (
	DefaultRelease = "6.1.0-47-amd64"
	DefaultVersion = "6.1.170-3"
)

// recipe names this file's way of building the kit; a change to the
// recipe changes it, so an old cache is rebuilt rather than trusted.
const recipe = "kit-2"

// KitOpts configures Prepare. The zero value is usable.
type KitOpts struct {
	// Release and Version are the kernel's ("6.1.0-47-amd64", the Debian
	// version "6.1.170-3"). Empty: DefaultRelease, DefaultVersion.
	Release, Version string
	// CacheDir holds one directory per kit. Empty: the user's cache
	// directory's tandem-kernel-vm (~/.cache/tandem-kernel-vm).
	CacheDir string
	// Log receives the commands' progress; nil discards it.
	Log io.Writer
}

// Kit is what a VM boots: a kernel and its modules, the gpio-sim module
// among them.
type Kit struct {
	Release string
	// Dir is the kit's cache directory.
	Dir string
	// Kernel is the kernel, uncompressed (vmlinux: QEMU boots it through
	// its PVH entry, without the seconds an emulated CPU takes to
	// decompress vmlinuz).
	Kernel string
	// Modules are the module files by name ("configfs", "gpiosim",
	// "ext4"...), all in Dir/modules.
	Modules map[string]string
	// Cached: the kit came from the cache, nothing was built.
	Cached bool
}

// kitModules are the modules a VM loads, with everything they depend on:
// configfs for gpio-sim's configuration, and the virtio disk with ext4 for
// the record (crc32c is ext4's checksum, asked for by name at mount).
var kitModules = []string{"configfs", "virtio_pci", "virtio_blk", "ext4", "crc32c_generic"}

// simSources are the files taken from the kernel's source tarball: the
// simulator and the interrupt simulator it needs (Debian builds neither).
var simSources = []string{
	"drivers/gpio/gpio-sim.c",
	"drivers/gpio/gpiolib.h",
	"kernel/irq/irq_sim.c",
}

// Prepare returns the kit of o's kernel, from the cache or built now: the
// packages downloaded with apt-get (apt-get update must have run), the
// image and headers unpacked with dpkg-deb, gpio-sim built out of tree
// against the headers (make, gcc). The unpacked packages (some 700 MB)
// are removed after the build; the kit keeps about 15 MB. Errors name
// the step and carry its output.
func Prepare(ctx context.Context, o *KitOpts) (*Kit, error) {
	var opts KitOpts
	if o != nil {
		opts = *o
	}
	if opts.Release == "" {
		opts.Release, opts.Version = DefaultRelease, DefaultVersion
	}
	if opts.Version == "" {
		return nil, errors.New("kernelvm: KitOpts.Release without Version")
	}
	if opts.CacheDir == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("kernelvm: no cache directory: %w", err)
		}
		opts.CacheDir = filepath.Join(c, "tandem-kernel-vm")
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	dir := filepath.Join(opts.CacheDir, opts.Release+"_"+opts.Version+"_"+recipe)
	if k, err := loadKit(dir, opts.Release); err == nil {
		k.Cached = true
		return k, nil
	}
	if err := build(ctx, &opts, dir); err != nil {
		return nil, err
	}
	return loadKit(dir, opts.Release)
}

// loadKit reads a finished kit (its stamp file is written last).
func loadKit(dir, release string) (*Kit, error) {
	if _, err := os.Stat(filepath.Join(dir, "ready")); err != nil {
		return nil, err
	}
	k := &Kit{Release: release, Dir: dir, Kernel: filepath.Join(dir, "vmlinux"), Modules: map[string]string{}}
	ents, err := os.ReadDir(filepath.Join(dir, "modules"))
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".ko"); ok {
			k.Modules[n] = filepath.Join(dir, "modules", e.Name())
		}
	}
	return k, nil
}

func build(ctx context.Context, o *KitOpts, dir string) error {
	if err := os.MkdirAll(o.CacheDir, 0o755); err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	work, err := os.MkdirTemp(o.CacheDir, "build-")
	if err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	defer os.RemoveAll(work)
	run := func(step string, cmd *exec.Cmd) error {
		fmt.Fprintf(o.Log, "kernelvm: %s\n", step)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("kernelvm: %s: %v\n%s", step, err, tail(out.String(), 2000))
		}
		return nil
	}
	debs := filepath.Join(work, "debs")
	root := filepath.Join(work, "root")
	os.MkdirAll(debs, 0o755)
	os.MkdirAll(root, 0o755)
	series := strings.Join(strings.SplitN(o.Version, ".", 3)[:2], ".") // "6.1"
	common := strings.TrimSuffix(o.Release, "-amd64") + "-common"      // "6.1.0-47-common"
	pkgs := []string{
		"linux-image-" + o.Release + "-unsigned=" + o.Version,
		"linux-headers-" + o.Release + "=" + o.Version,
		"linux-headers-" + common + "=" + o.Version,
		"linux-kbuild-" + series, // the newest: its scripts build any 6.1 module
		"linux-source-" + series + "=" + o.Version,
	}
	dl := exec.CommandContext(ctx, "apt-get", append([]string{"download"}, pkgs...)...)
	dl.Dir = debs
	if err := run("apt-get download "+strings.Join(pkgs, " ")+" (run apt-get update first if a version is not found)", dl); err != nil {
		return err
	}
	found, _ := filepath.Glob(filepath.Join(debs, "*.deb"))
	var source string
	for _, d := range found {
		if strings.Contains(filepath.Base(d), "linux-source") {
			source = d
			continue
		}
		if err := run("dpkg-deb -x "+filepath.Base(d), exec.CommandContext(ctx, "dpkg-deb", "-x", d, root)); err != nil {
			return err
		}
	}
	if source == "" {
		return errors.New("kernelvm: apt-get download gave no linux-source package")
	}

	// The headers' Makefile includes the common headers by absolute path:
	// point it at the unpacked copy.
	hdr := filepath.Join(root, "usr/src/linux-headers-"+o.Release)
	mk, err := os.ReadFile(filepath.Join(hdr, "Makefile"))
	if err != nil {
		return fmt.Errorf("kernelvm: the headers: %w", err)
	}
	mk = bytes.ReplaceAll(mk, []byte("include /usr/src/"), []byte("include "+root+"/usr/src/"))
	if err := os.WriteFile(filepath.Join(hdr, "Makefile"), mk, 0o644); err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}

	// Three files out of the source tarball (inside the .deb).
	mod := filepath.Join(work, "gpiosim")
	src := filepath.Join(work, "src")
	os.MkdirAll(mod, 0o755)
	os.MkdirAll(src, 0o755)
	top := "linux-source-" + series
	var members []string
	for _, f := range simSources {
		members = append(members, top+"/"+f)
	}
	pipeline := fmt.Sprintf("dpkg-deb --fsys-tarfile %q | tar -xO ./usr/src/%s.tar.xz | tar -xJ -C %q %s",
		source, top, src, strings.Join(members, " "))
	if err := run("extracting gpio-sim from the kernel source", exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", pipeline)); err != nil {
		return err
	}
	for _, f := range simSources {
		b, err := os.ReadFile(filepath.Join(src, top, f))
		if err != nil {
			return fmt.Errorf("kernelvm: %w", err)
		}
		if filepath.Base(f) == "irq_sim.c" {
			if b, err = patchIRQSim(b); err != nil {
				return err
			}
		}
		if err := os.WriteFile(filepath.Join(mod, filepath.Base(f)), b, 0o644); err != nil {
			return fmt.Errorf("kernelvm: %w", err)
		}
	}
	kbuild := "obj-m := gpiosim.o\ngpiosim-y := gpio-sim.o irq_sim.o\n"
	os.WriteFile(filepath.Join(mod, "Makefile"), []byte(kbuild), 0o644)
	if err := run("building gpiosim.ko", exec.CommandContext(ctx, "make", "-s", "-C", hdr, "M="+mod, "modules")); err != nil {
		return err
	}

	// The kit: the kernel, gpiosim.ko and the modules the VMs load with
	// what they depend on.
	tmp := dir + ".tmp"
	os.RemoveAll(tmp)
	os.MkdirAll(filepath.Join(tmp, "modules"), 0o755)
	if err := unpackKernel(ctx, filepath.Join(root, "boot/vmlinuz-"+o.Release), filepath.Join(tmp, "vmlinux")); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(mod, "gpiosim.ko"), filepath.Join(tmp, "modules/gpiosim.ko")); err != nil {
		return err
	}
	tree := filepath.Join(root, "lib/modules", o.Release, "kernel")
	paths, err := moduleClosure(tree, kitModules)
	if err != nil {
		return err
	}
	for name, p := range paths {
		if err := copyFile(p, filepath.Join(tmp, "modules", name+".ko")); err != nil {
			return err
		}
	}
	os.WriteFile(filepath.Join(tmp, "ready"), []byte(o.Release+" "+o.Version+" "+recipe+"\n"), 0o644)
	os.RemoveAll(dir)
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	return nil
}

// unpackKernel writes the uncompressed kernel (an ELF with a PVH entry:
// Debian's kernel has CONFIG_PVH) out of a bzImage: Debian compresses it
// with xz, so the xz stream inside is handed to xz.
func unpackKernel(ctx context.Context, bz, out string) error {
	b, err := os.ReadFile(bz)
	if err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	i := bytes.Index(b, []byte("\xfd7zXZ\x00"))
	if i < 0 {
		return fmt.Errorf("kernelvm: %s holds no xz stream (a kernel compressed otherwise?)", bz)
	}
	f, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	defer f.Close()
	cmd := exec.CommandContext(ctx, "xz", "-dc", "--single-stream")
	var errb bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(b[i:]), f, &errb
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("kernelvm: xz -d of the kernel: %v: %s", err, errb.String())
	}
	if _, err := elf.Open(out); err != nil {
		return fmt.Errorf("kernelvm: the unpacked kernel is no ELF: %w", err)
	}
	return nil
}

// patchIRQSim makes irq_sim.c build against 6.1's headers as a module:
// 6.1 does not export irq_to_desc, so handle_simple_irq(irq_to_desc(irq))
// becomes generic_handle_irq(irq), which is exported and does the same for
// the simulator's simple-irq descriptors.
func patchIRQSim(b []byte) ([]byte, error) {
	old := []byte("handle_simple_irq(irq_to_desc(irqnum));")
	if bytes.Count(b, old) != 1 {
		return nil, errors.New("kernelvm: irq_sim.c: the call to patch (handle_simple_irq(irq_to_desc(irqnum))) is not there once: another kernel version?")
	}
	return bytes.Replace(b, old, []byte("generic_handle_irq(irqnum);"), 1), nil
}

// moduleClosure finds the modules names and every module they depend on
// (their .modinfo "depends=") under tree, by file name.
func moduleClosure(tree string, names []string) (map[string]string, error) {
	files := map[string]string{}
	filepath.WalkDir(tree, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".ko") {
			n := strings.TrimSuffix(filepath.Base(p), ".ko")
			files[strings.ReplaceAll(n, "-", "_")] = p
		}
		return nil
	})
	out := map[string]string{}
	var visit func(n string) error
	visit = func(n string) error {
		n = strings.ReplaceAll(n, "-", "_")
		if _, ok := out[n]; ok {
			return nil
		}
		p, ok := files[n]
		if !ok {
			return fmt.Errorf("kernelvm: module %s not in the image package", n)
		}
		out[n] = p
		deps, err := moduleDepends(p)
		if err != nil {
			return err
		}
		for _, d := range deps {
			if err := visit(d); err != nil {
				return err
			}
		}
		return nil
	}
	for _, n := range names {
		if err := visit(n); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// moduleDepends reads a module's "depends=" from its .modinfo section.
func moduleDepends(path string) ([]string, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("kernelvm: %s: %w", path, err)
	}
	defer f.Close()
	s := f.Section(".modinfo")
	if s == nil {
		return nil, fmt.Errorf("kernelvm: %s has no .modinfo", path)
	}
	b, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("kernelvm: %s: %w", path, err)
	}
	for _, kv := range bytes.Split(b, []byte{0}) {
		if v, ok := bytes.CutPrefix(kv, []byte("depends=")); ok {
			if len(v) == 0 {
				return nil, nil
			}
			return strings.Split(string(v), ","), nil
		}
	}
	return nil, nil
}

// LoadOrder returns the kit's modules so that each comes after those it
// depends on (insmod's order): names and their dependencies.
func (k *Kit) LoadOrder(names ...string) ([]string, error) {
	var order []string
	seen := map[string]bool{}
	var visit func(n string) error
	visit = func(n string) error {
		if seen[n] {
			return nil
		}
		seen[n] = true
		p, ok := k.Modules[n]
		if !ok {
			return fmt.Errorf("kernelvm: module %s not in the kit", n)
		}
		deps, err := moduleDepends(p)
		if err != nil {
			return err
		}
		for _, d := range deps {
			if err := visit(strings.ReplaceAll(d, "-", "_")); err != nil {
				return err
			}
		}
		order = append(order, n)
		return nil
	}
	for _, n := range names {
		if err := visit(n); err != nil {
			return nil, err
		}
	}
	return order, nil
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		return fmt.Errorf("kernelvm: %w", err)
	}
	return nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}
