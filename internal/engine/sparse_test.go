package engine

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// sparseNodes holds, for each case of sparseCases, the nodes one goroutine
// visits counting to 2 today. The near-empty grids once stopped a search
// for seconds (shared weights; see parallel.go): TestSparseNodes fails
// when a change more than doubles any of them.
var sparseNodes = map[string]int64{
	"empty16": 178,
	"empty25": 462,
	"empty36": 1040,
	"empty49": 2006,
	"empty64": 10040,
	"excl25":  499,
	"excl64":  22195,
	"two25":   472,
	"two49":   2310,
}

func TestSparseNodes(t *testing.T) {
	cases := sparseCases()
	if len(cases) != len(sparseNodes) {
		t.Fatalf("%d sparse cases, %d node counts", len(cases), len(sparseNodes))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := NewSolver(c.order)
			if err != nil {
				t.Fatal(err)
			}
			o := Options{Limit: 2}
			if c.excl != nil {
				o.Exclude = c.excl[0]
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			sol := make([]uint8, len(c.puzzles[0]))
			n, st, err := s.Solve(ctx, c.puzzles[0], sol, o)
			if err != nil || n != 2 {
				t.Fatalf("%d solutions, %v", n, err)
			}
			checkSolution(t, c.order, c.puzzles[0], sol)
			for _, e := range o.Exclude {
				if sol[e.Cell] == e.Value {
					t.Fatalf("the solution has excluded %d in cell %d", e.Value, e.Cell)
				}
			}
			if want := sparseNodes[c.name]; st.Nodes > 2*want {
				t.Errorf("%d nodes, more than twice the %d of today", st.Nodes, want)
			}
		})
	}
}

// BenchmarkSparse solves the near-empty and adversarial grids on one
// goroutine (see sparseCases; the dig cases, the generator's check with
// Options.Exclude, need ../shared/data): wall and CPU time, allocations (none once
// warm), guesses and nodes per search.
//
//	go test -run X -bench Sparse -benchmem ./internal/engine/
func BenchmarkSparse(b *testing.B) {
	cases := sparseCases()
	cases = append(cases, parCase{name: "dig-order4_unique", order: 4}, parCase{name: "dig-order5_unique", order: 5})
	for _, c := range cases {
		for _, limit := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/limit=%d", c.name, limit), func(b *testing.B) {
				if c.puzzles == nil {
					c = digCase(b, "big/"+c.name[len("dig-"):]+".txt", c.order, 20)
				}
				s, err := NewSolver(c.order)
				if err != nil {
					b.Fatal(err)
				}
				sol := make([]uint8, len(c.puzzles[0]))
				ctx := context.Background()
				solve := func() (st Stats) {
					for i, p := range c.puzzles {
						o := Options{Limit: limit}
						if c.excl != nil {
							o.Exclude = c.excl[i]
						}
						_, pst, err := s.Solve(ctx, p, sol, o)
						if err != nil {
							b.Fatal(err)
						}
						st.Guesses += pst.Guesses
						st.Nodes += pst.Nodes
					}
					return st
				}
				solve() // warm: the Solver makes its stack on first use
				var st Stats
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := procCPU()
				for b.Loop() {
					st = solve()
				}
				n := float64(len(c.puzzles))
				if cpu := procCPU() - cpu0; cpu > 0 {
					// Steadier than wall time on a busy machine.
					b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N)/n, "cpu-ms/search")
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N)/n, "ms/search")
				b.ReportMetric(float64(st.Guesses)/n, "guesses/search")
				b.ReportMetric(float64(st.Nodes)/n, "nodes/search")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
