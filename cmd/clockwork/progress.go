package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// progressEvery is how often the plain progress line is printed (stderr not a terminal, as in
// CI logs): $CLOCKWORK_PROGRESS_EVERY (a Go duration such as 30s), else 5 seconds.
var progressEvery = everyFromEnv(os.Getenv("CLOCKWORK_PROGRESS_EVERY"), 5*time.Second)

// everyFromEnv parses a duration, def when it is empty or not a positive duration.
func everyFromEnv(s string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return d
	}
	return def
}

// barRedraw is how often the progress bar is redrawn at most.
const barRedraw = 100 * time.Millisecond

// Progress display modes.
const (
	progressNone  = iota
	progressBar   // one line redrawn in place (a terminal)
	progressPlain // a new line every progressEvery (a log)
)

// progress shows how far a command is, over all of its points: a bar redrawn in place on a
// terminal, or a plain line every few seconds in a log. update is called from the workers.
type progress struct {
	w     io.Writer
	name  string // the command, for plain lines
	unit  string // what the command plays: campaigns, games
	mode  int
	width func() int // the terminal's width in columns

	mu    sync.Mutex
	start time.Time
	last  time.Time
	total int64  // campaigns planned over the whole command
	base  int64  // campaigns done in earlier stages
	cur   int64  // campaigns done in the current stage
	label string // the current stage ("point 2/7: k=3")
	drawn bool   // the bar is on screen (a newline ends it)
}

// newProgress makes the display of --progress mode (auto, always, plain, never) on w.
func newProgress(mode string, w io.Writer, name string, total int64) (*progress, error) {
	p := &progress{w: w, name: name, unit: "campaigns", total: total, start: time.Now(), width: func() int { return termWidth(w) }}
	p.last = p.start
	switch mode {
	case "auto":
		p.mode = progressPlain
		if isTerminal(w) {
			p.mode = progressBar
		}
	case "always":
		p.mode = progressBar
	case "plain":
		p.mode = progressPlain
	case "never":
	default:
		return nil, fmt.Errorf("--progress %q: expected auto, always, plain or never", mode)
	}
	return p, nil
}

// stage starts a part of the command (one sim.Run), named label.
func (p *progress) stage(label string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.label, p.cur = label, 0
}

// addTotal adds campaigns to the plan (a Ganon bisection step decided on the way).
func (p *progress) addTotal(n int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total += n
}

// endStage ends the current part: its campaigns count as done, and the bar's line is ended.
func (p *progress) endStage() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.base += p.cur
	p.cur = 0
	if p.drawn {
		fmt.Fprintln(p.w)
		p.drawn = false
	}
}

// update records that done campaigns of the current stage are finished (sim.Config.Progress).
func (p *progress) update(done, _ int64) {
	if p.mode == progressNone {
		return
	}
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cur = done
	switch p.mode {
	case progressBar:
		if now.Sub(p.last) < barRedraw && p.base+done < p.total {
			return
		}
		p.last, p.drawn = now, true
		fmt.Fprintf(p.w, "\r%s\x1b[K", barLine(p.width(), p.label, p.stats(now)))
	case progressPlain:
		if now.Sub(p.last) < progressEvery {
			return
		}
		p.last = now
		label := p.name
		if p.label != "" {
			label += ": " + p.label
		}
		fmt.Fprintf(p.w, "clockwork %s: %s\n", label, p.stats(now))
	}
}

// progressStats is where the command is: campaigns done of the total, the rate and the
// estimated time left for everything.
type progressStats struct {
	unit        string // campaigns, games
	done, total int64
	rate        float64 // campaigns per second
	eta         time.Duration
}

func (p *progress) stats(now time.Time) progressStats {
	done := p.base + p.cur
	rate := float64(done) / max(now.Sub(p.start).Seconds(), 1e-9)
	left := float64(max(p.total-done, 0)) / max(rate, 1e-9)
	return progressStats{unit: p.unit, done: done, total: p.total, rate: rate, eta: time.Duration(left * float64(time.Second)).Round(time.Second)}
}

// unitName is what the command plays ("campaigns" when unset).
func (s progressStats) unitName() string {
	if s.unit == "" {
		return "campaigns"
	}
	return s.unit
}

func (s progressStats) frac() float64 { return float64(s.done) / float64(max(s.total, 1)) }

// String is the plain form: "1234/9000 campaigns (13%), 850/s, ETA 9s".
func (s progressStats) String() string {
	return fmt.Sprintf("%d/%d %s (%.0f%%), %.0f/s, ETA %s", s.done, s.total, s.unitName(), 100*s.frac(), s.rate, s.eta)
}

// barLine fits "label [=====>    ] 45% 1234/3000 campaigns, 850/s, ETA 2s" into width columns:
// the bar shrinks first (at most 30 wide), then goes, then the label loses its detail (what
// follows "point 2/7:"), then the text is cut.
func barLine(width int, label string, s progressStats) string {
	text := fmt.Sprintf("%3.0f%% %d/%d %s, %.0f/s, ETA %s", 100*s.frac(), s.done, s.total, s.unitName(), s.rate, s.eta)
	room := width - 1 // never write into the last column (some terminals wrap there)
	line := fitBar(room, label, text, s.frac())
	if short, _, cut := strings.Cut(label, ":"); cut && len([]rune(line)) > room {
		line = fitBar(room, short, text, s.frac())
	}
	if r := []rune(line); len(r) > room {
		line = string(r[:max(room, 0)])
	}
	return line
}

// fitBar puts a bar as wide as room allows (at most 30, none under 5) between label and text.
func fitBar(room int, label, text string, frac float64) string {
	if label != "" {
		label += " "
	}
	bar := min(30, room-len([]rune(label))-len(text)-3)
	if bar < 5 {
		return label + text
	}
	filled := min(bar, int(frac*float64(bar)))
	return label + "[" + strings.Repeat("=", filled) + strings.Repeat(" ", bar-filled) + "] " + text
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// termWidth is the width of the terminal w in columns: its size, else $COLUMNS, else 80.
func termWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return cols
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 80
}
