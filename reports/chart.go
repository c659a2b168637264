package reports

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Figure sizes and resolution.
const (
	// DefaultWidth and DefaultHeight are the size of a single-panel chart: 16 x 10 cm.
	DefaultWidth  = 16 * vg.Centimeter
	DefaultHeight = 10 * vg.Centimeter
	// PanelHeight is the height of one row of panels in a faceted chart.
	PanelHeight = 5.5 * vg.Centimeter
	// DPI is the resolution of PNG charts in dots per inch (16 cm is then 605 pixels).
	DPI = 96
)

// Chart is one figure of a report: one plot, or several panels (facets) that share a legend.
// The legend of the first panel is drawn once, outside the panels so that it never hides data:
// to their right when it is narrow, below them when it is wide (long group names), and the
// figure grows to hold it rather than squeezing the panels or clipping the legend. The other
// panels' legends are not drawn.
type Chart struct {
	// Name is the stable base name of the chart's files, e.g. "win-rate" for win-rate.png and
	// win-rate.svg.
	Name string
	// Title describes the chart; it is the image's alt text in the reports, and its caption
	// when Caption is empty.
	Title string
	// Caption says how to read the chart (what a bar, a line or an interval is), adding to the
	// title rather than repeating it; the HTML and Markdown reports print it under the figure.
	Caption string
	// Panels holds the plots row by row; every row has the same number of plots.
	Panels [][]*plot.Plot
	// Width and Height are the size of the whole figure.
	Width, Height vg.Length

	legendBelow bool // set by fitLegend
}

// legendSize is the size of the shared legend (zero without entries).
func (c *Chart) legendSize() (w, h vg.Length) {
	if len(c.Panels) == 0 || len(c.Panels[0]) == 0 {
		return 0, 0
	}
	leg := c.Panels[0][0].Legend
	r := leg.Rectangle(draw.Canvas{})
	return r.Max.X - r.Min.X, r.Max.Y - r.Min.Y
}

// fitLegend decides where the shared legend goes and grows the figure to hold it: below the
// panels when it would take more than 30% of the width (the height grows by the legend's),
// else on the right (the height grows when the legend is taller than the panels).
func (c *Chart) fitLegend() {
	w, h := c.legendSize()
	if w <= 0 {
		return
	}
	c.legendBelow = w > 0.3*c.Width
	if c.legendBelow {
		c.Height += h + 4*vg.Millimeter
		return
	}
	c.Height = max(c.Height, h+3*vg.Centimeter)
}

// NewChart wraps a single plot as a chart of the default size, titled by the plot's title.
func NewChart(name string, p *plot.Plot) *Chart {
	c := &Chart{Name: name, Title: p.Title.Text, Panels: [][]*plot.Plot{{p}},
		Width: DefaultWidth, Height: DefaultHeight}
	c.fitLegend()
	room := c.Width - 6*vg.Millimeter
	if w, _ := c.legendSize(); w > 0 && !c.legendBelow {
		room -= w + 4*vg.Millimeter
	}
	fitTitle(&p.Title.TextStyle, p.Title.Text, room)
	return c
}

// fitTitle makes a title's font smaller (down to 8 points) until the title fits the width, so
// that a long title is never clipped.
func fitTitle(sty *text.Style, title string, width vg.Length) {
	for sty.Font.Size > vg.Points(8) && sty.Width(title) > width {
		sty.Font.Size -= vg.Points(0.5)
	}
}

// Render writes the chart as "png" (at DPI dots per inch) or "svg".
func (c *Chart) Render(w io.Writer, format string) error {
	switch format {
	case "png":
		return png.Encode(w, c.Image())
	case "svg":
		cv := vgsvg.New(c.Width, c.Height)
		c.Draw(draw.New(cv))
		_, err := cv.WriteTo(w)
		return err
	}
	return fmt.Errorf("chart %s: unknown image format %q (expected png or svg)", c.Name, format)
}

// Image draws the chart into an image at DPI dots per inch (what Render encodes as PNG).
func (c *Chart) Image() image.Image {
	cv := vgimg.NewWith(vgimg.UseWH(c.Width, c.Height), vgimg.UseDPI(DPI))
	c.Draw(draw.New(cv))
	return cv.Image()
}

