package variant

// AntiKing: cells a king's move apart hold different values (the
// diagonal neighbours; orthogonal ones already differ by row and column).
type AntiKing struct{}

// Kind returns "antiking".
func (AntiKing) Kind() string { return "antiking" }

func (AntiKing) String() string { return "anti-king" }

func (AntiKing) validate(*Puzzle) error { return nil }

func (AntiKing) check(ck *checker) {
	checkPairs(ck, kingMoves, func(x, y int) bool { return x == y }, "are a king's move apart and both hold %[1]d")
}

func (AntiKing) compile(b *builder) {
	for _, p := range pairs(b.n, kingMoves) {
		b.differ(p[0], p[1])
	}
}
