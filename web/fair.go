package web

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gosudoku/sudoku/format"
)

// Fair service: no client can deny the API to the others.
//
// A request's body is read whole (at most Options.MaxBody bytes, within
// bodyTimeout) before it waits for a slot, so a client that sends its body
// at one byte a second holds a connection, not a slot. The slots are in
// lanes by the work a request asks for (laneFor), not by its size: a
// 38-byte request for a 25x25 extreme puzzle runs for many seconds. The
// light lane takes only work bounded to milliseconds (solving, counting
// and checking grids up to 9x9; 4x4 logic; 9x9 puzzles without a level),
// and stops any of its requests after lightTimeout; the logic lane takes
// the 9x9 steps, ratings and puzzles of a level, and small renders
// (seconds at most); the heavy lane everything else (16x16 and larger,
// large renders). So however two clients choose their requests, they can
// hold at most a slot of the logic lane and one of the heavy lane, and an
// easy 9x9 solve finds a light slot at once. In each lane a client (an
// address; an IPv6 /64) runs at most one request at a time: its others
// wait their turn, while other clients' requests go ahead.
//
// What waits is bounded too: a lane holds requests (waiting or running)
// whose bodies, each counted as at least requestCost bytes for its
// goroutine and buffers, add up to at most its budget; a request over it
// is answered 503 at once, instead of waiting with its body in memory for
// a slot it would not get before its deadline. An overload then costs
// bounded memory, and the requests taken answer sooner.
//
// The library's searches wait on its database, not on a processor: they
// run in a lane of their own (libraryWorkers slots, which also bound the
// server's connections to the database), so that a slow or locked
// database holds them, not the slots of play.

// classifyBody is the largest body laneFor reads to classify: a 9x9
// puzzle with a player's progress and every candidate eliminated is about
// 7 KB. A larger body goes to the heavy lane unread.
const classifyBody = 16 << 10

// renderLight is the largest render request (body or query) the logic
// lane takes: a few 9x9 puzzles.
const renderLight = 4 << 10

// lightTimeout bounds the work of a request in the light lane: its work
// takes milliseconds, so only a request laneFor misjudged reaches it.
const lightTimeout = time.Second

// workRequest holds the fields of a request body that tell its work.
type workRequest struct {
	Puzzle  string `json:"puzzle"`
	Order   int    `json:"order"`
	Level   string `json:"level"`
	Variant string `json:"variant"`
	Size    int    `json:"size"`
}

// laneFor returns the lane of the work that a request to path with this
// body (for a GET, its query) asks for: the order of its puzzle, the
// endpoint, the level. A body that does not decode, or a puzzle that
// does not parse, is light: its handler answers the error at once.
func (s *server) laneFor(path string, body []byte) *lane {
	if path == "/api/render" {
		if len(body) <= renderLight {
			return s.lanes.logic
		}
		return s.lanes.heavy
	}
	if len(body) > classifyBody {
		return s.lanes.heavy
	}
	var req workRequest
	json.Unmarshal(body, &req) // a bad body fails in its handler, at once
	// order returns the order of the request's classic puzzle (0 if it
	// has none that reads), or -1 for a variant puzzle of side 9 or less
	// and 99 for a larger one: variants search by rules, so they never
	// run in the light lane.
	order := func() int {
		if strings.TrimSpace(req.Puzzle) == "" {
			return 0
		}
		r := format.NewReader(strings.NewReader(req.Puzzle))
		r.Variants = true
		rec, err := r.Read()
		switch {
		case err != nil:
			return 0
		case rec.Variant != nil && rec.Variant.Size <= 9:
			return -1
		case rec.Variant != nil:
			return 99
		}
		return rec.Grid.Order()
	}
	switch path {
	case "/api/solve", "/api/count", "/api/check":
		switch o := order(); {
		case o >= 0 && o <= 3:
			return s.lanes.light
		case o < 0:
			return s.lanes.logic
		}
	case "/api/hint", "/api/explain", "/api/rate", "/api/library", "/api/candidates":
		switch o := order(); {
		case o >= 0 && o <= 2 && path != "/api/library":
			return s.lanes.light
		case o <= 3:
			return s.lanes.logic
		}
	case "/api/generate":
		switch o := cmp.Or(req.Order, 3); {
		case req.Variant != "":
			if cmp.Or(req.Size, 9) <= 9 {
				return s.lanes.logic
			}
		case o <= 2 || o == 3 && req.Level == "":
			return s.lanes.light
		case o == 3:
			return s.lanes.logic
		}
	}
	return s.lanes.heavy
}

