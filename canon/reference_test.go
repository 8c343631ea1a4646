package canon

// refMinlex is the slow, obviously correct reference: it enumerates every
// one of the 2 x 6^8 = 3,359,232 grid transformations (transposition, band,
// row, stack and column permutations), relabels the digits of each in order
// of first appearance, and keeps the smallest row-major string (blanks are 0).
// It also counts the transformations that reach that string. With
// patternFirst it compares the patterns of givens first (blank 0, given 1),
// and the strings only between equal patterns.
func refMinlex(p *[81]uint8, patternFirst bool) (best [81]uint8, autos int) {
	for i := range best {
		best[i] = 10
	}
	var src [2][81]uint8
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			src[0][r*9+c] = p[r*9+c]
			src[1][c*9+r] = p[r*9+c]
		}
	}
	var rows, cols [9]int
	var cand [81]uint8
	for t := range 2 {
		s := &src[t]
		for _, bp := range perm3i {
			for _, r0 := range perm3i {
				for _, r1 := range perm3i {
					for _, r2 := range perm3i {
						for i, rp := range [3][3]int{r0, r1, r2} {
							for j := range 3 {
								rows[3*i+j] = 3*bp[i] + rp[j]
							}
						}
						for _, sp := range perm3i {
							for _, c0 := range perm3i {
								for _, c1 := range perm3i {
									for _, c2 := range perm3i {
										for i, cp := range [3][3]int{c0, c1, c2} {
											for j := range 3 {
												cols[3*i+j] = 3*sp[i] + cp[j]
											}
										}
										switch refCompare(s, &rows, &cols, &best, &cand, patternFirst) {
										case -1:
											best, autos = cand, 1
										case 0:
											autos++
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
	return best, autos
}

// refCompare writes the relabelled image of s under rows and cols into cand
// and compares it with best (-1 less, 0 equal, 1 greater; best starts as
// all 10s, greater than any string). Once it is greater, it stops and
// leaves cand incomplete. With patternFirst, a smaller pattern is less and
// a larger one greater, whatever the digits.
func refCompare(s *[81]uint8, rows, cols *[9]int, best, cand *[81]uint8, patternFirst bool) int {
	cmp := 0
	if patternFirst && best[0] != 10 {
		for i := range 81 {
			given, bestGiven := s[rows[i/9]*9+cols[i%9]] != 0, best[i] != 0
			if given != bestGiven {
				if given {
					return 1
				}
				cmp = -1
				break
			}
		}
	}
	var label [10]uint8
	next := uint8(1)
	for i := range 81 {
		v := s[rows[i/9]*9+cols[i%9]]
		if v != 0 {
			if label[v] == 0 {
				label[v] = next
				next++
			}
			v = label[v]
		}
		cand[i] = v
		if cmp == 0 {
			if v > best[i] {
				return 1
			}
			if v < best[i] {
				cmp = -1
			}
		}
	}
	return cmp
}

// perm3i lists the 6 permutations of 0, 1, 2.
var perm3i = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
