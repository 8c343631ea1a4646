package logic

// Finders still to be written. Each finds nothing for now.

func findAlignedPairExclusion(e *env, g *Grid, yield func(*Step) bool)    {}
func findAlignedTripletExclusion(e *env, g *Grid, yield func(*Step) bool) {}
