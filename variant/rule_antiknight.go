package variant

import "fmt"

// AntiKnight: cells a knight's move apart hold different values.
type AntiKnight struct{}

// Kind returns "antiknight".
func (AntiKnight) Kind() string { return "antiknight" }

func (AntiKnight) String() string { return "anti-knight" }

func (AntiKnight) validate(*Puzzle) error { return nil }

func (AntiKnight) check(ck *checker) {
	checkPairs(ck, knightMoves, func(x, y int) bool { return x == y }, "are a knight's move apart and both hold %[1]d")
}

func (AntiKnight) compile(b *builder) {
	for _, p := range pairs(b.n, knightMoves) {
		b.differ(p[0], p[1])
	}
}

// fmtPair formats a pair message with the two values.
func fmtPair(format string, x, y int) string { return fmt.Sprintf(format, x, y) }
