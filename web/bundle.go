package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	esbuild "github.com/evanw/esbuild/pkg/api"
)

// The page's modules are bundled with esbuild's Go API when the handler is
// made (unless Options.Dev): app.js and the modules the page imports only
// when needed (import(), found in the source) are the entry points, with
// the other scripts of index.html (store.js, which runs first); the
// code they share goes into chunks (chunk-HASH.js), so a module runs once
// however it is reached. The output is minified, with a linked source map
// (NAME.js.map, the sources inside it), ASCII only (so a column of the map
// is a byte of its line).

// lazyImport is a module imported when needed, by import('./name.js').
var lazyImport = regexp.MustCompile(`import\('\./([\w-]+\.js)'\)`)

// bundledRef is a reference of the bundle to another of its files: a static
// import (import{...}from"./x.js", import"./x.js") or a dynamic one.
var bundledRef = regexp.MustCompile(`(?:from|import)\s*\(?\s*"\./([\w-]+\.js)"`)

// pageScript is a module script of index.html.
var pageScript = regexp.MustCompile(`<script type="module" src="([\w-]+\.js)"`)

// staticImport is a static import of the bundle (not an import()).
var staticImport = regexp.MustCompile(`(?:from|import)\s*"\./([\w-]+\.js)"`)

// bundle is the page's bundled script: its files by path ("/app.js",
// "/app.js.map", "/chunk-X.js") and the chunks app.js imports (directly
// or not), which index.html preloads.
type bundle struct {
	files   map[string][]byte
	preload []string
}

// bundleModules bundles the modules of raw (path "/app.js" -> source) and
// writes version into every reference between the bundle's files (?v=,
// the source maps kept in step).
func bundleModules(raw map[string][]byte, version string) (*bundle, error) {
	var entries []string // index.html's scripts, then the lazy imports
	for _, m := range pageScript.FindAllSubmatch(raw["/index.html"], -1) {
		entries = append(entries, "/"+string(m[1]))
	}
	scripts := len(entries)
	if scripts == 0 {
		return nil, errors.New("bundling the page's modules: index.html loads no module")
	}
	for p, b := range raw {
		if strings.HasSuffix(p, ".js") {
			for _, m := range lazyImport.FindAllSubmatch(b, -1) {
				if e := "/" + string(m[1]); !slices.Contains(entries, e) {
					entries = append(entries, e)
				}
			}
		}
	}
	slices.Sort(entries[scripts:])
	embedded := esbuild.Plugin{Name: "static", Setup: func(pb esbuild.PluginBuild) {
		pb.OnResolve(esbuild.OnResolveOptions{Filter: `.*`}, func(a esbuild.OnResolveArgs) (esbuild.OnResolveResult, error) {
			dir := "/"
			if a.Importer != "" {
				dir = path.Dir(a.Importer)
			}
			p := path.Join(dir, a.Path)
			if _, ok := raw[p]; !ok {
				return esbuild.OnResolveResult{}, fmt.Errorf("no file %s", p)
			}
			return esbuild.OnResolveResult{Path: p, Namespace: "static"}, nil
		})
		pb.OnLoad(esbuild.OnLoadOptions{Filter: `.*`, Namespace: "static"}, func(a esbuild.OnLoadArgs) (esbuild.OnLoadResult, error) {
			s := string(raw[a.Path])
			return esbuild.OnLoadResult{Contents: &s, Loader: esbuild.LoaderJS}, nil
		})
	}}
	res := esbuild.Build(esbuild.BuildOptions{
		EntryPoints:       entries,
		Bundle:            true,
		Splitting:         true,
		Format:            esbuild.FormatESModule,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Sourcemap:         esbuild.SourceMapLinked,
		Charset:           esbuild.CharsetASCII,
		EntryNames:        "[name]",
		ChunkNames:        "chunk-[hash]",
		Outdir:            "/",
		Write:             false,
		LogLevel:          esbuild.LogLevelSilent,
		Plugins:           []esbuild.Plugin{embedded},
	})
	if len(res.Errors) > 0 {
		var errs []error
		for _, e := range res.Errors {
			where := ""
			if e.Location != nil {
				where = fmt.Sprintf("%s:%d:%d: ", e.Location.File, e.Location.Line, e.Location.Column)
			}
			errs = append(errs, errors.New(where+e.Text))
		}
		return nil, fmt.Errorf("bundling the page's modules: %w", errors.Join(errs...))
	}
	out := make(map[string][]byte)
	for _, f := range res.OutputFiles {
		out[f.Path] = f.Contents
	}
	b := &bundle{files: make(map[string][]byte)}
	for p, js := range out {
		if !strings.HasSuffix(p, ".js") {
			continue
		}
		m, ok := out[p+".map"]
		if !ok {
			return nil, fmt.Errorf("bundling the page's modules: no source map for %s", p)
		}
		js, m, err := versionRefs(js, m, version)
		if err != nil {
			return nil, fmt.Errorf("bundling the page's modules: %s: %w", p, err)
		}
		b.files[p], b.files[p+".map"] = js, m
	}
	if _, ok := b.files["/app.js"]; !ok {
		return nil, errors.New("bundling the page's modules: no app.js")
	}
	// The chunks the page's scripts need before they run.
	var walk func(p string)
	walk = func(p string) {
		for _, m := range staticImport.FindAllSubmatch(out[p], -1) {
			c := "/" + string(m[1])
			if !slices.Contains(b.preload, c) {
				b.preload = append(b.preload, c)
				walk(c)
			}
		}
	}
	for _, e := range entries[:scripts] {
		walk(e)
	}
	return b, nil
}

