package logic

import (
	"encoding/json"
	"fmt"

	"github.com/gosudoku/sudoku"
)

// stepJSON is the JSON form of a Step, shared by the CLI and the web API.
type stepJSON struct {
	Technique    string     `json:"technique"`
	Name         string     `json:"name"`
	Rating       float64    `json:"rating"`
	Placements   []string   `json:"placements,omitempty"`
	Eliminations []string   `json:"eliminations,omitempty"`
	Cells        []string   `json:"cells,omitempty"`
	Candidates   []string   `json:"candidates,omitempty"`
	Units        []string   `json:"units,omitempty"`
	Text         string     `json:"text"`
	At           stepAt     `json:"at"`
	Chain        *chainJSON `json:"chain,omitempty"`
	Rules        []RuleRef  `json:"rules,omitempty"`
}

// stepAt is the "at" field of a step's JSON: its placements and
// eliminations as [cell, value] pairs, cells, candidates and units as
// indexes (cells row-major from 0, values from 1, units as {"kind":
// "row"|"column"|"box", "index"} from 0), so that a page reads no names
// back.
type stepAt struct {
	Placements   [][2]int   `json:"placements"`
	Eliminations [][2]int   `json:"eliminations"`
	Cells        []int      `json:"cells"`
	Candidates   [][2]int   `json:"candidates"`
	Units        []unitJSON `json:"units"`
}

type unitJSON struct {
	Kind  string `json:"kind"`
	Index int    `json:"index"`
}

// chainJSON is a Chain as JSON: links as {"cell", "value", "on"} and
// "by", the JSON of the step that gives the link ("again": used before).
type chainJSON struct {
	Kind     string       `json:"kind"`
	Cell     *int         `json:"cell,omitempty"`
	Unit     *unitJSON    `json:"unit,omitempty"`
	Value    int          `json:"value,omitempty"`
	Branches [][]linkJSON `json:"branches"`
}

type linkJSON struct {
	Cell  int   `json:"cell"`
	Value int   `json:"value"`
	On    bool  `json:"on"`
	By    *Step `json:"by,omitempty"`
	Again bool  `json:"again,omitempty"`
}

// atOf returns the "at" field of s.
func atOf(s *Step) stepAt {
	pairs := func(cs []sudoku.Candidate) [][2]int {
		out := make([][2]int, len(cs))
		for k, c := range cs {
			out[k] = [2]int{c.Cell, c.Value}
		}
		return out
	}
	at := stepAt{
		Placements:   pairs(s.Placements),
		Eliminations: pairs(s.Eliminations),
		Cells:        append([]int{}, s.Cells...),
		Candidates:   pairs(s.Candidates),
		Units:        make([]unitJSON, len(s.Units)),
	}
	for k, u := range s.Units {
		at.Units[k] = unitJSON{u.Kind.String(), u.Index}
	}
	return at
}

// chainOfJSON returns the JSON form of ch.
func chainOfJSON(ch *Chain) *chainJSON {
	j := &chainJSON{Kind: ch.Kind, Value: ch.Value, Branches: make([][]linkJSON, len(ch.Branches))}
	switch ch.Kind {
	case "cell":
		j.Cell = &ch.Cell
	case "region":
		j.Unit = &unitJSON{ch.Unit.Kind.String(), ch.Unit.Index}
	}
	for k, br := range ch.Branches {
		j.Branches[k] = make([]linkJSON, len(br))
		for i, l := range br {
			j.Branches[k][i] = linkJSON(l)
		}
	}
	return j
}

// MarshalJSON writes the step as an object with its technique ID, name,
// rating (a number such as 1.2), placements ("r5c4=7"), eliminations
// ("r5c4<>7"), cells ("r5c4"), candidates ("r5c4:7"), units ("box 5"),
// text, "at" (the same as indexes, see stepAt) and, for a chain, "chain"
// (see Chain).
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
		At:        atOf(s),
	}
	if s.Chain != nil {
		j.Chain = chainOfJSON(s.Chain)
	}
	j.Rules = s.Rules
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
