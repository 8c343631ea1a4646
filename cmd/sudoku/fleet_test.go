//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/internal/pgtest"
)

var fleetLoad = flag.Duration("fleetload", 0, "run TestServeFleet's load for `d` (e.g. 60s) from 32 clients and require p99 under 50 ms; without it a short load from 8 clients")

// fleetPuzzle is added through one server and found through the other:
// rated 8.4, its hardest step a cell forcing chain (the only one in the
// library).
const fleetPuzzle = "000000000008107500300060004005000700900204001100309008009805300850040062000000000"

// TestServeFleet runs the fleet of the issue: two sudoku serve processes
// (the binary built once) on loopback sharing one PostgreSQL library (a
// throwaway cluster, internal/pgtest). A puzzle added through one is found
// through the other, every search answers the same on both, a mixed load
// of library searches and play (generate, hint, check, solve) spread over
// both answers 200 to every request, and both stop cleanly on SIGTERM.
func TestServeFleet(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dsn := pgtest.URL(t)
	bin := buildSudoku(t)
	if out, err := exec.Command(bin, "library", "add", "-db", dsn, "-tag", "fleet", "testdata/fleet.txt").CombinedOutput(); err != nil {
		t.Fatalf("library add: %v\n%s", err, out)
	}
	a, b := startServe(t, bin, dsn), startServe(t, bin, dsn)
	c := clientFrom("127.0.0.1")

	// A puzzle added through a is found through b.
	var added struct {
		ID    int64 `json:"id"`
		Added bool  `json:"added"`
	}
	if code := call(t, c, a.url+"api/library", `{"puzzle": "`+fleetPuzzle+`"}`, &added); code != 200 || !added.Added {
		t.Fatalf("add through the first server: %d %+v", code, added)
	}
	var page struct {
		Total   int `json:"total"`
		Entries []struct {
			ID     int64   `json:"id"`
			Puzzle string  `json:"puzzle"`
			ER     float64 `json:"er"`
			Source string  `json:"source"`
		} `json:"entries"`
	}
	if code := call(t, c, b.url+"api/library?hardest=multiple-forcing-chain", "", &page); code != 200 || page.Total != 1 ||
		page.Entries[0].ID != added.ID || page.Entries[0].ER != 8.4 || page.Entries[0].Source != "web" ||
		strings.ReplaceAll(page.Entries[0].Puzzle, ".", "0") != fleetPuzzle {
		t.Fatalf("found through the second server: %d %+v", code, page)
	}

	// Every search answers the same on both servers.
	for _, p := range fleetSearches {
		var ja, jb json.RawMessage
		ca, cb := call(t, c, a.url+p, "", &ja), call(t, c, b.url+p, "", &jb)
		if ca != 200 || cb != 200 || !bytes.Equal(ja, jb) {
			t.Errorf("GET %s: %d %s on one server, %d %s on the other", p, ca, ja, cb, jb)
		}
	}

	d, clients := 2*time.Second, 8
	if *fleetLoad > 0 {
		d, clients = *fleetLoad, 32
	}
	pg, sessions := pgConns(t, dsn)
	cpu0, sessions0 := a.cpu()+b.cpu(), sessions()
	r := fleetRun([]string{a.url, b.url}, clients, d, pg)
	cpu, opened := a.cpu()+b.cpu()-cpu0, sessions()-sessions0
	for _, err := range r.errs {
		t.Error(err)
	}
	t.Logf("%d requests in %v from %d clients over two servers (%.0f/s), %d failed; load average %s -> %s",
		r.n, d, clients, float64(r.n)/d.Seconds(), len(r.errs), r.loadBefore, r.loadAfter)
	for _, kind := range []string{"search", "play", "all"} {
		lat := r.lat[kind]
		t.Logf("%-6s %5d: p50 %v, p99 %v, max %v", kind, len(lat), q(lat, 50), q(lat, 99), q(lat, 100))
	}
	t.Logf("PostgreSQL connections of the library: at most %d at once, %d opened during the load; CPU of the two servers %v, %v a request",
		r.maxConns, opened, cpu, cpu/time.Duration(max(1, r.n)))
	// Each server keeps its connections: without idle ones enough for its
	// reads at once (database/sql keeps 2 by default) it opened one for
	// every third search (1,102 in 15 s).
	if opened > 32 {
		t.Errorf("%d connections opened during the load: the servers' pools do not keep theirs", opened)
	}
	if *fleetLoad > 0 {
		if p99 := q(r.lat["all"], 99); p99 > 50*time.Millisecond {
			t.Errorf("p99 %v, want under 50 ms", p99)
		}
	}

	// A lock holds the library's entries (a migration, a stuck writer):
	// searches wait on it; play beside them must not wait for them.
	lockedPlay(t, dsn, a.url, startServe(t, bin, dsn, "-timeout", "1s"))

	// PostgreSQL goes away: searches answer 503 "library-down" at once,
	// play goes on; it comes back: searches answer again.
	pgtest.Down(t)
	for _, u := range []string{a.url, b.url} {
		var e struct{ Error, Code string }
		t0 := time.Now()
		code, err := sendAny(c, u+"api/library?er=1-3", "", &e)
		if err != nil || code != 503 || e.Code != "library-down" || time.Since(t0) > 2*time.Second {
			t.Errorf("search with PostgreSQL down: %d %+v %v in %v; want 503 library-down at once", code, e, err, time.Since(t0))
		}
		r, err := c.Get(u + "api/library/daily?day=2026-11-26&level=easy")
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != 503 || r.Header.Get("Retry-After") == "" {
			t.Errorf("daily with PostgreSQL down: %s, Retry-After %q; want 503 with Retry-After", r.Status, r.Header.Get("Retry-After"))
		}
		if code := call(t, c, u+"api/check", `{"puzzle": "`+fleetPuzzle+`"}`, nil); code != 200 {
			t.Errorf("check with PostgreSQL down: %d, want 200", code)
		}
	}
	pgtest.Up(t)
	for _, u := range []string{a.url, b.url} {
		var p struct{ Total int }
		if code := call(t, c, u+"api/library", "", &p); code != 200 || p.Total != 12 {
			t.Errorf("search with PostgreSQL back: %d, %d entries; want 200, 12", code, p.Total)
		}
	}
	a.stop(t)
	b.stop(t)
}

