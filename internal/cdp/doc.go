// Package cdp drives a headless Chromium from Go through the Chrome
// DevTools Protocol, for tests that must run a page in a real browser
// (the HTML report of package report) without a module dependency.
//
// Start runs the browser with --remote-debugging-pipe: the browser reads
// commands from its file descriptor 3 and writes responses and events to
// its file descriptor 4, each message a JSON object followed by a NUL
// byte. A Page is a tab attached in flat mode (Target.attachToTarget with
// flatten, then a sessionId on every message); it collects the page's
// uncaught exceptions, console errors and error log entries (a blocked
// script, a Content-Security-Policy violation) and every request to
// another scheme than file:, data:, about:, blob: or filesystem: (which
// never leave the machine), WebSockets included, so that a test can
// assert that a page loaded cleanly and offline. The targets the page
// starts, dedicated workers and out-of-process frames, are attached too
// (Target.setAutoAttach, paused until their Network domain is on), and
// their requests are the page's. A shared worker is the browser's, not
// the page's, and its requests are not collected (nor a service
// worker's, which a file: page cannot register).
// Eval runs JavaScript and returns its value; Click, Move and Type send
// real input events; Screenshot captures the viewport as PNG.
//
// The browser runs in a process group of its own, which Close kills, so
// that a helper it or a wrapper script started cannot hold its pipes,
// and with them Close, after it exits.
//
// Find looks for the browser: $HULL_CHROMIUM, else chromium,
// chromium-browser, google-chrome or google-chrome-stable on the PATH.
// ForTest starts one for a test, skipping the test when none is installed
// unless the environment variable CI is "true", where it fails instead:
// CI installs Debian's chromium (.ci/run), so a missing browser there is
// an error, not a reason to pass.
//
// Costs: starting the browser takes about a second of CPU; each command
// is one round trip over the pipe. Safe for concurrent use by several
// goroutines.
package cdp
