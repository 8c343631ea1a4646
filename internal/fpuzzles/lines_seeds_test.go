package fpuzzles

// lineSeeds are the line rules' keys, as extra keys of small (a 4x4
// puzzle), for the fuzz targets.
var lineSeeds = []string{
	`"whispers":[{"lines":[["R1C1","R1C2","R2C3"]],"value":"1"},{"lines":[["R4C4","R3C3"]],"value":3}]`,
	`"regionsumline":[{"lines":[["R1C1","R2C2","R3C3"]]}],"entropicline":[{"lines":[["R4C1","R4C2","R4C3","R3C4"]]}]`,
	`"modularline":[{"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]],"outlineC":"#000"}],"lockout":[{"lines":[["R2C1","R2C2","R2C3","R2C4"]]}]`,
	`"zipperline":[{"lines":[["R3C1","R3C2","R3C3"]]}],"betweenline":[{"lines":[["R4C1","R4C2","R4C3"]]}]`,
	`"nabner":[{"lines":[["R1C4","R2C4"]]}],"doublearrow":[{"lines":[["R1C1","R2C1","R3C1","R4C1"]]}]`,
}
