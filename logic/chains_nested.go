package logic

// advNested applies the nested chaining rule of the level to the
// assumption's grid.
func (c *chainer) advNested(r *implic) {}