// fleetSearches are the library searches of the load: every filter, pages.
var fleetSearches = []string{
	"api/library",
	"api/library?er=1-3&per=3",
	"api/library?er=1-3&per=3&page=2",
	"api/library?level=easy,medium&page=2&per=2",
	"api/library?technique=naked-pair",
	"api/library?hardest=xy-wing",
	"api/library?ep=1-2&ed=1-2",
	"api/library?clues=20-30&symmetry=central",
	"api/library?tag=fleet&per=5&page=3",
	"api/library?source=testdata/fleet.txt&level=hard",
	"api/library?er=9-",
	"api/library/daily?day=2026-11-26&level=easy",
	"api/library/daily?day=2026-11-27&level=medium",
}

// fleetPlay are the requests of a player: generate, hint, check, solve.
func fleetPlay(i int, puzzles []string) (path, body string) {
	p := puzzles[i%len(puzzles)]
	switch i % 4 {
	case 0:
		return "api/generate", `{"order": 3}`
	case 1:
		return "api/hint", `{"puzzle": "` + p + `"}`
	case 2:
		return "api/check", `{"puzzle": "` + p + `"}`
	}
	return "api/solve", `{"puzzle": "` + p + `"}`
}

// fleetResult is what a load measured.
type fleetResult struct {
	n                     int
	lat                   map[string][]time.Duration // by kind: search, play, all
	errs                  []error
	maxConns              int
	loadBefore, loadAfter string
}

