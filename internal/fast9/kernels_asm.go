//go:build amd64 && !noasm

package fast9

import "golang.org/x/sys/cpu"

// kernelRuns reports whether this CPU runs kernel k.
func kernelRuns(k int) bool {
	bmi := cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	switch k {
	case kernelAVX2:
		return bmi && cpu.X86.HasAVX2
	case kernelAVX512:
		return bmi && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL
	}
	return k == kernelGo
}

// bandRule applies the band rule to the masks in dirty (see bandRuleGo)
// with the kernel in use.
func (st *state) bandRule(t *tables, dirty uint32) (uint32, bool) {
	switch kernel {
	case kernelAVX512:
		return bandRuleAVX512(&st.f[0], &t.perm[0], dirty)
	case kernelAVX2:
		return bandRuleAVX2(&st.f[0], &t.perm[0], dirty)
	}
	return st.bandRuleGo(t, dirty)
}
