package cdp

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const testPage = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>cdp test</title></head>
<body style="margin:0">
<button id="b" style="position:absolute;left:10px;top:10px;width:100px;height:40px">press</button>
<input id="t" style="position:absolute;left:10px;top:80px">
<script>
window.clicks = 0;
document.getElementById('b').addEventListener('click', () => { window.clicks++; });
console.log('a log line is not a problem');
</script>
</body></html>`

// One browser for the whole test: starting one costs about a second.
func TestBrowser(t *testing.T) {
	b := ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte(testPage), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := b.NewPage(ctx, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Navigate(ctx, "file://"+path); err != nil {
		t.Fatal(err)
	}

	t.Run("eval", func(t *testing.T) {
		var title string
		if err := p.Eval(ctx, "document.title", &title); err != nil || title != "cdp test" {
			t.Errorf("title %q, %v; want %q", title, err, "cdp test")
		}
		var sum int
		if err := p.Eval(ctx, "Promise.resolve(40 + 2)", &sum); err != nil || sum != 42 {
			t.Errorf("awaited promise: %d, %v; want 42", sum, err)
		}
		if err := p.Eval(ctx, "undefinedFunction()", nil); err == nil || !strings.Contains(err.Error(), "ReferenceError") {
			t.Errorf("a thrown exception gives %v, want a ReferenceError", err)
		}
	})

	t.Run("input", func(t *testing.T) {
		if err := p.Click(ctx, 60, 30); err != nil {
			t.Fatal(err)
		}
		var clicks int
		if err := p.Eval(ctx, "window.clicks", &clicks); err != nil || clicks != 1 {
			t.Errorf("clicks %d, %v; want 1", clicks, err)
		}
		if err := p.Eval(ctx, "document.getElementById('t').focus()", nil); err != nil {
			t.Fatal(err)
		}
		if err := p.Type(ctx, "<b>typed</b>"); err != nil {
			t.Fatal(err)
		}
		var v string
		if err := p.Eval(ctx, "document.getElementById('t').value", &v); err != nil || v != "<b>typed</b>" {
			t.Errorf("typed %q, %v", v, err)
		}
	})

	t.Run("problems", func(t *testing.T) {
		if got := p.Problems(); len(got) != 0 {
			t.Fatalf("problems before any error: %q", got)
		}
		p.Eval(ctx, "console.error('boom', 7); setTimeout(() => { throw new Error('late') }, 0); new Promise(r => setTimeout(r, 50))", nil)
		got := strings.Join(p.Problems(), "\n")
		for _, want := range []string{"console.error: boom 7", "exception: Uncaught Error: late"} {
			if !strings.Contains(got, want) {
				t.Errorf("problems %q lack %q", got, want)
			}
		}
		if r := p.Requests(); len(r) != 0 {
			t.Errorf("requests of a file page: %q", r)
		}
	})

	// The collectors find what is there: the report tests assert that a
	// page has no problem and makes no request, which dead collectors
	// would pass. Each on a page of its own.
	t.Run("csp", func(t *testing.T) {
		q := page(ctx, t, b, cspPage)
		if !eventually(func() bool { return slices.ContainsFunc(q.Problems(), prefix("log (security): ")) }) {
			t.Errorf("an inline script the CSP forbids: problems %q, want a log (security) entry", q.Problems())
		}
	})
	for _, tc := range []struct{ name, expr, url string }{
		{"fetch", "fetch('http://127.0.0.1:9/').catch(() => 0)", "http://127.0.0.1:9/"},
		{"websocket", "new Promise(r => { const s = new WebSocket('ws://127.0.0.1:9/'); s.onerror = s.onclose = () => r(0); })", "ws://127.0.0.1:9/"},
		// A dedicated worker is a target of its own, made from a blob:,
		// which is not a request.
		{"worker", workerFetch, "http://127.0.0.1:9/worker"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := page(ctx, t, b, "<!DOCTYPE html><title>requests</title>")
			if err := q.Eval(ctx, tc.expr, nil); err != nil {
				t.Fatal(err)
			}
			if !eventually(func() bool { return slices.Contains(q.Requests(), tc.url) }) || len(q.Requests()) != 1 {
				t.Errorf("requests %q, want %s alone", q.Requests(), tc.url)
			}
		})
	}

	t.Run("screenshot", func(t *testing.T) {
		png, err := p.Screenshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("screenshot of %d bytes is not a PNG", len(png))
		}
	})
}

// cspPage forbids inline scripts and has one.
const cspPage = `<!DOCTYPE html>
<html><head><meta http-equiv="Content-Security-Policy" content="script-src 'none'"><title>csp</title></head>
<body><script>window.ran = true;</script></body></html>`

// workerFetch starts a dedicated worker, from a blob: URL, that fetches
// from the network and then says so.
const workerFetch = `new Promise(r => {
	const src = "fetch('http://127.0.0.1:9/worker').catch(() => 0).then(() => postMessage(1))";
	const w = new Worker(URL.createObjectURL(new Blob([src], {type: 'text/javascript'})));
	w.onmessage = () => r(0);
})`

// page opens a page of b on html, closed when t ends.
func page(ctx context.Context, t *testing.T, b *Browser, html string) *Page {
	t.Helper()
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := b.NewPage(ctx, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := p.Navigate(ctx, "file://"+path); err != nil {
		t.Fatal(err)
	}
	return p
}

// eventually reports whether cond holds within five seconds: the events
// the collectors see come on their own, not with the answer of the call
// that caused them.
func eventually(cond func() bool) bool {
	for range 50 {
		if cond() {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return cond()
}

func prefix(p string) func(string) bool {
	return func(s string) bool { return strings.HasPrefix(s, p) }
}

func TestFindNamesTheVariable(t *testing.T) {
	t.Setenv("HULL_CHROMIUM", filepath.Join(t.TempDir(), "no-such-browser"))
	_, err := Find()
	if !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "HULL_CHROMIUM") {
		t.Errorf("Find with a missing $HULL_CHROMIUM: %v", err)
	}
}
