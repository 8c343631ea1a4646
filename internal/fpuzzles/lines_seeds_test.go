package fpuzzles

// lineSeeds are the line rules' keys, as extra keys of small (a 4x4
// puzzle), for the fuzz targets.
var lineSeeds = []string{
	`"whispers":[{"lines":[["R1C1","R1C2","R2C3"]],"value":"1"},{"lines":[["R4C4","R3C3"]],"value":3}]`,
}
