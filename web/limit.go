package web

import (
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// clientLimiter gives each client address its own token bucket. It
// remembers at most max addresses: when full, it forgets the addresses not
// seen for the longest time.
type clientLimiter struct {
	rate  rate.Limit
	burst int
	max   int

	mu      sync.Mutex
	clients map[string]*clientRate
}

type clientRate struct {
	lim  *rate.Limiter
	seen time.Time
}

func newClientLimiter(r rate.Limit, burst, max int) *clientLimiter {
	return &clientLimiter{rate: r, burst: burst, max: max, clients: make(map[string]*clientRate)}
}

// allow reports whether the client key may make a request now.
func (l *clientLimiter) allow(key string) bool {
	if l.rate == rate.Inf {
		return true
	}
	now := time.Now()
	l.mu.Lock()
	c := l.clients[key]
	if c == nil {
		if len(l.clients) >= l.max {
			l.forget(now)
		}
		c = &clientRate{lim: rate.NewLimiter(l.rate, l.burst)}
		l.clients[key] = c
	}
	c.seen = now
	l.mu.Unlock()
	return c.lim.AllowN(now, 1)
}

// forget drops the clients whose buckets have refilled (they lose nothing
// by being forgotten) or, if none has, the older half. l.mu is held.
func (l *clientLimiter) forget(now time.Time) {
	full := time.Duration(float64(l.burst) / float64(l.rate) * float64(time.Second))
	for k, c := range l.clients {
		if now.Sub(c.seen) > full {
			delete(l.clients, k)
		}
	}
	if len(l.clients) < l.max {
		return
	}
	var sum time.Duration
	for _, c := range l.clients {
		sum += now.Sub(c.seen)
	}
	mean := sum / time.Duration(len(l.clients))
	for k, c := range l.clients {
		if now.Sub(c.seen) >= mean {
			delete(l.clients, k)
		}
	}
}

// clientKey names the client of r for rate limiting: its IP address, as
// the connection shows it (headers set by proxies are not trusted). An
// IPv6 client is its /64 network: one host is given a whole /64, so
// counting each address on its own would give it 2^64 buckets.
func clientKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, _ := addr.WithZone("").Prefix(64)
		return p.String()
	}
	return addr.String()
}

// sameOrigin refuses (403) a request a browser makes for another site's
// page: a GET that an <img> or a link on any page could send to a local
// server, making it run searches of up to Options.Timeout for a visitor
// who never asked. Browsers name the request's context in Sec-Fetch-Site:
// "same-origin" (this server's page) and "none" (an address typed or
// bookmarked) pass, as do clients that send no such header (curl).
func sameOrigin(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Header.Get("Sec-Fetch-Site") {
		case "", "same-origin", "none":
			h.ServeHTTP(w, r)
		default:
			writeJSON(w, http.StatusForbidden, errorBody{Error: "cross-site request refused: open the link from the page this server serves"})
		}
	})
}
