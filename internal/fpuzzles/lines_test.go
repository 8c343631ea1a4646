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

func TestLineErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{small(`"whispers":[{"lines":[["R1C1","R1C2"]],"value":"4"}]`), `line 1, column 123: whispers[0].value: a difference of 4: want 1 to 3`},
		{small(`"whispers":[{"lines":[["R1C1","R1C2"]],"value":0}]`), `line 1, column 123: whispers[0].value: a difference of 0: want 1 to 3`},
		{small(`"whispers":[{"lines":[["R1C1","R1C2"]],"value":"two"}]`), `line 1, column 123: whispers[0].value: "two" is not a whole number`},
		{small(`"whispers":[{"lines":[["R1C1","R1C2"]],"values":"2"}]`), `line 1, column 124: whispers[0].values: the key "values" is not part of this rule`},
		{small(`"renban":[{"lines":[["R1C1","R1C2"]],"value":"2"}]`), `line 1, column 121: renban[0].value: the key "value" is not part of this rule`},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.in))
		var e *Error
		if err == nil || !errors.As(err, &e) || err.Error() != tt.want {
			t.Errorf("Decode(%s):\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}
