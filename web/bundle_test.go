package web

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// getStatic fetches p from a handler made with opt: its status and body.
func getStatic(t *testing.T, opt Options, p string) (int, string) {
	t.Helper()
	r := httptest.NewRecorder()
	NewHandler(opt).ServeHTTP(r, httptest.NewRequest("GET", p, nil))
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return r.Code, string(b)
}

// TestBundle checks the page as served bundled and as served in dev mode:
// bundled, index.html loads its scripts (store.js, app.js) and preloads
// their chunks instead of the modules,
// every reference between the bundle's files (and every file sw.js keeps)
// is served, of the page's version, and the modules themselves are not
// served; in dev mode the modules are served as they are, with the
// version in their imports.
func TestBundle(t *testing.T) {
	_, html := getStatic(t, Options{}, "/")
	scripts := regexp.MustCompile(`<script type="module" src="([\w-]+)\.js\?v=(\w+)"`).FindAllStringSubmatch(html, -1)
	if len(scripts) != 2 || scripts[0][1] != "store" || scripts[1][1] != "app" {
		t.Fatalf("the bundled page's scripts: %v, want store.js and app.js, as in the source", scripts)
	}
	version := scripts[0][2]
	if strings.Contains(html, "modulepreload\" href=\"page.js") {
		t.Error("the bundled page preloads page.js, a module of the source")
	}
	if code, _ := getStatic(t, Options{}, "/page.js"); code != 404 {
		t.Errorf("bundled, /page.js answers %d, want 404", code)
	}
	seen := map[string]bool{}
	todo := []string{"store.js", "app.js"}
	for _, m := range regexp.MustCompile(`modulepreload" href="([^"?]+)\?v=`+version).FindAllStringSubmatch(html, -1) {
		todo = append(todo, m[1])
	}
	ref := regexp.MustCompile(`"\./([\w-]+\.js)(\?v=\w+)?"`)
	for len(todo) > 0 {
		f := todo[0]
		todo = todo[1:]
		if seen[f] {
			continue
		}
		seen[f] = true
		code, js := getStatic(t, Options{}, "/"+f+"?v="+version)
		if code != 200 {
			t.Errorf("/%s: %d", f, code)
			continue
		}
		if !strings.HasSuffix(js, "//# sourceMappingURL="+f+".map\n") {
			t.Errorf("/%s does not end by naming its source map", f)
		}
		if code, m := getStatic(t, Options{}, "/"+f+".map"); code != 200 || !json.Valid([]byte(m)) {
			t.Errorf("/%s.map: %d, valid JSON %v", f, code, json.Valid([]byte(m)))
		}
		for _, m := range ref.FindAllStringSubmatch(js, -1) {
			if m[2] != "?v="+version {
				t.Errorf("/%s refers to %s without the version ?v=%s", f, m[0], version)
			}
			todo = append(todo, m[1])
		}
	}
	for _, lazy := range []string{"guide.js", "mygames.js", "library.js", "setter.js"} {
		if !seen[lazy] {
			t.Errorf("no file of the bundle imports %s", lazy)
		}
	}
	_, sw := getStatic(t, Options{}, "/sw.js")
	assets := regexp.MustCompile(`const ASSETS = \[([^\]]*)\];`).FindStringSubmatch(sw)
	if assets == nil {
		t.Fatal("sw.js has no ASSETS")
	}
	for _, a := range strings.Split(assets[1], ",") {
		a = strings.Trim(a, "' ")
		if code, _ := getStatic(t, Options{}, a+"?v="+version); code != 200 {
			t.Errorf("sw.js keeps %s, which answers %d", a, code)
		}
		if strings.HasSuffix(a, ".js") && !seen[a[1:]] {
			t.Errorf("sw.js keeps %s, which the page never loads", a)
		}
	}

	dev := Options{Dev: true}
	_, html = getStatic(t, dev, "/")
	if !strings.Contains(html, `<script type="module" src="store.js?v=`) || !strings.Contains(html, `<link rel="modulepreload" href="page.js?v=`) {
		t.Error("in dev mode the page does not load its modules one by one")
	}
	if code, js := getStatic(t, dev, "/page.js"); code != 200 || !strings.Contains(js, "from './board.js?v=") {
		t.Errorf("in dev mode /page.js answers %d and does not import board.js?v=", code)
	}
	if strings.Contains(html, version) {
		t.Error("the dev page has the bundled page's version")
	}
}

// TestVersionRefs checks that adding the version to the references of a
// bundled file keeps its source map right: every segment of the new map
// points at the same code as the old one did.
func TestVersionRefs(t *testing.T) {
	b, err := bundled()
	if err != nil {
		t.Fatal(err)
	}
	raw, version := staticRaw(false)
	re, err := bundleModules(raw, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"/app.js", "/guide.js"} {
		oldJS, oldMap := re.files[f], re.files[f+".map"]
		newJS, newMap := b.files[f], b.files[f+".map"]
		if !strings.Contains(string(newJS), "?v="+version) {
			t.Fatalf("%s has no reference with the version", f)
		}
		oldSegs, newSegs := segments(t, oldMap), segments(t, newMap)
		if len(oldSegs) != len(newSegs) || len(oldSegs) < 100 {
			t.Fatalf("%s: %d segments, then %d", f, len(oldSegs), len(newSegs))
		}
		oldLines, newLines := strings.Split(string(oldJS), "\n"), strings.Split(string(newJS), "\n")
		moved := 0
		for i, o := range oldSegs {
			n := newSegs[i]
			if o[1] != n[1] {
				moved++
			}
			a, b := oldLines[o[0]][o[1]:], newLines[n[0]][n[1]:]
			a, b = a[:min(len(a), 12)], b[:min(len(b), 12)]
			if a != b || o[0] != n[0] {
				t.Fatalf("%s: segment %d was at %d:%d (%q), is at %d:%d (%q)", f, i, o[0], o[1], a, n[0], n[1], b)
			}
		}
		if moved == 0 {
			t.Errorf("%s: no segment moved", f)
		}
	}
}

// segments decodes a source map's generated positions: line and column.
func segments(t *testing.T, sourceMap []byte) [][2]int {
	t.Helper()
	var sm struct{ Mappings string }
	if err := json.Unmarshal(sourceMap, &sm); err != nil {
		t.Fatal(err)
	}
	var out [][2]int
	for line, l := range strings.Split(sm.Mappings, ";") {
		col := 0
		for seg := range strings.SplitSeq(l, ",") {
			if seg == "" {
				continue
			}
			d, _, err := vlqDecode(seg)
			if err != nil {
				t.Fatal(err)
			}
			col += d
			out = append(out, [2]int{line, col})
		}
	}
	return out
}
