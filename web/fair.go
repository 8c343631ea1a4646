package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// Fair service: no client can deny the API to the others.
//
// A request's body is read whole (at most Options.MaxBody bytes, within
// bodyTimeout) before it waits for a slot, so a client that sends its body
// at one byte a second holds a connection, not a slot. The slots are in two
// lanes by the size of the body, a measure of the work a request can ask
// for: small bodies (one 9x9 puzzle, most requests of the page) run in the
// light lane, larger ones (16x16 to 64x64 grids, sheets to render) in the
// heavy lane, so a stream of hard 64x64 searches cannot hold the slots an
// easy 9x9 solve needs. In each lane a client (an address; an IPv6 /64)
// runs at most one request at a time: its others wait their turn, while
// other clients' requests go ahead.
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

// lightBody is the largest body the light lane takes: a 9x9 puzzle with a
// player's progress.
const lightBody = 1024

// requestCost is the least a request counts for in a lane's budget.
const requestCost = 16 << 10

// The lanes' budgets: 1,024 small requests, and 64 MiB of bodies (256
// of the largest, 256 KiB).
const (
	lightBudget = 1024 * requestCost
	heavyBudget = 64 << 20
)

// errLaneFull answers a request that its lane's budget cannot hold.
var errLaneFull = errors.New("the lane is full")

// bodyTimeout bounds the time a client may take to send a body.
const bodyTimeout = 5 * time.Second

// errSlowBody answers a body not received within bodyTimeout.
var errSlowBody = &requestError{status: http.StatusRequestTimeout, msg: "request body: not received in time"}

// readBody reads r's body into memory, at most max+1 bytes (decode then
// answers 413 for a body over max), within bodyTimeout, and gives r the
// bytes read as its body.
func readBody(w http.ResponseWriter, r *http.Request, max int64) (int, error) {
	rc := http.NewResponseController(w)
	// A writer without deadlines (a test's recorder) reads on: the
	// http.Server's ReadTimeout still bounds the request.
	if rc.SetReadDeadline(time.Now().Add(bodyTimeout)) == nil {
		defer rc.SetReadDeadline(time.Time{})
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, max+1))
	if err != nil {
		if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() {
			return 0, errSlowBody
		}
		return 0, &requestError{status: http.StatusBadRequest, msg: "request body: " + err.Error()}
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	return len(b), nil
}

// libraryWorkers is the number of library reads that run at once.
const libraryWorkers = 8

// lanes holds the slots of the lanes.
type lanes struct {
	light, heavy, library *lane
}

// newLanes gives the light lane workers slots and the heavy lane half as
// many (at least one), so that some processors are always free for the
// light lane's short requests; the library lane libraryWorkers.
func newLanes(workers int) *lanes {
	return &lanes{light: newLane(workers, lightBudget), heavy: newLane(max(1, workers/2), heavyBudget),
		library: newLane(libraryWorkers, lightBudget)}
}

// lane is a pool of slots where each client holds at most one.
type lane struct {
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

func newLane(workers, budget int) *lane {
	return &lane{slots: make(chan struct{}, workers), turn: make(map[string]*clientTurn), budget: budget}
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