// bytes renders the chart into memory.
func (c *Chart) bytes(format string) ([]byte, error) {
	var buf bytes.Buffer
	if err := c.Render(&buf, format); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Draw draws the chart on dc: a white background, the title (for faceted charts; a single
// plot draws its own), the panels aligned on a grid and the shared legend on the right.
func (c *Chart) Draw(dc draw.Canvas) {
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	if len(c.Panels) == 0 || len(c.Panels[0]) == 0 {
		return
	}
	margin := 2 * vg.Millimeter
	dc = draw.Crop(dc, margin, -margin, margin, -margin)
	single := len(c.Panels) == 1 && len(c.Panels[0]) == 1
	if !single && c.Title != "" {
		sty := TextStyle(12, draw.XCenter, draw.YTop)
		fitTitle(&sty, c.Title, c.Width-6*vg.Millimeter)
		dc.FillText(sty, vg.Point{X: dc.Center().X, Y: dc.Max.Y}, c.Title)
		dc.Max.Y -= sty.Height(c.Title) + 2*vg.Millimeter
	}

	leg := c.Panels[0][0].Legend
	leg.Top, leg.Left = true, true
	leg.XOffs, leg.YOffs = 0, 0
	legWidth, legHeight := c.legendSize()
	strip := dc
	switch {
	case legWidth > 0 && c.legendBelow:
		strip.Max.Y = dc.Min.Y + legHeight
		strip.Min.X = dc.Min.X + 1.5*vg.Centimeter // under the data, past the y axis
		dc.Min.Y = strip.Max.Y + 4*vg.Millimeter
	case legWidth > 0:
		strip.Min.X = dc.Max.X - legWidth
		dc.Max.X = strip.Min.X - 4*vg.Millimeter
	}

	// Draw copies without their legends: drawing sanitizes the copies' axes, not the caller's.
	plots := make([][]*plot.Plot, len(c.Panels))
	for j, row := range c.Panels {
		plots[j] = make([]*plot.Plot, len(row))
		for i, p := range row {
			q := *p
			q.Legend = plot.NewLegend()
			plots[j][i] = &q
		}
	}
	tiles := draw.Tiles{Rows: len(plots), Cols: len(plots[0]), PadX: 4 * vg.Millimeter, PadY: 3 * vg.Millimeter}
	canvases := plot.Align(plots, tiles, dc)
	for j, row := range plots {
		for i, p := range row {
			p.Draw(canvases[j][i])
		}
	}
	if legWidth > 0 {
		if !c.legendBelow {
			strip.Max.Y = plots[0][0].DataCanvas(canvases[0][0]).Max.Y
		}
		leg.Draw(strip)
	}
}

// TextStyle is a plain text style in the default font.
func TextStyle(size float64, xa draw.XAlignment, ya draw.YAlignment) text.Style {
	return text.Style{Color: color.Black, Font: sans(vg.Points(size)),
		XAlign: xa, YAlign: ya, Handler: plot.DefaultTextHandler}
}

// SeriesColor is the colour of series i: the Okabe-Ito palette, readable by colour-blind
// readers, in a fixed order (player counts and levels keep their colour across charts).
func SeriesColor(i int) color.RGBA {
	colors := [paletteSize]color.RGBA{
		{0x00, 0x72, 0xb2, 0xff}, // blue
		{0xe6, 0x9f, 0x00, 0xff}, // orange
		{0x00, 0x9e, 0x73, 0xff}, // bluish green
		{0xd5, 0x5e, 0x00, 0xff}, // vermillion
		{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
		{0x56, 0xb4, 0xe9, 0xff}, // sky blue
		{0x00, 0x00, 0x00, 0xff}, // black
		{0x99, 0x99, 0x99, 0xff}, // grey
	}
	return colors[((i%len(colors))+len(colors))%len(colors)]
}

// translucent returns c with alpha a in [0,1] (premultiplied, as color.RGBA requires).
func translucent(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{R: uint8(float64(c.R) * a), G: uint8(float64(c.G) * a), B: uint8(float64(c.B) * a), A: uint8(255 * a)}
}

// NewPlot makes a plot with a title, axis labels, a light horizontal grid and a 10 pt legend.
func NewPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = 2 * vg.Millimeter
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Legend.Padding = vg.Points(2.5)
	p.X.Label.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.TextStyle.Font.Size = vg.Points(11)
	useSans(p)
	p.X.Tick.Marker = PlainTicks(false)
	p.Y.Tick.Marker = PlainTicks(false)
	g := plotter.NewGrid()
	g.Vertical.Color = nil
	g.Horizontal.Color = color.Gray{Y: 225}
	g.Horizontal.Width = vg.Points(0.5)
	g.Horizontal.Dashes = nil
	p.Add(g)
	return p
}

// NominalX labels the integer x positions 0..len(names)-1 and fixes the x range around them.
// Long or many labels are rotated so that they never overlap.
func NominalX(p *plot.Plot, names []string) {
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	total := vg.Length(0)
	for _, n := range names {
		total += p.X.Tick.Label.Width(n) + 2*vg.Millimeter
	}
	if total > DefaultWidth-5*vg.Centimeter {
		p.X.Tick.Label.Rotation = math.Pi / 6
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
	}
}

// PercentAxis sets the y range of a chart of percentages to [0, a round value above top]
// (a multiple of 10 above 20%, at most 100).
func PercentAxis(p *plot.Plot, top float64) {
	p.Y.Min = 0
	top *= 1.05
	if top > 20 {
		p.Y.Max = min(math.Ceil(top/10)*10, 100)
		return
	}
	p.Y.Max = niceCeil(top)
}

// niceCeil rounds x > 0 up to the next of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power
// of ten (1 for x <= 0, NaN or an infinity).
func niceCeil(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 0) {
		return 1
	}
	mag := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8} {
		if v := m * mag; v >= x*(1-1e-12) {
			return v
		}
	}
	return 10 * mag
}

