package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	outR, outW := io.Pipe()
	var errb strings.Builder
	code := make(chan int, 1)
	go func() {
		code <- Run(ctx, []string{"serve", "-addr", "127.0.0.1:0"}, &Env{Stdin: strings.NewReader(""), Stdout: outW, Stderr: &errb})
		outW.Close()
	}()
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("no URL printed: %v (stderr %s)", err, errb.String())
	}
	go io.Copy(io.Discard, outR)
	i := strings.Index(line, "http://127.0.0.1:")
	if i < 0 {
		t.Fatalf("printed %q, want the URL", line)
	}
	url := strings.Fields(line[i:])[0]
	resp, err := http.Post(url+"api/solve", "application/json",
		strings.NewReader(`{"puzzle":"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"solution":"145327698`) {
		t.Errorf("POST /api/solve: %d %s", resp.StatusCode, body)
	}
	cancel() // as SIGINT does
	select {
	case c := <-code:
		if c != 0 || !strings.Contains(errb.String(), "stopped") {
			t.Errorf("exit %d, stderr %q", c, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeURL(t *testing.T) {
	tests := []struct{ addr, listen, want string }{
		{"localhost:8080", "127.0.0.1:8080", "http://localhost:8080/"},
		{"localhost:0", "127.0.0.1:43210", "http://localhost:43210/"},
		{":8080", "[::]:8080", "http://localhost:8080/"},
		{"0.0.0.0:80", "0.0.0.0:80", "http://localhost:80/"},
		{"[::1]:9000", "[::1]:9000", "http://[::1]:9000/"},
		{"192.0.2.7:9000", "192.0.2.7:9000", "http://192.0.2.7:9000/"},
	}
	for _, tt := range tests {
		a, err := net.ResolveTCPAddr("tcp", tt.listen)
		if err != nil {
			t.Fatal(err)
		}
		if got := serveURL(tt.addr, a); got != tt.want {
			t.Errorf("serveURL(%q, %v) = %q, want %q", tt.addr, a, got, tt.want)
		}
	}
}
