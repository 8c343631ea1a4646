package logic

// Finders still to be written (the wings, strong links, uniqueness and
// aligned exclusion rules). Each finds nothing for now.

func findTurbotFish(e *env, g *Grid, yield func(*Step) bool)              {}
func findXYWing(e *env, g *Grid, yield func(*Step) bool)                  {}
func findXYZWing(e *env, g *Grid, yield func(*Step) bool)                 {}
func findUniqueLoops(e *env, g *Grid, yield func(*Step) bool)             {}
func findThreeStrongLinks(e *env, g *Grid, yield func(*Step) bool)        {}
func findWXYZWing(e *env, g *Grid, yield func(*Step) bool)                {}
func findBUG(e *env, g *Grid, yield func(*Step) bool)                     {}
func findFourStrongLinks(e *env, g *Grid, yield func(*Step) bool)         {}
func findVWXYZWing(e *env, g *Grid, yield func(*Step) bool)               {}
func findAlignedPairExclusion(e *env, g *Grid, yield func(*Step) bool)    {}
func findUVWXYZWing(e *env, g *Grid, yield func(*Step) bool)              {}
func findTUVWXYZWing(e *env, g *Grid, yield func(*Step) bool)             {}
func findAlignedTripletExclusion(e *env, g *Grid, yield func(*Step) bool) {}
