package cdp

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
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

func TestFindNamesTheVariable(t *testing.T) {
	t.Setenv("HULL_CHROMIUM", filepath.Join(t.TempDir(), "no-such-browser"))
	_, err := Find()
	if !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "HULL_CHROMIUM") {
		t.Errorf("Find with a missing $HULL_CHROMIUM: %v", err)
	}
}
