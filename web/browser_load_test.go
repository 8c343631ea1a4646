package web

import (
	"flag"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"
)

var (
	pageLoads  = flag.Int("pageload", 0, "TestBrowserPageLoad: load the page cold this many times in fresh browsers and log the median time to interactive")
	waterfalls = flag.Bool("waterfall", false, "TestBrowserPageLoad: log each load's files and marks (start, request, first and last byte, ms)")
)

// TestBrowserPageLoad measures the page's cold load on loopback: a fresh
// browser (no cache, no service worker, no kept game) per run, the time
// from navigation to the page's sudoku-ready mark (the board drawn, every
// control wired), its median over -pageload runs, with where the time goes:
// the document, the last script, the script's own work (-waterfall logs
// each file and mark). Each run loads, in turn and each in a fresh
// browser, the page as served (bundled), the page's modules as they are
// (Options.Dev), and a blank page (the browser's own cost: its load event),
// so that the figures of one run, taken under the same load of the
// machine, compare as ratios. It is a measurement, not a check: it runs
// only when asked.
//
//	go test ./web -run TestBrowserPageLoad -pageload 10 -v
func TestBrowserPageLoad(t *testing.T) {
	if *pageLoads == 0 {
		t.Skip("a measurement: -pageload N runs it")
	}
	dev := httptest.NewServer(NewHandler(Options{Rate: rate.Inf, Logger: quiet, Dev: true}))
	defer dev.Close()
	blank := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!doctype html><title>blank</title>"))
	}))
	defer blank.Close()
	var ready, doc, scripts, own, warm, devReady, blanks []float64
	for range *pageLoads {
		b := newBrowserSession(t)
		b.open(b.url)
		m := eval[map[string]float64](b, measure)
		ready, doc, scripts, own = append(ready, m["ready"]), append(doc, m["doc"]), append(scripts, m["scripts"]), append(own, m["own"])
		t.Logf("ready %.1f ms: document %.1f, last of %v scripts %.1f, own work %.1f", m["ready"], m["doc"], m["n"], m["scripts"], m["own"])
		if *waterfalls {
			t.Log("cold load: start, request, first byte, last byte (ms), bytes\n" + eval[string](b, waterfall))
		}
		// Warm: the same browser again, its game kept, the service worker
		// in charge once it controls the page.
		b.waitFor("the service worker", `navigator.serviceWorker.controller !== null`)
		b.reload()
		w := eval[map[string]float64](b, measure)
		warm = append(warm, w["ready"])
		t.Logf("warm: ready %.1f ms: document %.1f, last script %.1f, own work %.1f", w["ready"], w["doc"], w["scripts"], w["own"])
		if *waterfalls {
			t.Log("warm load: start, request, first byte, last byte (ms), bytes\n" + eval[string](b, waterfall))
		}

		d := newBrowserSession(t)
		d.open(dev.URL + "/")
		m = eval[map[string]float64](d, measure)
		devReady = append(devReady, m["ready"])
		t.Logf("dev (modules as they are): ready %.1f ms: document %.1f, last of %v scripts %.1f, own work %.1f", m["ready"], m["doc"], m["n"], m["scripts"], m["own"])

		e := newBrowserSession(t)
		e.do("open the blank page", chromedp.Navigate(blank.URL+"/"))
		e.waitFor("its load event", `performance.getEntriesByType('navigation')[0].loadEventEnd > 0`)
		blanks = append(blanks, eval[float64](e, `performance.getEntriesByType('navigation')[0].loadEventEnd`))
		t.Logf("blank page: loaded %.1f ms", blanks[len(blanks)-1])
	}
	median := func(xs []float64) float64 {
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	med := func(xs []float64) string { return fmt.Sprintf("%.1f", median(xs)) }
	t.Logf("median of %d cold loads: ready %s ms (document %s, last script %s, own work %s); warm reloads: ready %s ms", len(ready), med(ready), med(doc), med(scripts), med(own), med(warm))
	t.Logf("median of %d cold loads in the same run: bundled %s ms, dev (modules as they are) %s ms, blank page %s ms: bundled %.2fx the blank page, dev %.2fx",
		len(ready), med(ready), med(devReady), med(blanks), median(ready)/median(blanks), median(devReady)/median(blanks))
}

// measure reads the page's load figures in milliseconds from navigation;
// the scripts are those asked for before the page was ready (not those it
// imports later, when needed).
const measure = `(() => {
	const nav = performance.getEntriesByType('navigation')[0];
	const ready = performance.getEntriesByName('sudoku-ready')[0].startTime;
	const js = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.js') && r.startTime < ready);
	return { ready, doc: nav.responseEnd, scripts: Math.max(...js.map((r) => r.responseEnd)), n: js.length,
		own: ready - performance.getEntriesByName('sudoku-start')[0].startTime };
})()`

