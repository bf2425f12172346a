package cdp

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

// ForTest starts a headless Chromium for the test tb and closes it when
// tb ends. Without a Chromium (see Find) it skips tb, saying how to
// install one, unless the environment variable CI is "true": then it
// fails tb, since CI must run the browser tests.
func ForTest(tb testing.TB) *Browser {
	tb.Helper()
	path, err := Find()
	if errors.Is(err, ErrNoBrowser) {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("CI=true and %v: the browser tests must run in CI (.ci/run installs chromium)", err)
		}
		tb.Skipf("browser test skipped: %v", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, err := Start(ctx, path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { b.Close() })
	return b
}
