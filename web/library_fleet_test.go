package web

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/pgtest"
	"github.com/gosudoku/sudoku/library"
)

// TestMain stops the PostgreSQL cluster of the fleet tests
// (internal/pgtest), if one was started.
func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// fleet starts two servers, each with its own connections, on one
// PostgreSQL library holding libraryPuzzles, as two serve processes
// behind a load balancer would be.
func fleet(t testing.TB) [2]*httptest.Server {
	dsn := pgtest.URL(t)
	ctx := context.Background()
	var srvs [2]*httptest.Server
	for i := range srvs {
		l, err := library.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		if i == 0 {
			for k, p := range libraryPuzzles {
				if _, _, err := l.Add(ctx, sudoku.MustParse(p), library.Source{File: "test", Line: k + 1}); err != nil {
					t.Fatal(err)
				}
			}
		}
		opt := testOptions()
		opt.Library, opt.LibraryAdd = l, true
		srvs[i] = httptest.NewServer(NewHandler(opt))
		t.Cleanup(srvs[i].Close)
	}
	return srvs
}

// fleetPaths are the requests of the load: searches and daily puzzles.
var fleetPaths = []string{
	"/api/library?er=4-7",
	"/api/library?technique=xy-wing&page=1&per=2",
	"/api/library?level=easy,hard",
	"/api/library/daily?day=2026-11-26&level=easy",
	"/api/library/daily?day=2026-11-27&level=hard",
	"/api/library?hardest=multiple-forcing-chain",
}

// fetch GETs url and returns the status and the time it took.
func fetch(c *http.Client, url string) (int, time.Duration, error) {
	t0 := time.Now()
	r, err := c.Get(url)
	if err != nil {
		return 0, 0, err
	}
	var v any
	err = json.NewDecoder(r.Body).Decode(&v)
	r.Body.Close()
	return r.StatusCode, time.Since(t0), err
}

// TestLibraryFleet: a puzzle added through one server is found through
// the other, and a mixed load on both answers without a 5xx.
func TestLibraryFleet(t *testing.T) {
	srvs := fleet(t)
	p := "000000000008107500300060004005000700900204001100309008009805300850040062000000000"
	code, m := post(t, srvs[0].Config.Handler, "/api/library", jsonBody(map[string]string{"puzzle": p}))
	if code != 200 || m["added"] != true {
		t.Fatalf("add through server 1: %d %v", code, m)
	}
	var page librarySearchResponse
	if code := get(t, srvs[1].Config.Handler, "/api/library?hardest=multiple-forcing-chain", &page); code != 200 || page.Total != 1 ||
		page.Entries[0].Puzzle != sudoku.MustParse(p).String() {
		t.Fatalf("found through server 2: %d %+v", code, page)
	}
	lat, errs := load(srvs, 4, 30)
	for _, err := range errs {
		t.Error(err)
	}
	p50, p99 := quantiles(lat)
	t.Logf("%d requests over two servers: p50 %v, p99 %v (loopback, one PostgreSQL; a figure, not a target of a test)", len(lat), p50, p99)
}

// load sends n requests from each of k clients, in turn to each server,
// and returns the latencies and any request that failed or answered a
// 5xx.
func load(srvs [2]*httptest.Server, k, n int) ([]time.Duration, []error) {
	var mu sync.Mutex
	var lat []time.Duration
	var errs []error
	var wg sync.WaitGroup
	for c := range k {
		wg.Go(func() {
			// Each client from its own loopback address (fair_test.go), so
			// the servers' fairness (one request at a time per address)
			// sees distinct clients, as behind a load balancer.
			client := clientFrom(fmt.Sprintf("127.0.0.%d", 2+c))
			client.Timeout = 30 * time.Second
			for i := range n {
				url := srvs[(c+i)%2].URL + fleetPaths[(c*7+i)%len(fleetPaths)]
				code, d, err := fetch(client, url)
				mu.Lock()
				switch {
				case err != nil:
					errs = append(errs, fmt.Errorf("GET %s: %v", url, err))
				case code >= 500:
					errs = append(errs, fmt.Errorf("GET %s: status %d", url, code))
				default:
					lat = append(lat, d)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return lat, errs
}

// quantiles returns the median and the 99th percentile.
func quantiles(lat []time.Duration) (p50, p99 time.Duration) {
	if len(lat) == 0 {
		return 0, 0
	}
	slices.Sort(lat)
	return lat[len(lat)/2], lat[min(len(lat)-1, len(lat)*99/100)]
}

// BenchmarkLibraryFleet runs the fleet's mixed load (8 clients, 100
// requests each per iteration) and reports the 99th percentile latency.
func BenchmarkLibraryFleet(b *testing.B) {
	srvs := fleet(b)
	var all []time.Duration
	for b.Loop() {
		lat, errs := load(srvs, 8, 100)
		if len(errs) > 0 {
			b.Fatal(strings.Join(strings.Fields(fmt.Sprint(errs)), " "))
		}
		all = append(all, lat...)
	}
	p50, p99 := quantiles(all)
	b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
}

// TestLibraryErrorStatus: an error of the library's database answers by
// its kind: a lost or refused connection 503 "library-down", a deadline
// 503 "busy", anything else (a fault of the query) 500.
func TestLibraryErrorStatus(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, tc := range []struct {
		err    error
		status int
		code   string
	}{
		{&pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}, 503, "library-down"},
		{&pgconn.PgError{Code: "57P03", Message: "the database system is starting up"}, 503, "library-down"},
		{&pgconn.PgError{Code: "08006"}, 503, "library-down"},
		{fmt.Errorf("library: find: %w", refused), 503, "library-down"},
		{driver.ErrBadConn, 503, "library-down"},
		{io.ErrUnexpectedEOF, 503, "library-down"},
		{fmt.Errorf("library: count: %w", context.DeadlineExceeded), 503, "busy"},
		{&pgconn.PgError{Severity: "FATAL", Code: "53300", Message: "sorry, too many clients already"}, 503, "busy"},
		{&pgconn.PgError{Code: "42P01", Message: `relation "entries" does not exist`}, 500, "internal"},
		{errors.New("library: a corrupt row"), 500, "internal"},
	} {
		status, code := classify(libraryError(tc.err))
		if status != tc.status || code != tc.code {
			t.Errorf("%v: %d %s, want %d %s", tc.err, status, code, tc.status, tc.code)
		}
	}
	// A read is tried again on a lost connection (the pool's stale ones),
	// at most readTries times in all; a fault of the query once.
	for _, tc := range []struct {
		fails int
		err   error
		tries int
		want  error
	}{
		{0, nil, 1, nil},
		{2, driver.ErrBadConn, 3, nil},
		{5, driver.ErrBadConn, readTries, errLibraryDown},
		{5, errors.New("bad query"), 1, errors.New("bad query")},
	} {
		tries := 0
		err := libraryRead(func() error {
			if tries++; tries <= tc.fails {
				return tc.err
			}
			return nil
		})
		if tries != tc.tries || fmt.Sprint(err) != fmt.Sprint(tc.want) {
			t.Errorf("%d failures of %v: %d tries, %v; want %d, %v", tc.fails, tc.err, tries, err, tc.tries, tc.want)
		}
	}
}
