package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"github.com/gosudoku/sudoku/library"
	"github.com/gosudoku/sudoku/web"
)

var cmdServe = &Command{
	Name:      "serve",
	UsageLine: "[-addr host:port] [-timeout d] [-library FILE_OR_URL [-library-add]] [-dev]",
	Short:     "serve the web app: play, enter, check, solve and print puzzles",
	Long: `Serve runs the web app and its JSON API (see the README) until it is
interrupted (SIGINT or SIGTERM), then lets the requests in flight finish.
It prints the URL to open. It listens on localhost only unless -addr names
another address: -addr :8080 serves every interface. -library serves a
puzzle library ("sudoku library"; a SQLite file or a postgres:// URL, which
several servers may share) for search and play, and draws the daily puzzle
from it; -library-add lets the page add puzzles to it. The page's modules
are bundled when it starts (minified, with source maps); -dev serves them
as they are in web/static, for work on the page.`,
	Setup: setup((*serveFlags).register, runServe),
}

// serveFlags are the flags of sudoku serve.
type serveFlags struct {
	addr       string
	timeout    time.Duration
	library    string // -library
	libraryAdd bool   // -library-add
	dev        bool   // -dev
}

func (f *serveFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.addr, "addr", "localhost:8080", "listen on `host:port` (port 0 picks a free one)")
	fs.DurationVar(&f.timeout, "timeout", 10*time.Second, "stop the work of one API request after `d` (it answers 422); /api/generate after three times d")
	fs.StringVar(&f.library, "library", "", "serve the puzzle library in this SQLite `file` or postgres:// URL")
	fs.BoolVar(&f.libraryAdd, "library-add", false, "let the page add puzzles to the -library")
	fs.BoolVar(&f.dev, "dev", false, "serve the page's modules as they are, not bundled")
}

// runServe serves the web app on f.addr until ctx ends or SIGTERM arrives.
func runServe(ctx context.Context, env *Env, f *serveFlags, args []string) int {
	if len(args) > 0 {
		return usageError(env, "serve", fmt.Errorf("unexpected argument %q", args[0]))
	}
	if f.timeout <= 0 {
		return usageError(env, "serve", fmt.Errorf("-timeout %v: want a positive duration", f.timeout))
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	opt := web.Options{Timeout: f.timeout, Dev: f.dev}
	if f.library != "" {
		l, err := library.OpenExisting(ctx, f.library) // only library add makes one
		if err != nil {
			fmt.Fprintf(env.Stderr, "sudoku serve: %v\n", err)
			return 1
		}
		defer l.Close()
		opt.Library, opt.LibraryAdd = l, f.libraryAdd
	} else if f.libraryAdd {
		return usageError(env, "serve", errors.New("-library-add needs -library"))
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		fmt.Fprintf(env.Stderr, "sudoku serve: %v\n", err)
		return 1
	}
	srv := &http.Server{
		Handler:           web.NewHandler(opt),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      3*f.timeout + 15*time.Second, // /api/generate's limit: web.Options.GenerateTimeout

		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 64 << 10,
	}
	fmt.Fprintf(env.Stdout, "sudoku: serving the web app at %s (Ctrl+C stops)\n", serveURL(f.addr, ln.Addr()))

	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(env.Stderr, "sudoku serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 3*f.timeout+5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		fmt.Fprintf(env.Stderr, "sudoku serve: shutdown: %v\n", err)
		return 1
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(env.Stderr, "sudoku serve: %v\n", err)
		return 1
	}
	fmt.Fprintln(env.Stderr, "sudoku serve: stopped")
	return 0
}

// serveURL is the address to open in a browser when serving addr (the
// flag) on the listener address a: the host as the flag names it, the port
// as listened on; no host or an unspecified one (every interface) is
// reached as localhost.
func serveURL(addr string, a net.Addr) string {
	host, _, err := net.SplitHostPort(addr)
	_, port, err2 := net.SplitHostPort(a.String())
	if err != nil || err2 != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
