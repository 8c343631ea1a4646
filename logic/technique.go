package logic

import "fmt"

// Technique names one family of deductions, as Sudoku Explainer groups its
// rules. A Step names its technique and, in Step.Name, the variant found
// (for example "Skyscraper" for a TurbotFish step).
type Technique int

// The techniques, in the order Sudoku Explainer tries its rules by default
// (which is not sorted by difficulty: unique loops come before naked quads).
const (
	FullHouse Technique = iota
	HiddenSingle
	DirectPointing
	DirectHiddenPair
	NakedSingle
	DirectHiddenTriple
	Intersection // pointing and claiming
	NakedPair
	XWing
	HiddenPair
	NakedTriple
	Swordfish
	HiddenTriple
	TurbotFish // skyscraper, 2-string kite, turbot fish, empty rectangle
	XYWing
	XYZWing
	UniqueRectangle // unique rectangles and loops, types 1-4
	NakedQuad
	Jellyfish
	HiddenQuad
	ThreeStrongLinks
	WXYZWing
	BUG // bivalue universal grave, types 1-4
	FourStrongLinks
	VWXYZWing
	AlignedPairExclusion
	UVWXYZWing
	ForcingChainCycle // X-cycles, Y-cycles, forcing X-chains, XY-chains, AIC
	TUVWXYZWing
	AlignedTripletExclusion
	NishioForcingChain
	MultipleForcingChain // cell and region forcing chains
	DynamicForcingChain
	DynamicForcingChainPlus
	NestedForcingChain
	FinnedFish // finned and sashimi X-Wing, Swordfish, Jellyfish (not in SE's rule set)
	WWing      // not in SE's rule set
	ALSXZ      // two almost locked sets and a restricted common candidate (not in SE's rule set)
	// Chains for grids of every order but 9x9 (where SE's rules run).
	XChain              // forcing X-chains
	XYChain             // forcing chains over bivalue cells and strong links
	BigMultipleChain    // cell and region forcing chains
	BigDynamicChain     // dynamic forcing chains
	BigDynamicChainPlus // dynamic forcing chains using basic rules
	BigNestedChain      // dynamic forcing chains using dynamic forcing chains
	// The rules of variant puzzles, each one's own eliminations (see the
	// package documentation for their ratings).
	CageCombination    // killer cages: the combinations of values with the sum
	RuleParity         // odd and even cells
	RuleThermometer    // values rise along a thermometer
	RulePalindrome     // a line reads the same both ways
	RuleKropki         // white dots (consecutive), black dots (double), and all dots given
	RuleXV             // X (sum 10) and V (sum 5), and all marks given
	RuleNonConsecutive // orthogonal neighbours are not consecutive
	RuleWhisper        // neighbours on a line differ by at least 5 (9x9)
	RuleArrow          // the arrow's cells sum to its circle
	RuleLittleKiller   // the values along a diagonal sum to the clue
	RuleRenban         // a line holds consecutive values in any order
	RuleSandwich       // the values between 1 and the largest sum to the clue
	RuleOther          // a rule kind the logic knows no name for yet
	RuleForcingChain   // a candidate whose play through every rule empties a cell
	numTechniques
)

var techniqueNames = [numTechniques]string{
	FullHouse:               "Full House",
	HiddenSingle:            "Hidden Single",
	DirectPointing:          "Direct Pointing",
	DirectHiddenPair:        "Direct Hidden Pair",
	NakedSingle:             "Naked Single",
	DirectHiddenTriple:      "Direct Hidden Triplet",
	Intersection:            "Pointing & Claiming",
	NakedPair:               "Naked Pair",
	XWing:                   "X-Wing",
	HiddenPair:              "Hidden Pair",
	NakedTriple:             "Naked Triplet",
	Swordfish:               "Swordfish",
	HiddenTriple:            "Hidden Triplet",
	TurbotFish:              "Turbot Fish",
	XYWing:                  "XY-Wing",
	XYZWing:                 "XYZ-Wing",
	UniqueRectangle:         "Unique Rectangle",
	NakedQuad:               "Naked Quad",
	Jellyfish:               "Jellyfish",
	HiddenQuad:              "Hidden Quad",
	ThreeStrongLinks:        "3 Strong-linked Fishes",
	WXYZWing:                "WXYZ-Wing",
	BUG:                     "Bivalue Universal Grave",
	FourStrongLinks:         "4 Strong-linked Fishes",
	VWXYZWing:               "VWXYZ-Wing",
	AlignedPairExclusion:    "Aligned Pair Exclusion",
	UVWXYZWing:              "UVWXYZ-Wing",
	ForcingChainCycle:       "Forcing Chains & Cycles",
	TUVWXYZWing:             "TUVWXYZ-Wing",
	AlignedTripletExclusion: "Aligned Triplet Exclusion",
	NishioForcingChain:      "Nishio Forcing Chains",
	MultipleForcingChain:    "Multiple Forcing Chains",
	DynamicForcingChain:     "Dynamic Forcing Chains",
	DynamicForcingChainPlus: "Dynamic Forcing Chains (+)",
	NestedForcingChain:      "Nested Forcing Chains",
	FinnedFish:              "Finned Fish",
	WWing:                   "W-Wing",
	XChain:                  "X-Chains",
	XYChain:                 "XY-Chains",
	BigMultipleChain:        "Cell & Region Forcing Chains",
	BigDynamicChain:         "Dynamic Chains",
	BigDynamicChainPlus:     "Dynamic Chains (+)",
	BigNestedChain:          "Nested Dynamic Chains",
	ALSXZ:                   "ALS-XZ",
	CageCombination:         "Cage Combinations",
	RuleParity:              "Parity",
	RuleThermometer:         "Thermometer",
	RulePalindrome:          "Palindrome",
	RuleKropki:              "Kropki Dots",
	RuleXV:                  "XV",
	RuleNonConsecutive:      "Non-Consecutive",
	RuleWhisper:             "German Whispers",
	RuleArrow:               "Arrow",
	RuleLittleKiller:        "Little Killer",
	RuleRenban:              "Renban",
	RuleSandwich:            "Sandwich",
	RuleOther:               "Rule",
	RuleForcingChain:        "Forcing Chains on the Rules",
}

