//go:build unix

package web

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	openRate = flag.Int("openload", 0, "run TestOpenLoad: `N` API requests a second, open loop, from 100 loopback addresses")
	openDur  = flag.Duration("openload.d", time.Minute, "the duration of TestOpenLoad")
)

// TestOpenLoad is issue 21's mixed load: -openload N requests a second
// for -openload.d (default 60 s), sent on schedule whatever the answers
// (an open loop: a slow answer does not slow the senders, so queueing
// shows), from 100 loopback addresses (127.0.1.1-100) with the default
// rate limit, the mix of TestLoad (40% solve, 10% check, 30% 9x9
// generate, 20% hint). The latency counts from the scheduled time. It logs
// p50, p99 and worst per kind, the statuses, and the process's peak RSS
// (server and clients), and fails on a status other than 200 or a p99
// over 20 ms. Run it with go test ./web -run TestOpenLoad -openload 1000 -v.
func TestOpenLoad(t *testing.T) {
	if *openRate <= 0 {
		t.Skip("-openload N runs it")
	}
	pairs := readPairs(t, "solve9.txt")
	opt := testOptions()
	opt.Rate = 0 // the default limit: 20 a second, 40 at once per address
	srv := httptest.NewServer(NewHandler(opt))
	defer srv.Close()
	clients := make([]*http.Client, 100)
	for i := range clients {
		clients[i] = clientFrom(fmt.Sprintf("127.0.1.%d", i+1))
	}
	kinds := []struct {
		name, path string
		body       func(i int) string
	}{
		{"solve", "/api/solve", func(i int) string { return jsonBody(map[string]any{"puzzle": pairs[i%len(pairs)].puzzle}) }},
		{"check", "/api/check", func(i int) string { return jsonBody(map[string]any{"puzzle": pairs[i%len(pairs)].puzzle}) }},
		{"generate", "/api/generate", func(int) string { return `{"order": 3}` }},
		{"hint", "/api/hint", func(i int) string { return jsonBody(map[string]any{"puzzle": pairs[i%len(pairs)].puzzle}) }},
	}
	mix := []int{0, 0, 0, 0, 1, 2, 2, 2, 3, 3}

	stopRSS := make(chan struct{})
	var peakRSS int64
	var rssDone sync.WaitGroup
	rssDone.Go(func() {
		for {
			peakRSS = max(peakRSS, rssKB())
			select {
			case <-stopRSS:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	})

	cpu0 := cpuTime()
	type sample struct {
		kind   int
		d      time.Duration
		status int
	}
	n := int(float64(*openRate) * openDur.Seconds())
	samples := make([]sample, n)
	every := time.Second / time.Duration(*openRate)
	var wg sync.WaitGroup
	start := time.Now()
	late := 0 // requests sent over 5 ms after their time (the sender fell behind)
	for i := range n {
		at := start.Add(time.Duration(i) * every)
		if d := time.Until(at); d > 0 {
			time.Sleep(d)
		} else if d < -5*time.Millisecond {
			late++
		}
		wg.Go(func() {
			k := mix[i%len(mix)]
			c := clients[i%len(clients)]
			resp, err := c.Post(srv.URL+kinds[k].path, "application/json", bytes.NewBufferString(kinds[k].body(i)))
			status := -1
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				status = resp.StatusCode
			}
			samples[i] = sample{k, time.Since(at), status}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	close(stopRSS)
	rssDone.Wait()

	statuses := map[int]int{}
	byKind := make([][]time.Duration, len(kinds)+1)
	for _, s := range samples {
		statuses[s.status]++
		byKind[s.kind] = append(byKind[s.kind], s.d)
		byKind[len(kinds)] = append(byKind[len(kinds)], s.d)
	}
	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("%d requests in %v (%.0f/s asked, %.0f/s sent), 100 addresses, GOMAXPROCS %d, %d sent late; statuses %v; peak RSS %.1f MB; CPU %.0f µs a request (server and clients: at most %.0f requests/s on %d idle cores); load average %s",
		n, elapsed.Round(time.Millisecond), float64(*openRate), float64(n)/elapsed.Seconds(), runtime.GOMAXPROCS(0), late, statuses, float64(peakRSS)/1024,
		float64(cpu.Microseconds())/float64(n), float64(runtime.NumCPU())*float64(n)/cpu.Seconds(), runtime.NumCPU(), strings.TrimSpace(string(load)))
	var p99 time.Duration
	for k, ds := range byKind {
		name := "all"
		if k < len(kinds) {
			name = kinds[k].name
		}
		slices.Sort(ds)
		q := func(p float64) time.Duration { return ds[min(len(ds)-1, int(p*float64(len(ds))))] }
		t.Logf("%-8s n=%6d  p50 %8v  p99 %8v  max %8v", name, len(ds), q(.50).Round(time.Microsecond), q(.99).Round(time.Microsecond), ds[len(ds)-1].Round(time.Microsecond))
		p99 = q(.99)
	}
	if statuses[200] != n {
		t.Errorf("statuses %v: want all 200", statuses)
	}
	if p99 > 20*time.Millisecond {
		t.Errorf("p99 %v, want under 20 ms", p99)
	}
}

// rssKB returns the process's resident set in KiB, or 0.
func rssKB() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int64
			fmt.Sscan(rest, &kb)
			return kb
		}
	}
	return 0
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
