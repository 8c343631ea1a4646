//go:build !amd64 || noasm

package fast9

// asmKernels says that this build has no assembly kernels.
const asmKernels = false

// kernelRuns reports whether this build runs kernel k: only the Go one.
func kernelRuns(k int) bool { return k == kernelGo }

// bandPhase applies the band rule and naked singles until neither leaves a
// mask dirty (see bandPhaseGo).
func (st *state) bandPhase(t *tables, dirty uint32) (uint32, bool) {
	return st.bandPhaseGo(t, dirty)
}

// propagateAsm is never called: asmKernels is false.
func (st *state) propagateAsm(uint32) bool {
	panic("fast9: no assembly kernels in this build")
}