// bars is a plotter.BarChart whose bar width is a fixed number of x data units, so that bars
// stay aligned with their error bars at any figure size.
type bars struct {
	*plotter.BarChart
	width float64
}

// NewBars makes bars of the given values at x = x0, x0+1, ..., each width data units wide.
func NewBars(values []float64, x0, width float64, c color.Color) (*bars, error) {
	b, err := plotter.NewBarChart(plotter.Values(values), vg.Points(1))
	if err != nil {
		return nil, err
	}
	b.XMin = x0
	b.Color = c
	b.LineStyle.Width = 0
	return &bars{BarChart: b, width: width}, nil
}

// Plot implements plot.Plotter: it draws a copy of the bars with the width in canvas units.
func (b *bars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	bc := *b.BarChart
	bc.Width = max(trX(b.width)-trX(0), vg.Points(1))
	if bc.Horizontal {
		bc.Width = max(trY(b.width)-trY(0), vg.Points(1))
	}
	bc.Plot(c, p)
}

// ErrorBars are vertical interval bars from lo to hi at (x, y), all in data units.
type ErrorBars struct {
	plotter.XYs
	plotter.YErrors
}

// NewErrorBars makes black interval bars with short caps.
func NewErrorBars(eb ErrorBars) (*plotter.YErrorBars, error) {
	e, err := plotter.NewYErrorBars(eb)
	if err != nil {
		return nil, err
	}
	e.LineStyle.Color = color.Gray{Y: 40}
	e.LineStyle.Width = vg.Points(1)
	e.CapWidth = vg.Points(4)
	return e, nil
}

// LabelsAbove returns labels centred 3 points above their points, in text of size points.
func LabelsAbove(labels plotter.XYLabels, size float64) (*plotter.Labels, error) {
	return placedLabels(labels, TextStyle(size, draw.XCenter, draw.YBottom), vg.Point{Y: vg.Points(3)})
}

// placedLabels returns labels in style, offset from their points.
func placedLabels(labels plotter.XYLabels, style text.Style, offset vg.Point) (*plotter.Labels, error) {
	l, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, err
	}
	for i := range l.TextStyle {
		l.TextStyle[i] = style
	}
	l.Offset = offset
	return l, nil
}

// Add appends a point with its interval [lo, hi].
func (e *ErrorBars) Add(x, y, lo, hi float64) {
	e.XYs = append(e.XYs, plotter.XY{X: x, Y: y})
	e.YErrors = append(e.YErrors, struct{ Low, High float64 }{Low: y - lo, High: hi - y})
}

