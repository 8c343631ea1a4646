package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// staticFiles holds the page and its assets, kept as real files in static/.
//
//go:embed static
var staticFiles embed.FS

// The page's own references to its files, which served files carry the
// version in: the imports of a module, and the script, style and module
// links of index.html.
var (
	importRef = regexp.MustCompile(`(from |import\()'\./([\w-]+\.js)'`)
	linkRef   = regexp.MustCompile(`(src|href)="([\w-]+\.(?:js|css))"`)
	// swVersion is where sw.js takes the version of the files it keeps.
	swVersion = "const VERSION = '';"
	// swAssets is sw.js's list of the files it keeps, which a bundled
	// page's files replace.
	swAssets = regexp.MustCompile(`const ASSETS = \[[^\]]*\];`)
	// pagePreloads are index.html's lines preloading its modules, which a
	// bundled page's chunks replace.
	pagePreloads = regexp.MustCompile(`(?m)^<link rel="modulepreload" .*\n`)
)

// bundled is the page's bundle, made once (the files are those built in).
var bundled = sync.OnceValues(func() (*bundle, error) {
	raw, version := staticRaw(false)
	return bundleModules(raw, version)
})

// staticRaw returns the files of static/ by path ("/app.js") and their
// version: a hash of every file, and of how they are served (dev or
// bundled), so that a service worker never mixes the two.
func staticRaw(dev bool) (map[string][]byte, string) {
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	raw := make(map[string][]byte)
	all := sha256.New()
	fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, p)
		if err != nil {
			return err
		}
		raw["/"+p] = b
		all.Write([]byte(p))
		all.Write(b)
		return nil
	})
	if !dev {
		all.Write([]byte("bundled"))
	}
	return raw, hex.EncodeToString(all.Sum(nil)[:6])
}

// staticHandler serves static/ at /. The files are served as the page
// needs them, with one version for the whole set (?v=, a hash of every
// file) in the page's references to its script, style and modules: a
// request for the current version may be cached for good (immutable), so
// a reload asks only for index.html, which browsers revalidate by its
// ETag (a 304 when unchanged), and the modules come from the browser's
// cache, not one request each. A new binary's page names a new version,
// so its files are never mixed with an old page's. A request without the
// current version (an old page's) carries an ETag and is revalidated. The
// service worker (sw.js) is told the version, so that it keeps the files
// under the names the page asks for and a new version replaces it.
func staticHandler(dev bool, log *slog.Logger) http.Handler {
	var bun *bundle
	if !dev {
		var err error
		if bun, err = bundled(); err != nil {
			log.Error("web: serving the page's modules as they are", "err", err)
			dev = true
		}
	}
	raw, version := staticRaw(dev)
	if !dev {
		for p := range raw {
			if strings.HasSuffix(p, ".js") && p != "/sw.js" {
				delete(raw, p)
			}
		}
		var assets []string
		for p, b := range bun.files {
			raw[p] = b
			if !strings.HasSuffix(p, ".map") {
				assets = append(assets, p)
			}
		}
		for p := range raw {
			if p != "/sw.js" && p != "/index.html" && !strings.HasSuffix(p, ".js") && !strings.HasSuffix(p, ".map") {
				assets = append(assets, p)
			}
		}
		slices.Sort(assets)
		list, _ := json.Marshal(append([]string{"/"}, assets...))
		raw["/sw.js"] = swAssets.ReplaceAll(raw["/sw.js"], []byte("const ASSETS = "+strings.ReplaceAll(string(list), `"`, `'`)+";"))
		tags := ""
		for _, c := range bun.preload {
			tags += `<link rel="modulepreload" href="` + c[1:] + `">` + "\n"
		}
		html := raw["/index.html"]
		if loc := pagePreloads.FindIndex(html); loc != nil {
			html = slices.Concat(html[:loc[0]], []byte(tags), pagePreloads.ReplaceAll(html[loc[0]:], nil))
		}
		raw["/index.html"] = html
	}
	type file struct {
		name string
		body []byte
		etag string
	}
	files := make(map[string]file)
	for p, b := range raw {
		switch {
		case dev && strings.HasSuffix(p, ".js") && p != "/sw.js":
			b = importRef.ReplaceAll(b, []byte(`$1'./$2?v=`+version+`'`))
		case p == "/index.html":
			b = linkRef.ReplaceAll(b, []byte(`$1="$2?v=`+version+`"`))
		case p == "/sw.js":
			b = bytes.Replace(b, []byte(swVersion), []byte("const VERSION = '"+version+"';"), 1)
		}
		sum := sha256.Sum256(b)
		files[p] = file{name: path.Base(p), body: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	}
	files["/"] = files["/index.html"]
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		f, ok := files[path.Clean(r.URL.Path)]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("ETag", f.etag)
		if r.URL.Query().Get("v") == version {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		http.ServeContent(w, r, f.name, time.Time{}, bytes.NewReader(f.body))
	})
}
