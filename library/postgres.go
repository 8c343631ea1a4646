package library

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// connectTimeout bounds the first connection to a PostgreSQL server that
// does not answer.
const connectTimeout = 15 * time.Second

// maxIdle is the number of idle connections kept for reuse.
const maxIdle = 16

// openPostgres opens the PostgreSQL database of the URL dsn. Messages name
// the URL without its password.
func openPostgres(ctx context.Context, dsn string, top int) (*Library, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		// url's error quotes the whole URL, password and all.
		return nil, fmt.Errorf("library: the PostgreSQL URL does not parse (%s); messages never repeat it, as it may hold a password", urlProblem(err))
	}
	name := redactURL(u)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", name, err)
	}
	// database/sql keeps 2 idle connections by default: a server with
	// more reads at once (web's library lane runs 8) then closes and opens
	// a PostgreSQL connection (a process forked there) for most of them.
	db.SetMaxIdleConns(maxIdle)
	l := &Library{db: db, d: postgres}
	cctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	if err := l.migrateLocked(cctx, top); err != nil {
		db.Close()
		// pgx lists each address tried on its own line.
		msg := strings.ReplaceAll(strings.ReplaceAll(err.Error(), ":\n\t", ": "), "\n\t", "; ")
		return nil, fmt.Errorf("library: %s: %s", name, msg)
	}
	return l, nil
}

// migrateLocked migrates under a PostgreSQL advisory lock, so that
// servers started together do not race to create the schema.
func (l *Library) migrateLocked(ctx context.Context, top int) error {
	conn, err := l.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	const key = 0x50d0c0 // any constant of this program
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		return err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key)
	return l.migrateTo(ctx, top)
}

// redactURL returns u as messages name it: the password of its user and
// the values of its query parameters that name a password ("password",
// "sslpassword" ...) written xxxxx.
func redactURL(u *url.URL) string {
	v := *u
	q := v.Query()
	changed := false
	for k := range q {
		if strings.Contains(strings.ToLower(k), "password") {
			q[k] = []string{"xxxxx"}
			changed = true
		}
	}
	if changed {
		v.RawQuery = q.Encode()
	}
	return v.Redacted()
}

// urlProblem says what is wrong with a URL that does not parse, without
// any of its text.
func urlProblem(err error) string {
	msg := err.Error()
	if ue, ok := err.(*url.Error); ok {
		msg = ue.Err.Error()
	}
	// Drop quoted parts (a bad escape, a host), which come from the URL.
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(msg[i+1:], '"')
		if j < 0 {
			msg = msg[:i]
			break
		}
		msg = msg[:i] + "..." + msg[i+1+j+1:]
	}
	return strings.TrimSpace(msg)
}
