package fast9

// The kernels: the band rule of propagate in assembly where the CPU has
// AVX2 or AVX-512, chosen once at start, and in Go everywhere else.

//go:generate go tool avogen -out kernels_amd64.s -stubs kernels_amd64.go -pkg fast9

import (
	"fmt"
	"os"
	"strings"
)

// The kernels of the band rule, slowest first.
const (
	kernelGo = iota
	kernelAVX2
	kernelAVX512
)

// kernelNames are the kernels' names, as Kernel and SUDOKU_FAST9 spell them.
var kernelNames = [...]string{kernelGo: "go", kernelAVX2: "avx2", kernelAVX512: "avx512"}

// kernel is the kernel in use: the best one the CPU runs, unless the
// environment variable SUDOKU_FAST9 names another.
var kernel = chooseKernel(os.Getenv("SUDOKU_FAST9"))

// kernelNote says why kernel is not what SUDOKU_FAST9 asked for, if so.
var kernelNote string

// chooseKernel returns the kernel that env (SUDOKU_FAST9's value: go,
// avx2, avx512, or empty for the best) names, if this build and CPU run
// it, else the best they run (and sets kernelNote).
func chooseKernel(env string) int {
	best := kernelGo
	for k := range kernelNames {
		if kernelRuns(k) {
			best = k
		}
	}
	env = strings.ToLower(strings.TrimSpace(env))
	if env == "" {
		return best
	}
	for k, name := range kernelNames {
		if name == env {
			if kernelRuns(k) {
				return k
			}
			kernelNote = fmt.Sprintf("SUDOKU_FAST9=%s: this build or CPU lacks it", env)
			return best
		}
	}
	kernelNote = fmt.Sprintf("SUDOKU_FAST9=%s: unknown (want go, avx2 or avx512)", env)
	return best
}

// Kernel names the kernel of the 9x9 engine in use: "avx512", "avx2" or
// "go". Without the environment variable SUDOKU_FAST9 it is the best one
// the CPU and the build run: the assembly kernels need amd64 with AVX2
// (and BMI1, BMI2) or AVX-512 (F, VL), and a build without the tag noasm.
// SUDOKU_FAST9=go, avx2 or avx512 forces one, if it runs here; otherwise
// the note (else empty) says why the best was kept.
func Kernel() (name, note string) {
	return kernelNames[kernel], kernelNote
}

// Kernels lists the kernels this build and CPU run, slowest first.
func Kernels() []string {
	var ks []string
	for k, name := range kernelNames {
		if kernelRuns(k) {
			ks = append(ks, name)
		}
	}
	return ks
}