// StepLine is a histogram drawn as a step outline: y[i] at x = i, from bin 0 to bin last.
func StepLine(ys []float64, last int, c color.Color, dashes []vg.Length) (*plotter.Line, error) {
	xys := make(plotter.XYs, 0, last+1)
	for i := 0; i <= last && i < len(ys); i++ {
		xys = append(xys, plotter.XY{X: float64(i), Y: ys[i]})
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	l.StepStyle = plotter.MidStep
	l.LineStyle.Color = c
	l.LineStyle.Width = vg.Points(1.5)
	l.LineStyle.Dashes = dashes
	return l, nil
}

// paletteSize is the number of distinct colours of seriesColor.
const paletteSize = 8

// Dashes returns a dash pattern that tells series i apart without colour (solid for 0). It
// also changes when the colours come round again (series i and i+8 share a colour), so that
// colour and dashes together tell 32 series apart.
func Dashes(i int) []vg.Length {
	switch (i + i/paletteSize) % 4 {
	case 1:
		return []vg.Length{vg.Points(6), vg.Points(2)}
	case 2:
		return []vg.Length{vg.Points(2), vg.Points(2)}
	case 3:
		return []vg.Length{vg.Points(6), vg.Points(2), vg.Points(2), vg.Points(2)}
	}
	return nil
}

// PlainTicks marks round values (steps of 1, 2, 2.5 or 5 times a power of ten, at most six
// labelled ticks, one unlabelled tick between two labelled ones) with labels as short as
// possible ("25", not "25.00"); with integers set, only whole numbers are marked (rounds,
// Shards, skill points).
func PlainTicks(integers bool) plot.Ticker { return roundTicks{integers: integers, labels: 6} }

// roundTicks is the plot.Ticker of plainTicks: at most labels labelled ticks (fewer on the
// narrow panels of a faceted chart), so that the labels keep their distance.
type roundTicks struct {
	integers bool
	labels   int
}

// Ticks implements plot.Ticker.
func (rt roundTicks) Ticks(lo, hi float64) []plot.Tick {
	integers := rt.integers
	if !(hi > lo) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'f', -1, 64)}}
	}
	n := float64(max(rt.labels, 2) - 1) // intervals between labelled ticks
	mag := math.Pow(10, math.Floor(math.Log10((hi-lo)/n)))
	step := 10 * mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if integers && m == 2.5 {
			continue
		}
		if (hi-lo)/(m*mag) <= n+0.999 {
			step = m * mag
			break
		}
	}
	if integers {
		step = max(1, math.Round(step))
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step-1e-9) * step; v <= hi+1e-9*step; v += step {
		v = math.Round(v/step) * step
		if v == 0 {
			v = 0 // not -0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(roundTo(v, step), 'f', -1, 64)})
		if m := v + step/2; m < hi && (!integers || m == math.Trunc(m)) {
			ticks = append(ticks, plot.Tick{Value: m})
		}
	}
	if m := math.Ceil(lo/step-1e-9)*step - step/2; m > lo && (!integers || m == math.Trunc(m)) {
		ticks = append(ticks, plot.Tick{Value: m})
	}
	return ticks
}

// roundTo removes the floating-point noise of v, a multiple of step.
func roundTo(v, step float64) float64 {
	digits := max(0, -int(math.Floor(math.Log10(step)))+1)
	p := math.Pow(10, float64(digits))
	if r := math.Round(v*p) / p; r != 0 {
		return r
	}
	return 0 // not -0
}

// sans is the font of every chart text: Liberation Sans (embedded with gonum/plot) at size
// points.
func sans(size vg.Length) font.Font {
	return font.Font{Typeface: "Liberation", Variant: "Sans", Size: size}
}

// useSans sets every text of p in Liberation Sans, keeping the sizes.
func useSans(p *plot.Plot) {
	for _, f := range []*font.Font{&p.Title.TextStyle.Font, &p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font,
		&p.X.Tick.Label.Font, &p.Y.Tick.Label.Font, &p.Legend.TextStyle.Font} {
		*f = sans(f.Size)
	}
}

// FacetChart lays out panels in rows (one column for up to three panels, then two or three
// columns) and sizes the figure to match.
// A single panel becomes an ordinary chart carrying the title.
func FacetChart(name, title string, panels []*plot.Plot) *Chart {
	if len(panels) == 1 {
		p := panels[0]
		p.Title.Text = title
		p.Title.TextStyle.Font.Size = vg.Points(12)
		return NewChart(name, p)
	}
	cols := 1
	switch {
	case len(panels) > 8:
		cols = 3
	case len(panels) > 3:
		cols = 2
	}
	rows := (len(panels) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for j := range grid {
		grid[j] = make([]*plot.Plot, cols)
		for i := range grid[j] {
			if k := j*cols + i; k < len(panels) {
				grid[j][i] = panels[k]
			} else {
				grid[j][i] = emptyPanel()
			}
		}
	}
	if cols > 1 { // narrow panels: fewer tick labels, so that they never run together
		for _, p := range panels {
			for _, ax := range []*plot.Axis{&p.X, &p.Y} {
				if t, ok := ax.Tick.Marker.(roundTicks); ok {
					t.labels = 4
					ax.Tick.Marker = t
				}
			}
		}
	}
	c := &Chart{Name: name, Title: title, Panels: grid, Width: DefaultWidth,
		Height: vg.Length(rows)*PanelHeight + vg.Centimeter}
	c.fitLegend()
	return c
}

// emptyPanel fills the unused cells of a grid of panels.
func emptyPanel() *plot.Plot {
	p := plot.New()
	useSans(p)
	p.HideAxes()
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	return p
}