// fleetRun sends requests for d from k clients, each from its own loopback
// address (the servers' rate limit and fairness are per address, as behind
// a load balancer that passes the client's address) at 15 requests a
// second (under the rate limit of 20), in turn to each server: a library
// search or daily puzzle, then a play request. conns, if not nil, counts
// the library's database connections, sampled every 50 ms.
func fleetRun(urls []string, k int, d time.Duration, conns func() int) fleetResult {
	puzzles := readFleetPuzzles()
	r := fleetResult{lat: map[string][]time.Duration{}, loadBefore: loadavg()}
	var mu sync.Mutex
	var wg sync.WaitGroup
	end := time.Now().Add(d)
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	if conns != nil {
		sampler.Go(func() {
			for {
				n := conns()
				mu.Lock()
				r.maxConns = max(r.maxConns, n)
				mu.Unlock()
				select {
				case <-stop:
					return
				case <-time.After(50 * time.Millisecond):
				}
			}
		})
	}
	for c := range k {
		wg.Go(func() {
			client := clientFrom(fmt.Sprintf("127.0.0.%d", 10+c))
			tick := time.NewTicker(time.Second / 15)
			defer tick.Stop()
			for i := 0; time.Now().Before(end); i++ {
				<-tick.C
				kind, path, body := "search", fleetSearches[(c*5+i/2)%len(fleetSearches)], ""
				if i%2 == 1 {
					kind = "play"
					path, body = fleetPlay(c+i/2, puzzles)
				}
				u := urls[(c+i)%len(urls)] + path
				t0 := time.Now()
				code, err := send(client, u, body, nil)
				took := time.Since(t0)
				mu.Lock()
				r.n++
				switch {
				case err != nil:
					r.errs = append(r.errs, fmt.Errorf("%s: %v", u, err))
				case code != 200:
					r.errs = append(r.errs, fmt.Errorf("%s: status %d", u, code))
				default:
					r.lat[kind] = append(r.lat[kind], took)
					r.lat["all"] = append(r.lat["all"], took)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	close(stop)
	sampler.Wait()
	r.loadAfter = loadavg()
	for _, lat := range r.lat {
		slices.Sort(lat)
	}
	return r
}

// q returns the p-th percentile of sorted latencies (100: the largest).
func q(lat []time.Duration, p int) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	return lat[min(len(lat)-1, len(lat)*p/100)]
}

// loadavg returns the machine's load averages (1, 5 and 15 minutes).
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

// readFleetPuzzles returns the puzzles of testdata/fleet.txt.
func readFleetPuzzles() []string {
	b, _ := os.ReadFile("testdata/fleet.txt")
	var ps []string
	for line := range strings.Lines(string(b)) {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			ps = append(ps, line)
		}
	}
	return ps
}

// pgConns returns functions that count the connections to the database
// of dsn (the servers' pools) open now, and the sessions opened so far
// (pg_stat_database, PostgreSQL 14 and later; 0 before).
func pgConns(t *testing.T, dsn string) (conns, sessions func() int) {
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	u.Path = "/postgres"
	db, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	conns = func() int {
		var n int
		db.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE datname = $1`, name).Scan(&n)
		return n
	}
	sessions = func() int {
		var n int
		db.QueryRow(`SELECT sessions FROM pg_stat_database WHERE datname = $1`, name).Scan(&n)
		return n
	}
	return conns, sessions
}

// buildSudoku builds the sudoku command once into a temporary folder and
// returns its path.
func buildSudoku(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "sudoku")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// serveProc is a running sudoku serve.
type serveProc struct {
	cmd    *exec.Cmd
	url    string // http://127.0.0.1:port/
	stderr *syncBuffer
	done   chan error
}

var servingAt = regexp.MustCompile(`serving the web app at (http://\S+/)`)

// startServe starts bin serve on a free loopback port with the library
// dsn (taking puzzles) and waits until it says where it serves; the test's
// end kills it if it still runs.
func startServe(t *testing.T, bin, dsn string, args ...string) *serveProc {
	t.Helper()
	args = append([]string{"serve", "-addr", "127.0.0.1:0", "-library", dsn, "-library-add"}, args...)
	p := &serveProc{cmd: exec.Command(bin, args...), stderr: new(syncBuffer), done: make(chan error, 1)}
	p.cmd.Stderr = p.stderr
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := servingAt.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
		io.Copy(io.Discard, stdout)
		p.done <- p.cmd.Wait()
	}()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
		}
	})
	select {
	case p.url = <-urls:
	case err := <-p.done:
		t.Fatalf("serve ended before serving: %v\n%s", err, p.stderr)
	case <-time.After(30 * time.Second):
		t.Fatalf("serve did not say where it serves in 30 s\n%s", p.stderr)
	}
	return p
}

// cpu returns the processor time (user and system) the process has used
// so far, from /proc (0 where there is none).
func (p *serveProc) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name (in parentheses): utime and
	// stime are the 12th and 13th, in ticks of 1/100 s (USER_HZ).
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	var user, sys int64
	fmt.Sscan(f[11], &user)
	fmt.Sscan(f[12], &sys)
	return time.Duration(user+sys) * 10 * time.Millisecond
}

// stop sends SIGTERM and requires a clean stop: exit status 0, "stopped",
// and no request failed on the server's side (it logs each 5xx; a 503
// while PostgreSQL is down is expected, a 500 never).
func (p *serveProc) stop(t *testing.T) {
	t.Helper()
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		if err != nil || !strings.Contains(p.stderr.String(), "sudoku serve: stopped") {
			t.Errorf("serve %s after SIGTERM: %v; want status 0 and a clean stop\n%s", p.url, err, p.stderr)
		}
	case <-time.After(20 * time.Second):
		t.Errorf("serve %s still runs 20 s after SIGTERM\n%s", p.url, p.stderr)
	}
	if s := p.stderr.String(); strings.Contains(s, "status=500") {
		t.Errorf("serve %s logged requests that failed (500):\n%s", p.url, s)
	}
}

