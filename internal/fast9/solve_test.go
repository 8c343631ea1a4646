package fast9

// Test-only helpers: the function form of Solver.Solve and a plain
// reference for nz27.

import "context"

// Solve is Solver.Solve on a new Solver.
func Solve(ctx context.Context, cells *[81]uint8, sol *[81]uint8, o Options) (int, Stats, error) {
	var s Solver
	return s.Solve(ctx, cells, sol, o)
}

// nz is 1 if x is not 0, else 0 (a compare and a set, no branch).
func nz(x uint32) uint32 {
	if x != 0 {
		return 1
	}
	return 0
}
