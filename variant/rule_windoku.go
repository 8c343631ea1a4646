package variant

// Windoku adds the hyper windows: in a grid of side n = k*k, the (k-1)²
// windows of k x k cells that start one cell in from each box corner, each
// holding every value once (9x9: the four 3x3 windows at r2c2, r2c6, r6c2
// and r6c6).
type Windoku struct{}

// Kind returns "windoku".
func (Windoku) Kind() string { return "windoku" }

func (Windoku) String() string { return "windoku windows" }

func windokuSide(n int) int {
	for k := 2; k*k <= n; k++ {
		if k*k == n {
			return k
		}
	}
	return 0
}

// windows returns the cells of each window.
func (Windoku) windows(n int) [][]int {
	k := windokuSide(n)
	var ws [][]int
	for wr := 0; wr < k-1; wr++ {
		for wc := 0; wc < k-1; wc++ {
			r0, c0 := 1+wr*(k+1), 1+wc*(k+1)
			w := make([]int, 0, n)
			for r := r0; r < r0+k; r++ {
				for c := c0; c < c0+k; c++ {
					w = append(w, r*n+c)
				}
			}
			ws = append(ws, w)
		}
	}
	return ws
}

func (Windoku) validate(p *Puzzle) error {
	if windokuSide(p.Size) == 0 {
		return ruleErr("windoku needs a square side (4, 9, 16 ...), not %d", p.Size)
	}
	return nil
}

func (w Windoku) check(ck *checker) {
	for k, cells := range w.windows(ck.n) {
		ck.distinct(cells, label{"window", k + 1})
	}
}

func (w Windoku) compile(b *builder) {
	for _, cells := range w.windows(b.n) {
		b.group(cells)
	}
}
