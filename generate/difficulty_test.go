package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
)

func TestDifficulty(t *testing.T) {
	tests := []struct {
		name string
		d    *Difficulty
	}{
		{"easy", ForLevel(logic.Easy)},
		{"hard", ForLevel(logic.Hard)},
		{"x-wing", &Difficulty{HasTechnique: true, Technique: logic.XWing}},
		{"2.6-3.0", &Difficulty{MinER: 26, MaxER: 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(Options{Seed: 7, Difficulty: tt.d, Workers: 2, Attempts: 5000})
			if err != nil {
				t.Fatal(err)
			}
			var got []*Puzzle
			err = g.Run(context.Background(), 0, 3, func(p *Puzzle) error {
				got = append(got, p)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range got {
				if !p.TargetMet || !tt.d.fits(p.Rating) {
					t.Fatalf("puzzle %d: rating %v does not fit %+v", p.Index, p.Rating, *tt.d)
				}
				// The rating is the logic package's, made afresh.
				r, err := logic.Rate(context.Background(), p.Grid, logic.Options{})
				if err != nil || r.ER != p.Rating.ER {
					t.Fatalf("puzzle %d: rated %v (%v) again, generator said %s", p.Index, r, err, p.Rating)
				}
				res, err := sudoku.Count(context.Background(), p.Grid, 2, sudoku.Options{})
				if err != nil || res.Count != 1 || !p.Minimal {
					t.Fatalf("puzzle %d: %d solutions, minimal %v", p.Index, res.Count, p.Minimal)
				}
			}
			// The same seed gives the same puzzles, one worker or two.
			g1, _ := New(Options{Seed: 7, Difficulty: tt.d, Attempts: 5000})
			p, err := g1.Puzzle(context.Background(), 2)
			if err != nil || !p.Grid.Equal(got[2].Grid) {
				t.Fatalf("puzzle 2 differs when made alone: %v", err)
			}
		})
	}
	if _, err := New(Options{Difficulty: &Difficulty{MinER: 50, MaxER: 40}}); err == nil {
		t.Error("an empty rating range was accepted")
	}
}

// TestTechnique asks for puzzles by their hardest technique and checks
// each from scratch: well-formed, unique and as reduced as its Kind says
// (checkPuzzle), symmetric, and rated afresh by the logic with the asked
// technique (and step variant) hardest; and that the same seed gives the
// same puzzles one at a time, over two workers and over index ranges.
func TestTechnique(t *testing.T) {
	tests := []struct {
		technique string
		sym       Symmetry
		minimal   bool
		n         uint64
		set       logic.TechniqueSet // 0: the default
	}{
		{"x-wing", None, false, 3, 0},
		{"xy-wing", None, false, 4, 0},
		{"skyscraper", None, false, 3, 0},
		{"naked-pair", Central, false, 2, 0},
		{"xy-wing", Central, true, 2, 0},
		{"unique-rectangle", None, false, 2, 0},
		{"forcing-chain", None, false, 2, 0},
		{"direct-pointing", None, false, 2, 0},
		{"hidden-single", Diagonal, false, 2, 0},
		{"xy-wing", None, false, 2, logic.AllTechniques()}, // finned fish come before XY-Wings
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s/%v/minimal=%v/set=%x", tt.technique, tt.sym, tt.minimal, uint64(tt.set))
		t.Run(name, func(t *testing.T) {
			d := &Difficulty{Techniques: tt.set}
			if err := d.SetTechnique(tt.technique); err != nil {
				t.Fatal(err)
			}
			opt := Options{Seed: 5, Symmetry: tt.sym, Minimal: tt.minimal, Difficulty: d, Workers: 2}
			g, err := New(opt)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			var got []*Puzzle
			if err := g.Run(ctx, 0, tt.n, func(p *Puzzle) error {
				got = append(got, p)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			for _, p := range got {
				if !p.TargetMet {
					t.Fatalf("puzzle %d: target missed in %d attempts: %s", p.Index, p.Attempts, p.Comment())
				}
				checkPuzzle(t, g, p, false)
				explicitSymmetry(t, p, tt.sym)
				if (tt.sym == None || tt.minimal) && !p.Minimal {
					t.Fatalf("puzzle %d: %s, want minimal", p.Index, p.Kind())
				}
				r, err := logic.Rate(ctx, p.Grid, logic.Options{Techniques: tt.set})
				if err != nil {
					t.Fatalf("puzzle %d: rating: %v", p.Index, err)
				}
				if r.HardestTechnique != d.Technique || d.Step != "" && r.Hardest != d.Step {
					t.Fatalf("puzzle %d %s: hardest step %s (%v), want %s", p.Index, p.Grid, r.Hardest, r.HardestTechnique, d.target())
				}
				if r.ER != p.Rating.ER || r.Hardest != p.Rating.Hardest {
					t.Fatalf("puzzle %d: rated %s %s afresh, generator said %s %s", p.Index, r, r.Hardest, *p.Rating, p.Rating.Hardest)
				}
			}
			// Puzzle k alone, and a run over k..n-1, give the same puzzles.
			opt.Workers = 1
			g1, _ := New(opt)
			last := tt.n - 1
			p, err := g1.Puzzle(ctx, last)
			if err != nil || !p.Grid.Equal(got[last].Grid) {
				t.Fatalf("puzzle %d differs when made alone: %v", last, err)
			}
			k := uint64(1)
			if err := g1.Run(ctx, 1, tt.n-1, func(p *Puzzle) error {
				if !p.Grid.Equal(got[k].Grid) || p.Index != k {
					t.Fatalf("puzzle %d of a run from 1 differs", k)
				}
				k++
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestTechniqueUnreachable checks that New refuses, naming why, the
// techniques that cannot be the hardest step, instead of searching.
func TestTechniqueUnreachable(t *testing.T) {
	tests := []struct {
		technique string
		order     int
		set       logic.TechniqueSet
		want      string
	}{
		{"nested-forcing-chain", 3, 0, "too rare"},
		{"aligned-pair-exclusion", 3, 0, "wings"},
		{"full-house", 3, 0, "minimal"},
		{"x-chain", 3, 0, "other than 9x9"},
		{"xy-wing", 4, 0, "9x9 only"},
		{"w-wing", 3, 0, "not in the technique set"},
		{"skyscraper", 3, logic.SE121Techniques(), "not in the technique set"},
	}
	for _, tt := range tests {
		t.Run(tt.technique, func(t *testing.T) {
			d := &Difficulty{Techniques: tt.set}
			if err := d.SetTechnique(tt.technique); err != nil {
				t.Fatal(err)
			}
			_, err := New(Options{Order: tt.order, Difficulty: d})
			if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New: %v, want ErrUnreachable saying %q", err, tt.want)
			}
		})
	}
	// A reachable one, and a set that has it.
	d := &Difficulty{Techniques: logic.AllTechniques()}
	if err := d.SetTechnique("w-wing"); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Options{Difficulty: d}); err != nil {
		t.Errorf("w-wing with every technique: %v", err)
	}
	if err := d.SetTechnique("nonsense"); err == nil {
		t.Error("SetTechnique took an unknown name")
	}
}

// TestPrefix checks the technique sets the digging solves with: the rule
// order up to the target, singles always.
func TestPrefix(t *testing.T) {
	def := logic.DefaultTechniques()
	tests := []struct {
		set    logic.TechniqueSet
		target logic.Technique
		has    []logic.Technique
		hasNot []logic.Technique
	}{
		{def, logic.XWing, []logic.Technique{logic.NakedSingle, logic.NakedPair, logic.XWing}, []logic.Technique{logic.HiddenPair, logic.Swordfish}},
		{def, logic.HiddenSingle, []logic.Technique{logic.FullHouse, logic.HiddenSingle}, []logic.Technique{logic.DirectPointing, logic.NakedSingle}},
		{def, logic.DirectPointing, []logic.Technique{logic.HiddenSingle, logic.DirectPointing}, []logic.Technique{logic.DirectHiddenPair, logic.NakedSingle}},
		{def, logic.NakedSingle, []logic.Technique{logic.DirectHiddenPair, logic.NakedSingle}, []logic.Technique{logic.DirectHiddenTriple}},
		{def, logic.Jellyfish, []logic.Technique{logic.UniqueRectangle, logic.NakedQuad, logic.Jellyfish}, []logic.Technique{logic.HiddenQuad, logic.FinnedFish}},
		{logic.AllTechniques(), logic.XYWing, []logic.Technique{logic.FinnedFish, logic.XYWing}, []logic.Technique{logic.WWing, logic.XYZWing}},
		{logic.SE121Techniques(), logic.XYWing, []logic.Technique{logic.HiddenTriple}, []logic.Technique{logic.TurbotFish}},
		// ALS-XZ's rule comes before the forcing chains, though the
		// technique is numbered after them.
		{logic.AllTechniques(), logic.ForcingChainCycle, []logic.Technique{logic.ALSXZ, logic.ForcingChainCycle}, []logic.Technique{logic.TUVWXYZWing}},
		{logic.AllTechniques(), logic.ALSXZ, []logic.Technique{logic.UVWXYZWing, logic.ALSXZ}, []logic.Technique{logic.ForcingChainCycle, logic.NishioForcingChain}},
	}
	for _, tt := range tests {
		p := prefix(tt.set, tt.target)
		for _, x := range tt.has {
			if !p.Has(x) {
				t.Errorf("prefix up to %v lacks %v", tt.target, x)
			}
		}
		for _, x := range tt.hasNot {
			if p.Has(x) {
				t.Errorf("prefix up to %v has %v", tt.target, x)
			}
		}
	}
}

// TestSingles checks the singles solver of the digging against the
// logic's path with singles alone, on dug puzzles of both outcomes.
func TestSingles(t *testing.T) {
	g, err := New(Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := &solvable{ctx: context.Background(), geo: g.geo}
	singles := logic.TechniqueSet(0).With(logic.FullHouse, logic.HiddenSingle, logic.NakedSingle)
	seen := [2]int{}
	for k := range uint64(40) {
		p, err := g.Puzzle(context.Background(), k)
		if err != nil {
			t.Fatal(err)
		}
		_, err = logic.Solve(context.Background(), p.Grid, logic.Options{Techniques: singles, AssumeUnique: true})
		want := err == nil
		if got := s.singles(p.Grid); got != want {
			t.Fatalf("puzzle %s: singles solve it: %v, logic says %v (%v)", p.Grid, got, want, err)
		}
		seen[map[bool]int{false: 0, true: 1}[want]]++
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Errorf("only one outcome among the puzzles: %v", seen)
	}
}

// TestRepair checks the repair of near misses directly: each puzzle it
// returns is unique, minimal, and solved by the prefix's path with a step
// of the target; and it returns some within a bounded search.
func TestRepair(t *testing.T) {
	d := &Difficulty{HasTechnique: true, Technique: logic.NakedPair}
	g, err := New(Options{Seed: 9, Difficulty: d})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	w := g.newWorker(ctx)
	s := &solvable{ctx: ctx, geo: w.geo, set: prefix(logic.DefaultTechniques(), logic.NakedPair), target: logic.NakedPair,
		orbits: w.orbits, orbitOf: make([]int, w.geo.NumCells), tries: repairTries, levels: repairLevels}
	for oi, o := range w.orbits {
		for _, c := range o {
			s.orbitOf[c] = oi
		}
	}
	repaired := 0
	for k := uint64(0); k < 1500 && repaired < 2; k++ {
		r := w.rng.seed(9, k)
		w.f.r = r
		if err := w.f.fill(w.sol); err != nil {
			t.Fatal(err)
		}
		sol := gridOf(3, w.sol)
		p, err := w.dig(sol, sol, r)
		if err != nil {
			t.Fatal(err)
		}
		if st, steps, _ := s.status(p.Grid); st != stuck || !s.uses(steps) {
			continue
		}
		q, err := w.repair(p, sol, r, s)
		if err != nil {
			t.Fatal(err)
		}
		if q == nil {
			continue
		}
		repaired++
		q.Index = k
		checkPuzzle(t, g, q, true)
		if !q.Minimal {
			t.Fatalf("repaired puzzle %s is %s, want minimal", q.Grid, q.Kind())
		}
		steps, err := logic.Solve(ctx, q.Grid, logic.Options{Techniques: s.set})
		if err != nil || !s.uses(steps) {
			t.Fatalf("repaired puzzle %s: the prefix's path (%v) takes no Naked Pair", q.Grid, err)
		}
	}
	if repaired == 0 {
		t.Fatal("no near miss repaired in 1500 grids")
	}
}

// BenchmarkTechnique makes 9x9 puzzles by hardest technique, one at a time
// from seed 11, with the technique search and, under filter/, by rating
// every dug puzzle as before it; it reports the CPU time and the misses
// (target not met within Attempts grids) per puzzle. Run it with a fixed
// count, e.g. -bench Technique -benchtime 10x.
func BenchmarkTechnique(b *testing.B) {
	for _, filter := range []bool{false, true} {
		for _, name := range []string{"x-wing", "swordfish", "xy-wing", "skyscraper", "naked-pair", "hidden-triple", "bug", "forcing-chain"} {
			bench := name
			if filter {
				bench = "filter/" + name
			}
			b.Run(bench, func(b *testing.B) {
				d := &Difficulty{filter: filter}
				if err := d.SetTechnique(name); err != nil {
					b.Fatal(err)
				}
				g, err := New(Options{Seed: 11, Difficulty: d})
				if err != nil {
					b.Fatal(err)
				}
				missed, k := 0, uint64(0)
				cpu0 := cpuTime()
				for b.Loop() {
					p, err := g.Puzzle(context.Background(), k)
					if err != nil {
						b.Fatal(err)
					}
					if !p.TargetMet {
						missed++
					}
					k++
				}
				if cpu := cpuTime() - cpu0; cpu > 0 {
					b.ReportMetric(float64(cpu.Microseconds())/1000/float64(k), "cpu-ms/puzzle")
				}
				b.ReportMetric(float64(missed)/float64(k), "missed/puzzle")
			})
		}
	}
}

// TestTechniqueRare checks the odds of the rare techniques and that a
// search stopped at Attempts returns a well-formed, rated puzzle marked as
// missing its target.
func TestTechniqueRare(t *testing.T) {
	d := &Difficulty{}
	for _, tt := range []struct {
		technique string
		order     int
		odds      int
	}{{"jellyfish", 3, 20000}, {"x-wing", 3, 0}, {"jellyfish", 4, 0}} {
		if err := d.SetTechnique(tt.technique); err != nil {
			t.Fatal(err)
		}
		if got := d.Odds(tt.order); got != tt.odds {
			t.Errorf("%s at order %d: odds %d, want %d", tt.technique, tt.order, got, tt.odds)
		}
	}
	if err := d.SetTechnique("jellyfish"); err != nil {
		t.Fatal(err)
	}
	g, err := New(Options{Seed: 1, Attempts: 3, Difficulty: d})
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Puzzle(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	checkPuzzle(t, g, p, false)
	if p.TargetMet || p.Attempts != 3 || p.Rating == nil || !strings.HasSuffix(p.Comment(), "target-missed") {
		t.Fatalf("puzzle %s: met %v in %d attempts, rating %v, comment %q", p.Grid, p.TargetMet, p.Attempts, p.Rating, p.Comment())
	}
}

// TestForOrder makes 16x16 puzzles of every level, led by the logic:
// each fits its level, its path with the level's techniques rates in the
// level's range, and no longer does (or the puzzle has several solutions)
// without any one of a sample of its clues. At 4x4 easy is the only level.
func TestForOrder(t *testing.T) {
	ctx := context.Background()
	if d := ForOrder(3, logic.Hard); *d != *ForLevel(logic.Hard) {
		t.Errorf("ForOrder(3, hard) = %+v, want ForLevel's %+v", *d, *ForLevel(logic.Hard))
	}
	for _, l := range []logic.Level{logic.Easy, logic.Medium, logic.Hard, logic.Expert, logic.Extreme} {
		t.Run(l.String(), func(t *testing.T) {
			if l == logic.Extreme && testing.Short() {
				t.Skip("2 s of CPU")
			}
			d := ForOrder(4, l)
			g, err := New(Options{Order: 4, Seed: 7, Difficulty: d})
			if err != nil {
				t.Fatal(err)
			}
			p, err := g.Puzzle(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !p.TargetMet || p.Rating == nil || p.Rating.Level != l || p.Kind() != "level-minimal" {
				t.Fatalf("rating %v, kind %s, target met %v: want level %s, level-minimal", p.Rating, p.Kind(), p.TargetMet, l)
			}
			fits := func(q *sudoku.Grid) bool {
				r, err := logic.Rate(ctx, q, logic.Options{Techniques: d.lead})
				return err == nil && d.fits(&r)
			}
			if !fits(p.Grid) {
				t.Fatalf("%s: not rated %s with the level's techniques", p.Grid, l)
			}
			n, every := 0, 7
			if l >= logic.Expert {
				every = 23 // each rating tries chains: a smaller sample
			}
			for i := range p.Grid.NumCells() {
				if p.Grid.Cell(i) == 0 || i%every != 0 {
					continue
				}
				q := p.Grid.Clone()
				q.SetCell(i, 0)
				if fits(q) {
					t.Errorf("%s: without the clue at %d still rated %s with the level's techniques", p.Grid, i, l)
				}
				n++
			}
			if n == 0 {
				t.Fatal("no clue tried")
			}
		})
	}
	t.Run("4x4", func(t *testing.T) {
		g, err := New(Options{Order: 2, Seed: 7, Difficulty: ForOrder(2, logic.Easy)})
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.Puzzle(ctx, 0)
		if err != nil || !p.TargetMet || p.Rating.Level != logic.Easy {
			t.Fatalf("4x4 easy: %v, %v", p, err)
		}
		for _, l := range []logic.Level{logic.Medium, logic.Hard, logic.Expert, logic.Extreme} {
			if _, err := New(Options{Order: 2, Difficulty: ForOrder(2, l)}); !errors.Is(err, ErrTooHard) {
				t.Errorf("4x4 %s: %v, want ErrTooHard", l, err)
			}
		}
	})
}

// TestMaxER4 rates random puzzles of random 4x4 grids, each cell blank
// with probability 2/3: every one with one solution rates MaxER4 or less.
// (Every set of blanks of 12 grids, 566,000 puzzles, was tried once.)
func TestMaxER4(t *testing.T) {
	ctx := context.Background()
	g, err := New(Options{Order: 2, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(4, 4))
	rated := 0
	for k := range uint64(50) {
		p, err := g.Puzzle(ctx, k)
		if err != nil {
			t.Fatal(err)
		}
		for range 100 {
			q := p.Solution.Clone()
			for i := range q.NumCells() {
				if r.IntN(3) != 0 {
					q.SetCell(i, 0)
				}
			}
			if res, err := sudoku.Count(ctx, q, 2, sudoku.Options{}); err != nil || res.Count != 1 {
				continue
			}
			rt, err := logic.Rate(ctx, q, logic.Options{AssumeUnique: true})
			if err != nil || rt.ER > MaxER4 {
				t.Fatalf("%s: rating %v, %v: want at most %s", q, rt, err, logic.FormatRating(MaxER4))
			}
			rated++
		}
	}
	if rated < 500 {
		t.Fatalf("only %d puzzles with one solution", rated)
	}
}
