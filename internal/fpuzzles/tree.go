package fpuzzles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// maxDepth bounds the nesting of a JSON text: f-puzzles needs 4 levels (an
// arrow's lines), so 32 is generous and keeps the decoder's stack small.
const maxDepth = 32

type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

var kindNames = [...]string{"null", "true or false", "a number", "a string", "an array", "an object"}

func (k kind) String() string { return kindNames[k] }

// node is one JSON value and the byte offset where it starts, so that every
// error can name its place.
type node struct {
	kind  kind
	off   int
	b     bool
	s     string // a string's value or a number's text
	items []*node
	keys  []string // an object's keys in order, with their values in vals
	vals  []*node
}

// get returns the value of key in an object, or nil.
func (n *node) get(key string) *node {
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// empty reports whether n says nothing: null, false, 0, "", [] or {}.
func (n *node) empty() bool {
	switch n.kind {
	case kNull:
		return true
	case kBool:
		return !n.b
	case kNumber:
		return n.s == "0"
	case kString:
		return n.s == ""
	case kArray:
		return len(n.items) == 0
	default:
		return len(n.keys) == 0
	}
}

// parseTree reads one JSON value from data (and nothing after it but
// white space) into a tree of nodes with offsets. Keys must not repeat.
func parseTree(data []byte) (*node, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	// start finds where the next token begins: the decoder's offset is
	// the end of the last token, before any separator.
	start := func() int {
		i := int(d.InputOffset())
		for i < len(data) {
			switch data[i] {
			case ' ', '\t', '\r', '\n', ',', ':':
				i++
				continue
			}
			break
		}
		return i
	}
	type frame struct {
		n      *node
		key    string // an object's pending key
		hasKey bool
	}
	var stack []frame
	var root *node
	for {
		off := start()
		if root != nil {
			if off < len(data) {
				return nil, &syntaxError{off, errors.New("text after the JSON value")}
			}
			return root, nil
		}
		tok, err := d.Token()
		if err == io.EOF {
			if len(stack) > 0 {
				return nil, &syntaxError{len(data), errors.New("the JSON text ends too soon")}
			}
			return nil, &syntaxError{off, errors.New("no JSON value")}
		}
		if err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				return nil, &syntaxError{int(se.Offset), errors.New(se.Error())}
			}
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, &syntaxError{len(data), errors.New("the JSON text ends too soon")}
			}
			return nil, &syntaxError{off, err}
		}
		var n *node
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '}', ']':
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if len(stack) == 0 {
					root = top.n
				}
				continue
			case '{':
				n = &node{kind: kObject, off: off}
			default:
				n = &node{kind: kArray, off: off}
			}
		case string:
			if len(stack) > 0 {
				top := &stack[len(stack)-1]
				if top.n.kind == kObject && !top.hasKey {
					if top.n.get(t) != nil {
						return nil, &syntaxError{off, fmt.Errorf("the key %q appears twice", t)}
					}
					top.key, top.hasKey = t, true
					continue
				}
			}
			n = &node{kind: kString, off: off, s: t}
		case json.Number:
			n = &node{kind: kNumber, off: off, s: string(t)}
		case bool:
			n = &node{kind: kBool, off: off, b: t}
		case nil:
			n = &node{kind: kNull, off: off}
		}
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.n.kind == kObject {
				top.n.keys = append(top.n.keys, top.key)
				top.n.vals = append(top.n.vals, n)
				top.hasKey = false
			} else {
				top.n.items = append(top.n.items, n)
			}
		}
		if n.kind == kObject || n.kind == kArray {
			if len(stack) == maxDepth {
				return nil, &syntaxError{off, fmt.Errorf("values nested more than %d deep", maxDepth)}
			}
			stack = append(stack, frame{n: n})
		} else if len(stack) == 0 {
			root = n
		}
	}
}

// syntaxError is a JSON text that is not JSON, at a byte offset.
type syntaxError struct {
	off int
	err error
}

func (e *syntaxError) Error() string { return e.err.Error() }
