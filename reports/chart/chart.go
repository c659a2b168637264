package chart

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"gonum.org/v1/plot"
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

// ErrNoData is wrapped by the errors of charts whose counts are missing from the results (an
// old or hand-made file): the reports leave such charts out.
var ErrNoData = errors.New("no data")

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

	// LegendBelow puts the shared legend under the panels rather than on their right. FitLegend
	// sets it (NewChart and FacetChart call it); a caller may clear it to keep a narrow legend
	// on the right.
	LegendBelow bool
}

// LegendSize is the size of the shared legend (zero without entries).
func (c *Chart) LegendSize() (w, h vg.Length) {
	if len(c.Panels) == 0 || len(c.Panels[0]) == 0 {
		return 0, 0
	}
	leg := c.Panels[0][0].Legend
	r := leg.Rectangle(draw.Canvas{})
	return r.Max.X - r.Min.X, r.Max.Y - r.Min.Y
}

// FitLegend decides where the shared legend goes and grows the figure to hold it: below the
// panels when it would take more than 30% of the width (the height grows by the legend's),
// else on the right (the height grows when the legend is taller than the panels).
func (c *Chart) FitLegend() {
	w, h := c.LegendSize()
	if w <= 0 {
		return
	}
	c.LegendBelow = w > 0.3*c.Width
	if c.LegendBelow {
		c.Height += h + 4*vg.Millimeter
		return
	}
	c.Height = max(c.Height, h+3*vg.Centimeter)
}

// NewChart wraps a single plot as a chart of the default size, titled by the plot's title.
func NewChart(name string, p *plot.Plot) *Chart {
	c := &Chart{Name: name, Title: p.Title.Text, Panels: [][]*plot.Plot{{p}},
		Width: DefaultWidth, Height: DefaultHeight}
	c.FitLegend()
	room := c.Width - 6*vg.Millimeter
	if w, _ := c.LegendSize(); w > 0 && !c.LegendBelow {
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

// Bytes renders the chart into memory as "png" or "svg" (Render).
func (c *Chart) Bytes(format string) ([]byte, error) {
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
	legWidth, legHeight := c.LegendSize()
	strip := dc
	switch {
	case legWidth > 0 && c.LegendBelow:
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
		if !c.LegendBelow {
			strip.Max.Y = plots[0][0].DataCanvas(canvases[0][0]).Max.Y
		}
		leg.Draw(strip)
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
	c.FitLegend()
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
