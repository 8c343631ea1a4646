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
		return nil, fmt.Errorf("library: bad PostgreSQL URL: %v", err)
	}
	name := u.Redacted()
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