// requestCost is the least a request counts for in a lane's budget.
const requestCost = 16 << 10

// The lanes' budgets: 1,024 small requests, and 64 MiB of bodies (256
// of the largest, 256 KiB).
const (
	lightBudget = 1024 * requestCost
	heavyBudget = 64 << 20
)

// runLow runs h on a goroutine of its own whose thread runs at the lowest
// priority (lowerPriority) and ends with it, waits for it, and passes a
// panic of h on. The logic and heavy lanes run their requests so: on a
// busy machine the light lane's short requests then take the processor
// from them at once, rather than after the Go scheduler's time slice.
func runLow(h func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		lowerPriority()
		h()
	}()
	if v := <-done; v != nil {
		panic(v)
	}
}

// errLaneFull answers a request that its lane's budget cannot hold.
var errLaneFull = errors.New("the lane is full")

// bodyTimeout bounds the time a client may take to send a body.
const bodyTimeout = 5 * time.Second

// errSlowBody answers a body not received within bodyTimeout.
var errSlowBody = &requestError{status: http.StatusRequestTimeout, msg: "request body: not received in time"}

// readBody reads r's body into memory, at most max+1 bytes (decode then
// answers 413 for a body over max), within bodyTimeout, and gives r the
// bytes read as its body.
func readBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, error) {
	rc := http.NewResponseController(w)
	// A writer without deadlines (a test's recorder) reads on: the
	// http.Server's ReadTimeout still bounds the request.
	if rc.SetReadDeadline(time.Now().Add(bodyTimeout)) == nil {
		defer rc.SetReadDeadline(time.Time{})
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, max+1))
	if err != nil {
		if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() {
			return nil, errSlowBody
		}
		return nil, &requestError{status: http.StatusBadRequest, msg: "request body: " + err.Error()}
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	return b, nil
}

// libraryWorkers is the number of library reads that run at once.
const libraryWorkers = 8

// lanes holds the slots of the lanes.
type lanes struct {
	light, logic, heavy, library *lane
}

// newLanes gives the light lane workers slots and the logic and heavy
// lanes half as many each (at least one), so that the light lane's short
// requests find a slot whatever runs in the others; the library lane
// libraryWorkers.
func newLanes(workers int) *lanes {
	return &lanes{
		light:   newLane("light", workers, lightBudget),
		logic:   newLane("logic", max(1, workers/2), lightBudget),
		heavy:   newLane("heavy", max(1, workers/2), heavyBudget),
		library: newLane("library", libraryWorkers, lightBudget),
	}
}

// lane is a pool of slots where each client holds at most one.
type lane struct {
	name  string
	slots chan struct{}
	mu    sync.Mutex
	// turn holds, for each client with a request running or waiting, a
	// token its requests take in turn.
	turn map[string]*clientTurn
	// held is the cost of the requests waiting or running, at most budget.
	held, budget int
}

type clientTurn struct {
	token chan struct{}
	users int // requests running or waiting
}

func newLane(name string, workers, budget int) *lane {
	return &lane{name: name, slots: make(chan struct{}, workers), turn: make(map[string]*clientTurn), budget: budget}
}

// acquire takes a request of a body of size bytes into the lane, or
// returns errLaneFull if its budget cannot hold it; then it waits for the
// client's turn and for a slot, until ctx ends. release gives all back.
func (l *lane) acquire(ctx context.Context, key string, size int) (release func(), err error) {
	cost := max(size, requestCost)
	l.mu.Lock()
	if l.held+cost > l.budget {
		l.mu.Unlock()
		return nil, errLaneFull
	}
	l.held += cost
	t := l.turn[key]
	if t == nil {
		t = &clientTurn{token: make(chan struct{}, 1)}
		l.turn[key] = t
	}
	t.users++
	l.mu.Unlock()
	done := func() {
		l.mu.Lock()
		l.held -= cost
		if t.users--; t.users == 0 {
			delete(l.turn, key)
		}
		l.mu.Unlock()
	}
	select {
	case t.token <- struct{}{}:
	case <-ctx.Done():
		done()
		return nil, ctx.Err()
	}
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		<-t.token
		done()
		return nil, ctx.Err()
	}
	return func() {
		<-l.slots
		<-t.token
		done()
	}, nil
}
