//go:build !amd64 || noasm

package fast9

// kernelRuns reports whether this build runs kernel k: only the Go one.
func kernelRuns(k int) bool { return k == kernelGo }

// bandRule applies the band rule to the masks in dirty (see bandRuleGo).
func (st *state) bandRule(t *tables, dirty uint32) (uint32, bool) {
	return st.bandRuleGo(t, dirty)
}
