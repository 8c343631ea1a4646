package web

import (
	"context"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var fairWork = flag.Int("fairwork", 0, "run TestFairWork: `N` easy 9x9 solves of a victim while two clients send small requests for long work, over loopback")

// heavyCheap lists small requests that ask for long work (issue 32, High
// 1): a 16x16 extreme puzzle of a seed (38 bytes, seconds to minutes of
// work), a 25x25 rating (639 bytes, 10 s), a 9x9 rating of one of the
// forum's hardest (about a second).
func heavyCheap(t testing.TB) []struct{ path, body string } {
	b, err := os.ReadFile("../logic/testdata/big/order5.txt")
	if err != nil {
		t.Fatal(err)
	}
	order5 := strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
	return []struct{ path, body string }{
		{"/api/generate", `{"order":4,"level":"extreme","seed":7}`},
		{"/api/rate", jsonBody(map[string]string{"puzzle": order5})},
		{"/api/generate", `{"order":5,"level":"extreme","seed":7}`},
		{"/api/explain", jsonBody(map[string]string{"puzzle": order5})},
	}
}

// TestLaneByWork: requests go to the lane of the work they ask for, not of
// their body's size. Two clients each run a small request for long work
// (a 16x16 extreme puzzle, a 25x25 rating) with both slots of the light
// lane free; a third client's 9x9 solve, check and count answer at once.
// Before, the small bodies took both light slots and the victim waited for
// the slow requests' deadline (3 s here, then 503).
func TestLaneByWork(t *testing.T) {
	opt := testOptions()
	opt.Workers = 2
	opt.Timeout = 3 * time.Second
	opt.GenerateTimeout = 3 * time.Second
	srv := httptest.NewServer(NewHandler(opt))
	defer srv.Close()
	heavy := heavyCheap(t)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	for i, ip := range []string{"127.0.0.2", "127.0.0.3"} {
		c := clientFrom(ip)
		wg.Go(func() {
			for k := i; ctx.Err() == nil; k += 2 {
				h := heavy[k%len(heavy)]
				req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+h.path, strings.NewReader(h.body))
				resp, err := c.Do(req)
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	}
	time.Sleep(500 * time.Millisecond) // the slow requests take their slots
	victim := clientFrom("127.0.0.4")
	for _, path := range []string{"/api/solve", "/api/check", "/api/count", "/api/solve"} {
		start := time.Now()
		resp, err := victim.Post(srv.URL+path, "application/json", strings.NewReader(jsonBody(map[string]string{"puzzle": easy9})))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		took := time.Since(start)
		if resp.StatusCode != 200 || took > time.Second {
			t.Errorf("%s beside two slow small requests: %d after %v: %s", path, resp.StatusCode, took, b)
		}
	}
}

// TestLaneFor: the lane of each kind of request.
func TestLaneFor(t *testing.T) {
	s := &server{opt: testOptions().withDefaults(), lanes: newLanes(2)}
	order4 := strings.Repeat(".", 256)
	for _, c := range []struct {
		path, body string
		want       *lane
	}{
		{"/api/solve", jsonBody(map[string]string{"puzzle": easy9}), s.lanes.light},
		{"/api/check", jsonBody(map[string]string{"puzzle": easy9}), s.lanes.light},
		{"/api/count", `{"puzzle":"` + strings.Repeat(".", 81) + `","limit":1000}`, s.lanes.light},
		{"/api/solve", `{"puzzle":"not a puzzle"}`, s.lanes.light},
		{"/api/solve", jsonBody(map[string]string{"puzzle": order4}), s.lanes.heavy},
		{"/api/count", jsonBody(map[string]string{"puzzle": order4}), s.lanes.heavy},
		{"/api/generate", `{}`, s.lanes.light},
		{"/api/generate", `{"order":2,"level":"easy"}`, s.lanes.light},
		{"/api/generate", `{"order":3,"level":"extreme","seed":7}`, s.lanes.logic},
		{"/api/generate", `{"order":4}`, s.lanes.heavy},
		{"/api/generate", `{"order":5,"level":"extreme","seed":7}`, s.lanes.heavy},
		{"/api/hint", jsonBody(map[string]string{"puzzle": easy9}), s.lanes.logic},
		{"/api/rate", jsonBody(map[string]string{"puzzle": easy9}), s.lanes.logic},
		{"/api/rate", jsonBody(map[string]string{"puzzle": "1..4..2..4..3..2"}), s.lanes.light},
		{"/api/explain", jsonBody(map[string]string{"puzzle": order4}), s.lanes.heavy},
		{"/api/render", `{"puzzles":["` + strings.Repeat(".", 81) + `"]}`, s.lanes.logic},
		{"/api/nothing", `{}`, s.lanes.heavy},
		{"/api/generate", `{"variant":"killer"}`, s.lanes.logic},
		{"/api/generate", `{"variant":"killer","size":16}`, s.lanes.heavy},
		{"/api/solve", `{"puzzle":"{\"size\":9,\"grid\":\"` + strings.Repeat(".", 81) + `\",\"rules\":[{\"kind\":\"diagonal\"}]}"}`, s.lanes.logic},
		{"/api/candidates", jsonBody(map[string]string{"puzzle": easy9}), s.lanes.logic},
	} {
		if got := s.laneFor(c.path, []byte(c.body)); got != c.want {
			t.Errorf("%s %.60s: lane %s, want %s", c.path, c.body, got.name, c.want.name)
		}
	}
}

// TestFairWork measures issue 32's High 1 over loopback: while two
// clients keep small requests for long work running (heavyCheap, each
// stopped by the 10 s deadline), a third client's easy 9x9 solves answer
// within 50 ms at the 99th percentile. Run it with
// go test ./web -run TestFairWork -fairwork 500 -v.
func TestFairWork(t *testing.T) {
	if *fairWork == 0 {
		t.Skip("-fairwork N runs it")
	}
	opt := testOptions()
	srv := httptest.NewServer(NewHandler(opt))
	defer srv.Close()
	victim := clientFrom("127.0.0.4")
	body := jsonBody(map[string]string{"puzzle": easy9})
	run := func() (took []time.Duration, codes map[int]int) {
		codes = map[int]int{}
		for range *fairWork {
			start := time.Now()
			resp, err := victim.Post(srv.URL+"/api/solve", "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			took = append(took, time.Since(start))
			codes[resp.StatusCode]++
			time.Sleep(10 * time.Millisecond)
		}
		slices.Sort(took)
		return took, codes
	}
	alone, _ := run()
	t.Logf("victim alone: median %v, p99 %v, worst %v", alone[len(alone)/2], alone[len(alone)*99/100], alone[len(alone)-1])

	heavy := heavyCheap(t)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	for i, ip := range []string{"127.0.0.2", "127.0.0.3"} {
		c := clientFrom(ip)
		for range 4 { // several requests in flight from each client
			wg.Go(func() {
				for k := i; ctx.Err() == nil; k += 2 {
					h := heavy[k%len(heavy)]
					req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+h.path, strings.NewReader(h.body))
					resp, err := c.Do(req)
					if err != nil {
						continue
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			})
		}
	}
	time.Sleep(time.Second)
	took, codes := run()
	p99 := took[len(took)*99/100]
	t.Logf("victim beside them: %d solves, statuses %v, median %v, p99 %v, worst %v", len(took), codes, took[len(took)/2], p99, took[len(took)-1])
	if codes[200] != len(took) {
		t.Errorf("the victim got %v", codes)
	}
	if p99 > 50*time.Millisecond {
		t.Errorf("the victim's p99 is %v, want under 50ms", p99)
	}
}
