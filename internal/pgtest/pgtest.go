// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb
// and pg_ctl in a temporary folder, on a free loopback port, started on
// first use (URL) and stopped by Stop (call it from TestMain); Down and
// Up stop and start its server in between (a restart). Without
// PostgreSQL installed, URL skips the test, saying so; under CI=true it
// fails it instead (test.sh installs PostgreSQL).
package pgtest

import (
	"database/sql"
	"errors"
	"fmt"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

// pg is the cluster of this test binary.
var pg struct {
	once sync.Once
	url  string // postgres://postgres@127.0.0.1:port/ (a database name follows)
	err  error
	stop func()
	// down and up stop the server (fast: connections are dropped) and
	// start it again, on the same port and data.
	down, up func() error
	n        atomic.Int32 // databases made
}

var errNoPostgres = errors.New("PostgreSQL is not installed")

// Stop stops the cluster, if one was started, and removes its folder.
func Stop() {
	if pg.stop != nil {
		pg.stop()
	}
}

// Down stops the server of the cluster, as a PostgreSQL that goes away
// while its clients run: their connections are dropped and new ones
// refused until Up.
func Down(t testing.TB) {
	t.Helper()
	if pg.down == nil {
		t.Fatal("pgtest.Down: no cluster started")
	}
	if err := pg.down(); err != nil {
		t.Fatal(err)
	}
}

// Up starts the server of the cluster again after Down.
func Up(t testing.TB) {
	t.Helper()
	if pg.up == nil {
		t.Fatal("pgtest.Up: no cluster started")
	}
	if err := pg.up(); err != nil {
		t.Fatal(err)
	}
}

// URL returns the URL of a new, empty database of the test cluster.
func URL(t testing.TB) string {
	t.Helper()
	pg.once.Do(startPostgres)
	if pg.err != nil {
		if errors.Is(pg.err, errNoPostgres) && os.Getenv("CI") != "true" {
			t.Skipf("skipping the PostgreSQL tests: %v", pg.err)
		}
		t.Fatal(pg.err)
	}
	name := fmt.Sprintf("lib%d", pg.n.Add(1))
	db, err := sql.Open("pgx", pg.url+"postgres?sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	return pg.url + name + "?sslmode=disable"
}

// findTool returns the path of a PostgreSQL program: on PATH, or in
// Debian's /usr/lib/postgresql/N/bin.
func findTool(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	if m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/" + name); len(m) > 0 {
		return m[len(m)-1], nil
	}
	return "", fmt.Errorf("%w (%s not found)", errNoPostgres, name)
}

func startPostgres() {
	initdb, err := findTool("initdb")
	if err != nil {
		pg.err = err
		return
	}
	pgctl := filepath.Join(filepath.Dir(initdb), "pg_ctl")
	dir, err := os.MkdirTemp("", "sudoku-pg-")
	if err != nil {
		pg.err = err
		return
	}
	// PostgreSQL refuses to run as root: a root test runs it as the
	// postgres user.
	var as []string
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			pg.err = fmt.Errorf("running as root and no postgres user: %v", err)
			return
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			pg.err = err
			return
		}
		as = []string{"setpriv", "--reuid=" + u.Uid, "--regid=" + u.Gid, "--init-groups", "--"}
	}
	run := func(args ...string) error {
		args = append(as, args...)
		out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %v\n%s", filepath.Base(args[len(as)]), err, out)
		}
		return nil
	}
	data := filepath.Join(dir, "data")
	if err := run(initdb, "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"); err != nil {
		pg.err = err
		os.RemoveAll(dir)
		return
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		pg.err = err
		return
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off", port, dir)
	start := func() error {
		return run(pgctl, "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "-o", opts, "start")
	}
	if err := start(); err != nil {
		pg.err = err
		os.RemoveAll(dir)
		return
	}
	pg.up = start
	pg.down = func() error { return run(pgctl, "-D", data, "-m", "fast", "-w", "stop") }
	pg.url = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/", port)
	pg.stop = func() {
		run(pgctl, "-D", data, "-m", "immediate", "-w", "stop")
		os.RemoveAll(dir)
	}
}