// versionRefs adds ?v=version to each reference of js to another file of
// the bundle, and moves the generated columns of its source map (a JSON
// source map, version 3) to where their code now is.
func versionRefs(js, sourceMap []byte, version string) ([]byte, []byte, error) {
	var sm map[string]any
	if err := json.Unmarshal(sourceMap, &sm); err != nil {
		return nil, nil, fmt.Errorf("its source map: %w", err)
	}
	mappings, ok := sm["mappings"].(string)
	if !ok {
		return nil, nil, errors.New("its source map has no mappings")
	}
	mapLines := strings.Split(mappings, ";")
	lines := strings.Split(string(js), "\n")
	add := "?v=" + version
	for i, line := range lines {
		refs := bundledRef.FindAllStringSubmatchIndex(line, -1)
		if len(refs) == 0 {
			continue
		}
		var at []int // where add goes in the line as it was
		var s strings.Builder
		last := 0
		for _, r := range refs {
			end := r[3] // the end of the file's name, before the quote
			s.WriteString(line[last:end])
			s.WriteString(add)
			last = end
			at = append(at, end)
		}
		s.WriteString(line[last:])
		lines[i] = s.String()
		if i < len(mapLines) {
			shifted, err := shiftColumns(mapLines[i], at, len(add))
			if err != nil {
				return nil, nil, fmt.Errorf("its source map, line %d: %w", i+1, err)
			}
			mapLines[i] = shifted
		}
	}
	sm["mappings"] = strings.Join(mapLines, ";")
	m, err := json.Marshal(sm)
	if err != nil {
		return nil, nil, err
	}
	return []byte(strings.Join(lines, "\n")), m, nil
}

// shiftColumns moves the segments of one line of a source map's mappings
// that start at or after each column of at (in order) n columns right.
// A segment's first field is its generated column, relative to the
// previous segment's on the line; the other fields are kept as they are.
func shiftColumns(line string, at []int, n int) (string, error) {
	if line == "" {
		return line, nil
	}
	segs := strings.Split(line, ",")
	oldCol, newPrev := 0, 0
	for i, seg := range segs {
		d, k, err := vlqDecode(seg)
		if err != nil {
			return "", err
		}
		oldCol += d
		newCol := oldCol
		for _, a := range at {
			if oldCol >= a {
				newCol += n
			}
		}
		segs[i] = vlqEncode(newCol-newPrev) + seg[k:]
		newPrev = newCol
	}
	return strings.Join(segs, ","), nil
}

const base64Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// vlqDecode reads the base-64 VLQ at the start of s: its value and length.
func vlqDecode(s string) (int, int, error) {
	v, shift := 0, 0
	for i := 0; i < len(s) && shift < 60; i++ {
		c := strings.IndexByte(base64Digits, s[i])
		if c < 0 {
			return 0, 0, fmt.Errorf("%q is not base 64", s[i])
		}
		v += (c & 31) << shift
		shift += 5
		if c&32 == 0 {
			if v&1 == 1 {
				return -(v >> 1), i + 1, nil
			}
			return v >> 1, i + 1, nil
		}
	}
	return 0, 0, fmt.Errorf("%q: an unfinished number", s)
}

// vlqEncode writes v as a base-64 VLQ.
func vlqEncode(v int) string {
	u := v << 1
	if v < 0 {
		u = -v<<1 | 1
	}
	var b []byte
	for {
		d := u & 31
		u >>= 5
		if u > 0 {
			d |= 32
		}
		b = append(b, base64Digits[d])
		if u == 0 {
			return string(b)
		}
	}
}
