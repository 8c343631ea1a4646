package web

import (
	"net/http/httptest"
	"testing"
)

// TestClientKey: an IPv6 client is its /64 network, since one host holds a
// whole /64 (each address counted on its own gave one client 2^64 rate
// buckets); IPv4 clients, and IPv4 mapped into IPv6, are their address.
func TestClientKey(t *testing.T) {
	for _, tt := range []struct{ remote, want string }{
		{"127.0.0.1:5000", "127.0.0.1"},
		{"192.0.2.7:1", "192.0.2.7"},
		{"[::ffff:192.0.2.7]:1", "192.0.2.7"},
		{"[2001:db8:1:2:aaaa::1]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff:ffff:ffff:ffff]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:443", "2001:db8:1:3::/64"},
		{"[fe80::1%eth0]:80", "fe80::/64"},
		{"[::1]:8080", "::/64"},
		{"pipe", "pipe"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.remote
		if got := clientKey(r); got != tt.want {
			t.Errorf("clientKey(%q) = %q, want %q", tt.remote, got, tt.want)
		}
	}
}

// TestRenderCrossSite: GET /api/render (a plain link, so any page's <img>
// could fetch it) is refused when a browser says another site asked for
// it, and served from this server's page, a typed address or curl.
func TestRenderCrossSite(t *testing.T) {
	h := NewHandler(testOptions())
	const url = "/api/render?format=svg&puzzle=..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
	for _, tt := range []struct {
		site string
		want int
	}{
		{"", 200},
		{"same-origin", 200},
		{"none", 200},
		{"cross-site", 403},
		{"same-site", 403},
	} {
		r := httptest.NewRequest("GET", url, nil)
		if tt.site != "" {
			r.Header.Set("Sec-Fetch-Site", tt.site)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tt.want {
			t.Errorf("Sec-Fetch-Site %q: %d, want %d: %.80s", tt.site, w.Code, tt.want, w.Body)
		}
	}
}

// TestLibraryCrossSite: the library's GET endpoints are refused when a
// browser says another site asked for them, as the render link is (issue
// 32, Low 15: another site's page could read a library through a
// visitor's browser).
func TestLibraryCrossSite(t *testing.T) {
	opt := testOptions()
	opt.Library = testLibrary(t)
	h := NewHandler(opt)
	for _, url := range []string{"/api/library?er=4-7", "/api/library/daily?day=2026-11-26&level=easy"} {
		for _, tt := range []struct {
			site string
			want int
		}{
			{"", 200},
			{"same-origin", 200},
			{"cross-site", 403},
			{"same-site", 403},
		} {
			r := httptest.NewRequest("GET", url, nil)
			if tt.site != "" {
				r.Header.Set("Sec-Fetch-Site", tt.site)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Errorf("%s, Sec-Fetch-Site %q: %d, want %d: %.80s", url, tt.site, w.Code, tt.want, w.Body)
			}
		}
	}
}
