package logic

// Finders still to be written (the chaining rules). Each finds nothing for
// now.

func findChainsAndCycles(e *env, g *Grid, yield func(*Step) bool)          {}
func findNishio(e *env, g *Grid, yield func(*Step) bool)                   {}
func findMultipleForcingChains(e *env, g *Grid, yield func(*Step) bool)    {}
func findDynamicForcingChains(e *env, g *Grid, yield func(*Step) bool)     {}
func findDynamicForcingChainsPlus(e *env, g *Grid, yield func(*Step) bool) {}
func findNestedForcingChains(e *env, g *Grid, yield func(*Step) bool)      {}
