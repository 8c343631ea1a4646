package sudoku

// The JSON record, shared by Reader and Writer.

// jsonPuzzle is the object of one FormatJSON line, as written.
type jsonPuzzle struct {
	Order    int    `json:"order,omitempty"`
	Grid     string `json:"grid"`
	Solution string `json:"solution,omitempty"`
	Comment  string `json:"comment,omitempty"`
}
