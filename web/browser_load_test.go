package web

import (
	"flag"
	"fmt"
	"slices"
	"testing"
)

var pageLoads = flag.Int("pageload", 0, "TestBrowserPageLoad: load the page cold this many times in fresh browsers and log the median time to interactive")

// TestBrowserPageLoad measures the page's cold load on loopback: a fresh
// browser (no cache, no service worker, no kept game) per run, the time
// from navigation to the page's sudoku-ready mark (the board drawn, every
// control wired), its median over -pageload runs, with where the time goes:
// the document, the last script, the script's own work. It is a
// measurement, not a check: it runs only when asked.
//
//	go test ./web -run TestBrowserPageLoad -pageload 10 -v
func TestBrowserPageLoad(t *testing.T) {
	if *pageLoads == 0 {
		t.Skip("a measurement: -pageload N runs it")
	}
	var ready, doc, scripts, own, warm []float64
	for range *pageLoads {
		b := newBrowserSession(t)
		b.open(b.url)
		m := eval[map[string]float64](b, measure)
		ready, doc, scripts, own = append(ready, m["ready"]), append(doc, m["doc"]), append(scripts, m["scripts"]), append(own, m["own"])
		t.Logf("ready %.1f ms: document %.1f, last of %v scripts %.1f, own work %.1f", m["ready"], m["doc"], m["n"], m["scripts"], m["own"])
		// Warm: the same browser again, its game kept, the service worker
		// in charge once it controls the page.
		b.waitFor("the service worker", `navigator.serviceWorker.controller !== null`)
		b.reload()
		w := eval[map[string]float64](b, measure)
		warm = append(warm, w["ready"])
		t.Logf("warm: ready %.1f ms: document %.1f, last script %.1f, own work %.1f", w["ready"], w["doc"], w["scripts"], w["own"])
	}
	med := func(xs []float64) string {
		slices.Sort(xs)
		return fmt.Sprintf("%.1f", xs[len(xs)/2])
	}
	t.Logf("median of %d cold loads: ready %s ms (document %s, last script %s, own work %s); warm reloads: ready %s ms", len(ready), med(ready), med(doc), med(scripts), med(own), med(warm))
}

// measure reads the page's load figures in milliseconds from navigation.
const measure = `(() => {
	const nav = performance.getEntriesByType('navigation')[0];
	const js = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.js'));
	const ready = performance.getEntriesByName('sudoku-ready')[0].startTime;
	return { ready, doc: nav.responseEnd, scripts: Math.max(...js.map((r) => r.responseEnd)), n: js.length,
		own: ready - performance.getEntriesByName('sudoku-start')[0].startTime };
})()`

// TestBrowserWarmLoad checks how a reload of the page gets its files once
// the service worker is in charge: every module and the style sheet come
// from the worker's cache by its route, without the worker's fetch handler
// or the network (a response the route took from the cache has a cache
// lookup time), and the game is the one before the reload.
func TestBrowserWarmLoad(t *testing.T) {
	b := newBrowserSession(t)
	b.open(b.url)
	b.waitFor("the service worker", `navigator.serviceWorker.controller !== null`)
	if !eval[bool](b, `'workerCacheLookupStart' in PerformanceResourceTiming.prototype`) {
		t.Skip("this browser does not time service worker routes (workerCacheLookupStart)")
	}
	grid := state[string](b, "grid")
	b.reload()
	files := eval[map[string]float64](b, `Object.fromEntries(performance.getEntriesByType('resource')
		.filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname))
		.map((r) => [new URL(r.name).pathname, r.workerCacheLookupStart > 0 && r.transferSize === 0 ? 1 : 0]))`)
	if len(files) < 20 {
		t.Errorf("the reload fetched %d modules and style sheets, want 20 or more: %v", len(files), files)
	}
	for name, cached := range files {
		if cached != 1 {
			t.Errorf("%s did not come from the service worker's cache by its route", name)
		}
	}
	if g := state[string](b, "grid"); g != grid {
		t.Errorf("after the reload the grid is %s, want %s", g, grid)
	}
}
