package report

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hulltopics/hull/internal/cdp"
)

// TestReportFile opens the report at $HULL_REPORT_FILE (made by "hull
// report"), logs its load time and the problems of the page, and with
// $HULL_REPORT_PNG set saves a screenshot there after selecting topic
// $HULL_REPORT_TOPIC (from 1; default 1) at lambda $HULL_REPORT_LAMBDA
// (default 0.6), scrolled to the element of id $HULL_REPORT_SCROLL when
// set. It is skipped without $HULL_REPORT_FILE: it is how the README's
// screenshots are made and the load times measured, not a test of the
// normal run:
//
//	go run ./cmd/hull report kos20.json docword.kos.txt.gz -o /tmp/kos20.html
//	HULL_REPORT_FILE=/tmp/kos20.html HULL_REPORT_PNG=$PWD/docs/img/report-kos.png go test ./report -run TestReportFile -v
func TestReportFile(t *testing.T) {
	file := os.Getenv("HULL_REPORT_FILE")
	if file == "" {
		t.Skip("set HULL_REPORT_FILE to a report to open it")
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p, err := b.NewPage(ctx, 1280, 900)
	if err != nil {
		t.Fatal(err)
	}
	for run := range 3 { // the first load warms the browser's caches
		start := time.Now()
		if err := p.Navigate(ctx, "file://"+abs); err != nil {
			t.Fatal(err)
		}
		wall := time.Since(start)
		var ms struct {
			Ready, Load, Frame float64
			Circles            int
		}
		// Frame: after the next two animation frames, the page is drawn.
		if err := p.Eval(ctx, `new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done({
			ready: performance.getEntriesByName('hull-report-ready')[0].startTime,
			load: performance.getEntriesByType('navigation')[0].loadEventEnd,
			frame: performance.now(),
			circles: document.querySelectorAll('#map circle.topic-circle').length}))))`, &ms); err != nil {
			t.Fatal(err)
		}
		t.Logf("load %d: script done at %.0f ms, load event end %.0f ms, drawn by %.0f ms after navigation start (%v wall); %d circles",
			run+1, ms.Ready, ms.Load, ms.Frame, wall.Round(time.Millisecond), ms.Circles)
	}
	if pr := p.Problems(); len(pr) > 0 {
		t.Errorf("problems: %q", pr)
	}
	out := os.Getenv("HULL_REPORT_PNG")
	if out == "" {
		return
	}
	topic, lambda := 1, "0.6"
	if s := os.Getenv("HULL_REPORT_TOPIC"); s != "" {
		if topic, err = strconv.Atoi(s); err != nil {
			t.Fatal(err)
		}
	}
	if s := os.Getenv("HULL_REPORT_LAMBDA"); s != "" {
		lambda = s
	}
	js := `(() => {
		document.querySelector('#map circle[data-topic="` + strconv.Itoa(topic-1) + `"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
		const l = document.getElementById('lambda'); l.value = ` + strconv.Quote(lambda) + `; l.dispatchEvent(new Event('input'));
		const s = document.getElementById(` + strconv.Quote(os.Getenv("HULL_REPORT_SCROLL")) + `); if (s) s.scrollIntoView();
	})()`
	if err := p.Eval(ctx, js, nil); err != nil {
		t.Fatal(err)
	}
	png, err := p.Screenshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", out, len(png))
}
