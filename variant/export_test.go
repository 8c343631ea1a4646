package variant

import "context"

// CountWeak counts p as the generators' searches reason (no stronger
// sums, no restart), with Count's branching: for tests in variant_test
// that check the counts' engine against it.
func CountWeak(ctx context.Context, p *Puzzle, limit int) (Result, error) {
	sr := newSearch(compile(p), givensOf(p), limit, Options{CountOnly: true})
	sr.weighted = true
	return sr.run(ctx)
}
