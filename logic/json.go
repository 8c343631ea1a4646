package logic

import (
	"encoding/json"
	"fmt"

	"github.com/gosudoku/sudoku"
)

// stepJSON is the JSON form of a Step, shared by the CLI and the web API.
type stepJSON struct {
	Technique    string   `json:"technique"`
	Name         string   `json:"name"`
	Rating       float64  `json:"rating"`
	Placements   []string `json:"placements,omitempty"`
	Eliminations []string `json:"eliminations,omitempty"`
	Cells        []string `json:"cells,omitempty"`
	Candidates   []string `json:"candidates,omitempty"`
	Units        []string `json:"units,omitempty"`
	Text         string   `json:"text"`
}

// MarshalJSON writes the step as an object with its technique ID, name,
// rating (a number such as 1.2), placements ("r5c4=7"), eliminations
// ("r5c4<>7"), cells ("r5c4"), candidates ("r5c4:7"), units ("box 5") and
// text.
func (s *Step) MarshalJSON() ([]byte, error) {
	side := s.Side
	if side == 0 {
		side = 9
	}
	j := stepJSON{
		Technique: s.Technique.ID(),
		Name:      s.Name,
		Rating:    float64(s.Rating) / 10,
		Text:      s.Text,
	}
	for _, c := range s.Placements {
		j.Placements = append(j.Placements, c.Placement(side))
	}
	for _, c := range s.Eliminations {
		j.Eliminations = append(j.Eliminations, c.Elimination(side))
	}
	for _, i := range s.Cells {
		j.Cells = append(j.Cells, sudoku.CellName(i, side))
	}
	for _, c := range s.Candidates {
		j.Candidates = append(j.Candidates, fmt.Sprintf("%s:%c", sudoku.CellName(c.Cell, side), sudoku.SymbolByte(c.Value)))
	}
	for _, u := range s.Units {
		j.Units = append(j.Units, u.String())
	}
	return json.Marshal(j)
}

// MarshalJSON writes the rating as an object: er, ep and ed as numbers
// (7.1), level, steps, hardest, and the techniques used with counts.
func (r Rating) MarshalJSON() ([]byte, error) { return r.marshal("") }

// MarshalJSONWith writes the rating as MarshalJSON does, with the puzzle
// as its first field.
func (r Rating) MarshalJSONWith(puzzle string) ([]byte, error) { return r.marshal(puzzle) }

func (r Rating) marshal(puzzle string) ([]byte, error) {
	type tech struct {
		Name   string  `json:"name"`
		Rating float64 `json:"rating"`
		Count  int     `json:"count"`
	}
	j := struct {
		Puzzle     string  `json:"puzzle,omitempty"`
		ER         float64 `json:"er"`
		EP         float64 `json:"ep"`
		ED         float64 `json:"ed"`
		Level      string  `json:"level"`
		Steps      int     `json:"steps"`
		Hardest    string  `json:"hardest"`
		Techniques []tech  `json:"techniques"`
	}{puzzle, float64(r.ER) / 10, float64(r.EP) / 10, float64(r.ED) / 10, r.Level.String(), r.Steps, r.Hardest, []tech{}}
	for _, t := range r.Techniques {
		j.Techniques = append(j.Techniques, tech{t.Name, float64(t.Rating) / 10, t.Count})
	}
	return json.Marshal(j)
}