// clientFrom returns an HTTP client whose connections come from the
// loopback address ip (Linux answers every 127.0.0.0/8 address).
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}}
}

// send GETs u (body empty) or POSTs body as JSON to it, and decodes the
// answer into v (if not nil); it returns the status.
func send(c *http.Client, u, body string, v any) (int, error) {
	return sendDecode(c, u, body, v, false)
}

// sendAny is send that decodes an answer of any status (an error's JSON).
func sendAny(c *http.Client, u, body string, v any) (int, error) {
	return sendDecode(c, u, body, v, true)
}

func sendDecode(c *http.Client, u, body string, v any, any bool) (int, error) {
	method := http.MethodGet
	if body != "" {
		method = http.MethodPost
	}
	req, err := http.NewRequestWithContext(context.Background(), method, u, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if v != nil && (resp.StatusCode == 200 || any) {
		if err := json.Unmarshal(b, v); err != nil {
			return resp.StatusCode, fmt.Errorf("%v: %s", err, b)
		}
	}
	return resp.StatusCode, nil
}

// call is send for a test: a request that fails stops it.
func call(t *testing.T, c *http.Client, u, body string, v any) int {
	t.Helper()
	code, err := send(c, u, body, v)
	if err != nil {
		t.Fatalf("%s: %v", u, err)
	}
	return code
}

// lockedPlay holds a lock on the library's entries. A search through
// short, a server of -timeout 1s, answers 503 "busy" at its deadline, and
// its query is cancelled in PostgreSQL too (no query of the library waits
// on the lock after it). Then 4 clients search through the server at u
// (filling its slots if they ran there), and a player's check through it
// must answer while they wait; when the lock goes they answer 200.
func lockedPlay(t *testing.T, dsn, u string, short *serveProc) {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`LOCK TABLE entries IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	var e struct{ Error, Code string }
	t0 := time.Now()
	code, err := sendAny(clientFrom("127.0.0.98"), short.url+"api/library?er=1-9", "", &e)
	if err != nil || code != 503 || e.Code != "busy" {
		t.Errorf("search on a locked library, -timeout 1s: %d %+v %v after %v; want 503 busy", code, e, err, time.Since(t0))
	}
	var waiting int
	for try := 0; ; try++ {
		err := tx.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting)
		if err != nil {
			t.Fatal(err)
		}
		if waiting == 0 || try == 20 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if waiting != 0 {
		t.Errorf("%d queries still wait on the lock 2 s after their request's deadline", waiting)
	}
	short.stop(t)

	searches := make(chan int, 4)
	for i := range 4 {
		go func() {
			code, _ := send(clientFrom(fmt.Sprintf("127.0.0.%d", 100+i)), u+"api/library?er=1-9", "", nil)
			searches <- code
		}()
	}
	time.Sleep(300 * time.Millisecond) // the searches wait on the lock
	played := make(chan int, 1)
	t0 = time.Now()
	go func() {
		code, _ := send(clientFrom("127.0.0.99"), u+"api/check", `{"puzzle": "`+fleetPuzzle+`"}`, nil)
		played <- code
	}()
	select {
	case code := <-played:
		if code != 200 {
			t.Errorf("check beside searches that wait on a lock: %d, want 200", code)
		}
		t.Logf("check beside 4 searches waiting on a lock: %v", time.Since(t0))
	case <-time.After(5 * time.Second):
		t.Errorf("check beside 4 searches waiting on a lock: no answer in 5 s")
	}
	if len(searches) > 0 {
		t.Errorf("a search answered %d while the lock was held", <-searches)
	}
	tx.Rollback()
	for range 4 {
		if code := <-searches; code != 200 {
			t.Errorf("search after the lock: %d, want 200", code)
		}
	}
}
