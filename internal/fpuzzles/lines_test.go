package fpuzzles

import (
	"errors"
	"testing"
)

// TestLineValues reads the line rules' keys, with a whispers line's
// "value" (its least difference), and writes them back.
func TestLineValues(t *testing.T) {
	tests := []struct {
		in   string
		want int // the whispers' value read
	}{
		{`"whispers":[{"lines":[["R1C1","R1C2"]],"value":"2"}]`, 2},
		{`"whispers":[{"lines":[["R1C1","R1C2"]],"value":3}]`, 3},
		{`"whispers":[{"lines":[["R1C1","R1C2"]],"value":""}]`, 0},
		{`"whispers":[{"lines":[["R1C1","R1C2"]],"value":null}]`, 0},
		{`"whispers":[{"lines":[["R1C1","R1C2"]]}]`, 0},
	}
	for _, tt := range tests {
		p, err := Decode([]byte(small(tt.in)))
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if len(p.Whispers) != 1 || p.Whispers[0].Value != tt.want {
			t.Errorf("%s: whispers %+v, want the value %d", tt.in, p.Whispers, tt.want)
		}
		roundTrip(t, p)
	}
}

// TestLineKeys reads each line key's seed and writes it back.
func TestLineKeys(t *testing.T) {
	for _, seed := range lineSeeds {
		p, err := Decode([]byte(small(seed)))
		if err != nil {
			t.Errorf("%s: %v", seed, err)
			continue
		}
		lines := 0
		for _, ls := range [][]Lines{p.Whispers, p.RegionSumLines, p.EntropicLines, p.ModularLines, p.Lockouts,
			p.ZipperLines, p.BetweenLines, p.Nabners, p.DoubleArrows} {
			for _, l := range ls {
				lines += len(l.Lines)
			}
		}
		if lines < 2 {
			t.Errorf("%s: %d lines read", seed, lines)
		}
		roundTrip(t, p)
	}
}

func TestLineErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{small(`"whispers":[{"lines":[["R1C1","R1C2"]],"value":"4"}]`), `line 1, column 123: whispers[0].value: a difference of 4: want 1 to 3`},
		{small(`"whispers":[{"lines":[["R1C1","R1C2"]],"value":0}]`), `line 1, column 123: whispers[0].value: a difference of 0: want 1 to 3`},
		{small(`"whispers":[{"lines":[["R1C1","R1C2"]],"value":"two"}]`), `line 1, column 123: whispers[0].value: "two" is not a whole number`},
		{small(`"whispers":[{"lines":[["R1C1","R1C2"]],"values":"2"}]`), `line 1, column 124: whispers[0].values: the key "values" is not part of this rule`},
		{small(`"renban":[{"lines":[["R1C1","R1C2"]],"value":"2"}]`), `line 1, column 121: renban[0].value: the key "value" is not part of this rule`},
		{small(`"lockout":[{"lines":[["R1C1","R1C3"]]}]`), `line 1, column 105: lockout[0].lines[0][1]: R1C3 does not touch R1C1`},
		{small(`"betweenline":[{"lines":[]}]`), `line 1, column 100: betweenline[0].lines: no lines`},
		{small(`"doublearrow":{"lines":[["R1C1","R1C2"]]}`), `line 1, column 90: doublearrow: want an array, not an object`},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.in))
		var e *Error
		if err == nil || !errors.As(err, &e) || err.Error() != tt.want {
			t.Errorf("Decode(%s):\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}
