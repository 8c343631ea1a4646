//go:build amd64 && !noasm

package fast9

import "golang.org/x/sys/cpu"

// asmKernels says that this build has the assembly kernels.
const asmKernels = true

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

// bandPhase applies the band rule and naked singles until neither leaves a
// mask dirty (see bandPhaseGo) with the kernel in use.
func (st *state) bandPhase(t *tables, dirty uint32) (uint32, bool) {
	switch kernel {
	case kernelAVX512:
		return bandPhaseAVX512(&st.f[0], &t.perm[0], dirty)
	case kernelAVX2:
		return bandPhaseAVX2(&st.f[0], &t.perm[0], dirty)
	}
	return st.bandPhaseGo(t, dirty)
}

// propagateAsm is propagate with an assembly kernel: the band rule and
// naked singles in one call, then the stack rule.
func (st *state) propagateAsm(dirty uint32) bool {
	t := tab
	var sinceStacks uint32
	for {
		changed, ok := st.bandPhase(t, dirty)
		if !ok {
			return false
		}
		sinceStacks |= changed
		if dirty, ok = st.stacks(t, (sinceStacks|sinceStacks>>9|sinceStacks>>18)&0x1ff); !ok {
			return false
		}
		sinceStacks = 0
		if dirty == 0 {
			return true
		}
	}
}
