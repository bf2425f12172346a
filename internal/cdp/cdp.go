package cdp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// ErrNoBrowser is returned by Find when no Chromium is installed.
var ErrNoBrowser = errors.New("cdp: no Chromium found (set HULL_CHROMIUM, or install Debian's chromium: apt-get install chromium)")

// ErrClosed is returned by a call on a browser that has exited.
var ErrClosed = errors.New("cdp: the browser has exited")

// Find returns the path of the Chromium to run: $HULL_CHROMIUM when set,
// else the first of chromium, chromium-browser, google-chrome and
// google-chrome-stable on the PATH. The error wraps ErrNoBrowser when
// there is none.
func Find() (string, error) {
	if p := os.Getenv("HULL_CHROMIUM"); p != "" {
		if _, err := exec.LookPath(p); err != nil {
			return "", fmt.Errorf("%w: HULL_CHROMIUM=%s: %v", ErrNoBrowser, p, err)
		}
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoBrowser
}

// Error is an error the browser returned for a command.
type Error struct {
	Method  string
	Code    int
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("cdp: %s: %s (code %d)", e.Method, e.Message, e.Code)
}

// message is any message of the protocol: a command (ID, Method, Params),
// a response (ID, Result or Error) or an event (Method, Params).
type message struct {
	ID        int64           `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Browser is a running headless Chromium.
type Browser struct {
	cmd    *exec.Cmd
	dir    string   // the user data directory, removed by Close
	out    *os.File // our end of the browser's fd 3
	in     *os.File // our end of the browser's fd 4
	stderr *tailBuffer
	exited chan struct{} // closed when the reader stops

	writeMu sync.Mutex
	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan message
	pages   map[string]*Page // by session id
	err     error            // why the reader stopped
}

// Start runs the Chromium at path headless, with a new empty profile, and
// connects to it. ctx bounds the start only; Close ends the browser.
func Start(ctx context.Context, path string) (*Browser, error) {
	dir, err := os.MkdirTemp("", "hull-cdp-")
	if err != nil {
		return nil, err
	}
	cmdR, cmdW, err := os.Pipe() // commands: we write, the browser reads fd 3
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	resR, resW, err := os.Pipe() // responses: the browser writes fd 4, we read
	if err != nil {
		cmdR.Close()
		cmdW.Close()
		os.RemoveAll(dir)
		return nil, err
	}
	b := &Browser{
		dir: dir, out: cmdW, in: resR, stderr: &tailBuffer{max: 8 << 10},
		exited: make(chan struct{}), pending: map[int64]chan message{}, pages: map[string]*Page{},
	}
	b.cmd = exec.Command(path,
		"--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
		"--user-data-dir="+dir, "--no-first-run", "--no-default-browser-check",
		"--disable-extensions", "--disable-background-networking", "--disable-sync",
		"--disable-component-update", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
		"--allow-file-access-from-files", "about:blank")
	b.cmd.ExtraFiles = []*os.File{cmdR, resW}
	b.cmd.Stderr = b.stderr
	// A helper that outlives the browser (one a wrapper script given as
	// $HULL_CHROMIUM started, a crash reporter) holds its stderr and
	// fd 4: Wait gives up on them waitDelay after the browser exits, and
	// Close kills the browser's process group, helpers included.
	b.cmd.WaitDelay = waitDelay
	ownGroup(b.cmd)
	if err := b.cmd.Start(); err != nil {
		cmdR.Close()
		resW.Close()
		b.cleanup()
		return nil, fmt.Errorf("cdp: starting %s: %w", path, err)
	}
	cmdR.Close() // the browser's ends: once it exits, our reads see EOF
	resW.Close()
	go b.read()
	go func() { b.cmd.Wait(); b.in.Close() }()
	var v struct {
		Product string `json:"product"`
	}
	if err := b.Call(ctx, "", "Browser.getVersion", nil, &v); err != nil {
		b.Close()
		if errors.Is(err, ErrClosed) {
			err = ErrClosed // without its few lines of stderr: all of it follows
		}
		return nil, fmt.Errorf("cdp: %s did not answer: %w (stderr: %s)", path, err, b.stderr)
	}
	return b, nil
}

// waitDelay bounds the wait for the browser's stderr and fd 4 to close
// once it has exited, and closeWait the wait for them once Close has
// killed its process group: a helper outside it may hold them for ever.
const (
	waitDelay = 2 * time.Second
	closeWait = 2 * time.Second
)

// Close asks the browser to exit, kills it if it has not within five
// seconds, kills what is left of its process group (a wrapper's helpers,
// which would keep the pipes open), and removes its profile. It returns
// within about seven seconds, plus up to five if the profile cannot be
// removed at once, whatever the helpers do.
func (b *Browser) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b.Call(ctx, "", "Browser.close", nil, nil)
	select {
	case <-b.exited:
	case <-ctx.Done():
	}
	killGroup(b.cmd.Process)
	select {
	case <-b.exited:
	case <-time.After(closeWait): // a helper that left the group holds fd 4
		b.in.Close() // the reader stops
		<-b.exited
	}
	b.cleanup()
	return nil
}

func (b *Browser) cleanup() {
	b.out.Close()
	b.in.Close()
	for range 50 { // the browser's helpers may still be writing into the profile
		if os.RemoveAll(b.dir) == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// read dispatches the browser's messages until its pipe closes.
func (b *Browser) read() {
	r := bufio.NewReaderSize(b.in, 1<<20)
	var err error
	for {
		var raw []byte
		if raw, err = r.ReadBytes(0); err != nil {
			break
		}
		var m message
		if err = json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			err = fmt.Errorf("cdp: bad message from the browser: %w", err)
			break
		}
		b.mu.Lock()
		b.dispatch(m)
		b.mu.Unlock()
	}
	b.mu.Lock()
	b.err = fmt.Errorf("%w (%v; stderr: %s)", ErrClosed, err, lastLines(b.stderr.String(), errLines))
	for id, ch := range b.pending {
		delete(b.pending, id)
		close(ch)
	}
	b.mu.Unlock()
	close(b.exited)
}

// errLines is how many of the last lines of the browser's stderr the
// error of a call after it exited carries: the reason, if any, is at the
// end, and the rest is noise (the dbus warnings of every start) that
// each failed call of a test would print again. Start's error has all
// of them.
const errLines = 5

// lastLines returns the last n lines of s, a final line break not
// counting as the start of an empty line.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// dispatch hands the message m to the call waiting for it, or the event
// to the page of its session. It runs on the reader goroutine, with b.mu
// held.
func (b *Browser) dispatch(m message) {
	if m.ID != 0 {
		if ch, ok := b.pending[m.ID]; ok {
			delete(b.pending, m.ID)
			ch <- m
		}
		return
	}
	p := b.pages[m.SessionID]
	switch {
	case p == nil:
	case m.Method == "Target.attachedToTarget":
		b.attached(p, m.Params)
	case m.Method == "Target.detachedFromTarget":
		var e struct {
			SessionID string `json:"sessionId"`
		}
		if json.Unmarshal(m.Params, &e) == nil && e.SessionID != p.session {
			delete(b.pages, e.SessionID)
		}
	default:
		p.event(m.Method, m.Params)
	}
}

// autoAttach has a session attach, in flat mode, to the targets its
// target starts (a dedicated worker, an out-of-process frame), each
// paused until attached sets it up.
var autoAttach = map[string]any{"autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true}

// attached makes the target a page's session attached to (autoAttach)
// part of the page: its session's events are the page's, and a goroutine
// enables its Network domain, has it attach to its own targets, then lets
// it run, so that none of its requests is missed. A worker's console
// errors and exceptions reach the page's own log (Log.entryAdded, source
// "worker"): its Runtime and Log domains are left off, lest they count
// twice. attached runs on the reader goroutine, which cannot wait for an
// answer.
func (b *Browser) attached(p *Page, params json.RawMessage) {
	var e struct {
		SessionID string `json:"sessionId"`
	}
	if json.Unmarshal(params, &e) != nil || e.SessionID == "" {
		return
	}
	b.pages[e.SessionID] = p
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		// Each step's error is ignored: a target without a Network domain
		// must run all the same, and a closing browser fails them all.
		b.Call(ctx, e.SessionID, "Network.enable", nil, nil)
		b.Call(ctx, e.SessionID, "Target.setAutoAttach", autoAttach, nil)
		b.Call(ctx, e.SessionID, "Runtime.runIfWaitingForDebugger", nil, nil)
	}()
}

// Call sends the command method with params (nil for none) to the session
// (the browser itself for "") and decodes its result into result (nil to
// ignore it).
func (b *Browser) Call(ctx context.Context, session, method string, params, result any) error {
	m := message{SessionID: session, Method: method}
	if params != nil {
		p, err := json.Marshal(params)
		if err != nil {
			return err
		}
		m.Params = p
	}
	ch := make(chan message, 1)
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return b.err
	}
	b.nextID++
	m.ID = b.nextID
	b.pending[m.ID] = ch
	b.mu.Unlock()
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	b.writeMu.Lock()
	_, err = b.out.Write(append(raw, 0))
	b.writeMu.Unlock()
	if err != nil {
		b.forget(m.ID)
		return fmt.Errorf("cdp: %s: %w", method, err)
	}
	select {
	case res, ok := <-ch:
		if !ok {
			b.mu.Lock()
			defer b.mu.Unlock()
			return b.err
		}
		if res.Error != nil {
			return &Error{Method: method, Code: res.Error.Code, Message: res.Error.Message}
		}
		if result != nil {
			return json.Unmarshal(res.Result, result)
		}
		return nil
	case <-ctx.Done():
		b.forget(m.ID)
		return fmt.Errorf("cdp: %s: %w", method, ctx.Err())
	}
}

func (b *Browser) forget(id int64) {
	b.mu.Lock()
	delete(b.pending, id)
	b.mu.Unlock()
}

// Page is a browser tab attached in flat mode.
type Page struct {
	b       *Browser
	target  string
	session string

	mu       sync.Mutex // guards what follows; the reader holds b.mu too
	problems []string
	requests []string
	loaded   chan struct{} // closed by the next load event
}

// NewPage opens a blank tab of width x height CSS pixels and enables the
// events it collects.
func (b *Browser) NewPage(ctx context.Context, width, height int) (*Page, error) {
	var t struct {
		TargetID string `json:"targetId"`
	}
	if err := b.Call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &t); err != nil {
		return nil, err
	}
	var s struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.Call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &s); err != nil {
		return nil, err
	}
	p := &Page{b: b, target: t.TargetID, session: s.SessionID}
	b.mu.Lock()
	b.pages[s.SessionID] = p
	b.mu.Unlock()
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		if err := p.Call(ctx, m, nil, nil); err != nil {
			p.Close()
			return nil, err
		}
	}
	if err := p.Call(ctx, "Target.setAutoAttach", autoAttach, nil); err != nil {
		p.Close()
		return nil, err
	}
	metrics := map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}
	if err := p.Call(ctx, "Emulation.setDeviceMetricsOverride", metrics, nil); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// Close closes the tab.
func (p *Page) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := p.b.Call(ctx, "", "Target.closeTarget", map[string]any{"targetId": p.target}, nil)
	p.b.mu.Lock()
	maps.DeleteFunc(p.b.pages, func(_ string, q *Page) bool { return q == p }) // its workers' sessions too
	p.b.mu.Unlock()
	return err
}

// Call sends a command to the page's session.
func (p *Page) Call(ctx context.Context, method string, params, result any) error {
	return p.b.Call(ctx, p.session, method, params, result)
}

// event records what the page reports; it runs on the reader goroutine.
func (p *Page) event(method string, params json.RawMessage) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch method {
	case "Page.loadEventFired":
		if p.loaded != nil {
			close(p.loaded)
			p.loaded = nil
		}
	case "Runtime.exceptionThrown":
		var e struct {
			Details struct {
				Text      string `json:"text"`
				Exception *struct {
					Description string `json:"description"`
				} `json:"exception"`
			} `json:"exceptionDetails"`
		}
		json.Unmarshal(params, &e)
		msg := e.Details.Text
		if e.Details.Exception != nil {
			msg += " " + e.Details.Exception.Description
		}
		p.problems = append(p.problems, "exception: "+msg)
	case "Runtime.consoleAPICalled":
		var e struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		json.Unmarshal(params, &e)
		if e.Type == "error" || e.Type == "assert" {
			var parts []string
			for _, a := range e.Args {
				if a.Value != nil {
					parts = append(parts, fmt.Sprint(a.Value))
				} else {
					parts = append(parts, a.Description)
				}
			}
			p.problems = append(p.problems, "console."+e.Type+": "+strings.Join(parts, " "))
		}
	case "Log.entryAdded":
		var e struct {
			Entry struct {
				Level  string `json:"level"`
				Source string `json:"source"`
				Text   string `json:"text"`
				URL    string `json:"url"`
			} `json:"entry"`
		}
		json.Unmarshal(params, &e)
		if e.Entry.Level == "error" {
			p.problems = append(p.problems, fmt.Sprintf("log (%s): %s %s", e.Entry.Source, e.Entry.Text, e.Entry.URL))
		}
	case "Network.requestWillBeSent":
		var e struct {
			Request struct {
				URL string `json:"url"`
			} `json:"request"`
		}
		json.Unmarshal(params, &e)
		p.request(e.Request.URL)
	case "Network.webSocketCreated": // no requestWillBeSent for it
		var e struct {
			URL string `json:"url"`
		}
		json.Unmarshal(params, &e)
		p.request(e.URL)
	}
}

// localSchemes are those of URLs whose requests never leave the machine:
// files, data: URLs, about:blank and blobs the page made.
var localSchemes = []string{"file:", "data:", "about:", "blob:", "filesystem:"}

// request records a request to url unless it is local (localSchemes).
func (p *Page) request(url string) {
	for _, s := range localSchemes {
		if strings.HasPrefix(url, s) {
			return
		}
	}
	p.requests = append(p.requests, url)
}

// Problems returns the uncaught exceptions, console errors and error log
// entries of the page so far, in order.
func (p *Page) Problems() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.problems...)
}

// Requests returns the URLs the page, its dedicated workers and its
// out-of-process frames requested (WebSockets included) other than
// file:, data:, about:, blob: and filesystem: ones: the network requests
// of a page meant to work offline.
func (p *Page) Requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.requests...)
}

// Navigate loads url and waits for its load event.
func (p *Page) Navigate(ctx context.Context, url string) error {
	loaded := make(chan struct{})
	p.mu.Lock()
	p.loaded = loaded
	p.mu.Unlock()
	var res struct {
		ErrorText string `json:"errorText"`
	}
	if err := p.Call(ctx, "Page.navigate", map[string]any{"url": url}, &res); err != nil {
		return err
	}
	if res.ErrorText != "" {
		return fmt.Errorf("cdp: navigating to %s: %s", url, res.ErrorText)
	}
	select {
	case <-loaded:
		return nil
	case <-p.b.exited:
		return ErrClosed
	case <-ctx.Done():
		return fmt.Errorf("cdp: waiting for %s to load: %w", url, ctx.Err())
	}
}

// Eval evaluates the JavaScript expression in the page, awaiting it if it
// is a promise, and decodes its value (as JSON) into out, nil to ignore
// it. An exception thrown by expr is returned as an error.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var res struct {
		Result struct {
			Type  string          `json:"type"`
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception *struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	params := map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}
	if err := p.Call(ctx, "Runtime.evaluate", params, &res); err != nil {
		return err
	}
	if e := res.Exception; e != nil {
		msg := e.Text
		if e.Exception != nil {
			msg = e.Exception.Description
		}
		return fmt.Errorf("cdp: evaluating %q: %s", short(expr), msg)
	}
	if out == nil {
		return nil
	}
	if res.Result.Value == nil {
		return fmt.Errorf("cdp: evaluating %q: the result is %s, not a JSON value", short(expr), res.Result.Type)
	}
	return json.Unmarshal(res.Result.Value, out)
}

func short(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// Move moves the mouse to (x, y), in CSS pixels from the viewport's top
// left.
func (p *Page) Move(ctx context.Context, x, y float64) error {
	return p.Call(ctx, "Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": x, "y": y}, nil)
}

// Click moves the mouse to (x, y) and clicks there with the left button.
func (p *Page) Click(ctx context.Context, x, y float64) error {
	if err := p.Move(ctx, x, y); err != nil {
		return err
	}
	for _, t := range []string{"mousePressed", "mouseReleased"} {
		ev := map[string]any{"type": t, "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1}
		if err := p.Call(ctx, "Input.dispatchMouseEvent", ev, nil); err != nil {
			return err
		}
	}
	return nil
}

// Type inserts text at the focus, as typing it would (one input event).
func (p *Page) Type(ctx context.Context, text string) error {
	return p.Call(ctx, "Input.insertText", map[string]any{"text": text}, nil)
}

// Screenshot returns the viewport as a PNG.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) {
	var res struct {
		Data string `json:"data"`
	}
	if err := p.Call(ctx, "Page.captureScreenshot", map[string]any{"format": "png"}, &res); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(res.Data)
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf bytes.Buffer
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(b)
	if over := t.buf.Len() - t.max; over > 0 {
		t.buf.Next(over)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(t.buf.String())
}