// waterfall describes the page's load, one line per file: when it was
// asked for, its request, its first and last byte, its size on the wire
// (0 from a cache) and, from a service worker's cache by a route, when
// the lookup began; then the page's marks and first paint.
const waterfall = `(() => {
	const f = (x) => (x || 0).toFixed(1).padStart(7);
	const nav = performance.getEntriesByType('navigation')[0];
	let s = 'document' + ' '.repeat(7) + f(nav.startTime) + f(nav.requestStart) + f(nav.responseStart) + f(nav.responseEnd) + ' parsed ' + f(nav.domInteractive) + '\n';
	for (const r of performance.getEntriesByType('resource')) {
		s += new URL(r.name).pathname.padEnd(15) + f(r.startTime) + f(r.requestStart) + f(r.responseStart) + f(r.responseEnd) + String(r.transferSize).padStart(7) + (r.workerCacheLookupStart ? ' cache route ' + f(r.workerCacheLookupStart) : '') + '\n';
	}
	for (const m of [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('paint')]) s += m.name.padEnd(15) + f(m.startTime) + '\n';
	return s;
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
	// The files asked for before the page was ready (not those imported
	// later, when needed).
	const loaded = `Object.fromEntries(performance.getEntriesByType('resource')
		.filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname) && r.startTime < performance.getEntriesByName('sudoku-ready')[0].startTime)
		.map((r) => [new URL(r.name).pathname, r.workerCacheLookupStart > 0 && r.transferSize === 0 ? 1 : 0]))`
	cold := eval[map[string]float64](b, loaded)
	b.reload()
	files := eval[map[string]float64](b, loaded)
	if len(files) < 3 {
		t.Errorf("the reload fetched %d modules and style sheets, want 3 or more: %v", len(files), files)
	}
	for name := range cold {
		if _, ok := files[name]; !ok {
			t.Errorf("the reload did not ask for %s, which the first load did", name)
		}
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

// TestModulePreload checks the page's list of modules to fetch at once:
// index.html names every module its scripts import, directly or not (so
// that all are fetched from the page's head, not one level of imports per
// round trip), and none of those loaded only when needed by import() (the
// guide, My games, the library), which the first paint does not wait for.
func TestModulePreload(t *testing.T) {
	html, err := staticFiles.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile(`<(?:link rel="modulepreload" href|script type="module" src)="([\w-]+\.js)"`).FindAllSubmatch(html, -1) {
		named[string(m[1])] = true
	}
	static := regexp.MustCompile(`(?m)^import .* from '\./([\w-]+\.js)';$`)
	lazy := regexp.MustCompile(`import\('\./([\w-]+\.js)'\)`)
	graph := map[string]bool{}
	var walk func(name string)
	walk = func(name string) {
		if graph[name] {
			return
		}
		graph[name] = true
		b, err := staticFiles.ReadFile("static/" + name)
		if err != nil {
			t.Errorf("a module imports %s: %v", name, err)
			return
		}
		for _, m := range static.FindAllSubmatch(b, -1) {
			walk(string(m[1]))
		}
	}
	for _, m := range regexp.MustCompile(`<script type="module" src="([\w-]+\.js)"`).FindAllSubmatch(html, -1) {
		walk(string(m[1]))
	}
	if !graph["app.js"] || len(graph) < 10 {
		t.Fatalf("the page's scripts import %d modules (%v): the scripts of index.html are not read", len(graph), graph)
	}
	for name := range graph {
		if !named[name] {
			t.Errorf("index.html does not modulepreload %s, which its scripts import", name)
		}
	}
	files, err := fs.Glob(staticFiles, "static/*.js")
	if err != nil {
		t.Fatal(err)
	}
	lazies := 0
	for _, f := range files {
		b, _ := staticFiles.ReadFile(f)
		for _, m := range lazy.FindAllSubmatch(b, -1) {
			name := string(m[1])
			lazies++
			if _, err := staticFiles.ReadFile("static/" + name); err != nil {
				t.Errorf("%s imports %s when needed: %v", path.Base(f), name, err)
			}
			if !graph[name] && named[name] {
				t.Errorf("index.html fetches %s at once, which is only imported when needed", name)
			}
		}
	}
	for name := range named {
		if !graph[name] {
			t.Errorf("index.html names %s, which no script of the page imports", name)
		}
	}
	if lazies == 0 {
		t.Error("no module is imported when needed: the pattern for import() does not match")
	}
}