var techniqueIDs = [numTechniques]string{
	FullHouse:               "full-house",
	HiddenSingle:            "hidden-single",
	DirectPointing:          "direct-pointing",
	DirectHiddenPair:        "direct-hidden-pair",
	NakedSingle:             "naked-single",
	DirectHiddenTriple:      "direct-hidden-triple",
	Intersection:            "intersection",
	NakedPair:               "naked-pair",
	XWing:                   "x-wing",
	HiddenPair:              "hidden-pair",
	NakedTriple:             "naked-triple",
	Swordfish:               "swordfish",
	HiddenTriple:            "hidden-triple",
	TurbotFish:              "turbot-fish",
	XYWing:                  "xy-wing",
	XYZWing:                 "xyz-wing",
	UniqueRectangle:         "unique-rectangle",
	NakedQuad:               "naked-quad",
	Jellyfish:               "jellyfish",
	HiddenQuad:              "hidden-quad",
	ThreeStrongLinks:        "3-strong-links",
	WXYZWing:                "wxyz-wing",
	BUG:                     "bug",
	FourStrongLinks:         "4-strong-links",
	VWXYZWing:               "vwxyz-wing",
	AlignedPairExclusion:    "aligned-pair-exclusion",
	UVWXYZWing:              "uvwxyz-wing",
	ForcingChainCycle:       "forcing-chain",
	TUVWXYZWing:             "tuvwxyz-wing",
	AlignedTripletExclusion: "aligned-triplet-exclusion",
	NishioForcingChain:      "nishio",
	MultipleForcingChain:    "multiple-forcing-chain",
	DynamicForcingChain:     "dynamic-forcing-chain",
	DynamicForcingChainPlus: "dynamic-forcing-chain-plus",
	NestedForcingChain:      "nested-forcing-chain",
	FinnedFish:              "finned-fish",
	WWing:                   "w-wing",
	XChain:                  "x-chain",
	XYChain:                 "xy-chain",
	BigMultipleChain:        "cell-region-forcing-chain",
	BigDynamicChain:         "dynamic-chain",
	BigDynamicChainPlus:     "dynamic-chain-plus",
	BigNestedChain:          "nested-dynamic-chain",
	ALSXZ:                   "als-xz",
	CageCombination:         "cage-combination",
	RuleParity:              "parity",
	RuleThermometer:         "thermometer",
	RulePalindrome:          "palindrome",
	RuleKropki:              "kropki",
	RuleXV:                  "xv",
	RuleNonConsecutive:      "non-consecutive",
	RuleWhisper:             "whisper",
	RuleArrow:               "arrow",
	RuleLittleKiller:        "little-killer",
	RuleRenban:              "renban",
	RuleSandwich:            "sandwich",
	RuleOther:               "rule",
	RuleForcingChain:        "rule-forcing-chain",
}

// String returns the technique's name as Sudoku Explainer prints it, for
// example "Hidden Single" or "X-Wing".
func (t Technique) String() string {
	if t < 0 || t >= numTechniques {
		return fmt.Sprintf("Technique(%d)", int(t))
	}
	return techniqueNames[t]
}

// ID returns the technique's short lower-case name for flags and JSON, for
// example "hidden-single" or "x-wing".
func (t Technique) ID() string {
	if t < 0 || t >= numTechniques {
		return fmt.Sprintf("technique-%d", int(t))
	}
	return techniqueIDs[t]
}

// ParseTechnique returns the technique with the given ID or name.
func ParseTechnique(s string) (Technique, error) {
	for t := range numTechniques {
		if s == techniqueIDs[t] || s == techniqueNames[t] {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown technique %q", s)
}

// Techniques returns every technique, in Sudoku Explainer's rule order.
func Techniques() []Technique {
	ts := make([]Technique, numTechniques)
	for t := range numTechniques {
		ts[t] = t
	}
	return ts
}
