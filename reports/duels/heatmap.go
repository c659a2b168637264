package duels

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
)

// This file draws a grid of win rates (the match-up matrix, the map balance) as a heat map on a
// diverging scale centred on 50%: blue above, vermillion below, white at even; every cell
// labelled with its rate and n, and hatched when its 95% interval includes 50%.

// heat is a grid of win rates: rows top to bottom, columns left to right.
type heat struct {
	rows, cols []string
	// rates[r][c] is the rate of row r, column c (unknown: N = 0).
	rates [][]stats.Rate
}

// even reports whether a known rate's 95% interval includes 50%.
func even(r stats.Rate) bool { return r.Known() && r.Lo <= 0.5 && r.Hi >= 0.5 }

// Colours of the diverging scale's ends (Okabe-Ito blue and vermillion) and of unknown cells.
var (
	aboveColor   = chart.SeriesColor(0)
	belowColor   = chart.SeriesColor(3)
	unknownColor = color.Gray{Y: 235}
	hatchColor   = color.Gray{Y: 130}
)

// rateColor is the colour of a win rate p in [0, 1]: white at 50%, the full blue at 100% and
// the full vermillion at 0%.
func rateColor(p float64) color.Color {
	if math.IsNaN(p) {
		return unknownColor
	}
	end := aboveColor
	if p < 0.5 {
		end = belowColor
	}
	t := min(math.Abs(p-0.5)*2, 1)
	mix := func(a uint8) uint8 { return uint8(math.Round(255 + t*(float64(a)-255))) }
	return color.RGBA{R: mix(end.R), G: mix(end.G), B: mix(end.B), A: 255}
}

// dark reports whether a cell of rate p is dark enough for white text.
func dark(p float64) bool { return math.Abs(p-0.5) > 0.3 }

// plot draws the heat map with a title and the axis labels, and its colour key.
func (h *heat) plot(title, xLabel, yLabel string) (*plot.Plot, error) {
	if len(h.rows) == 0 || len(h.cols) == 0 {
		return nil, fmt.Errorf("%w: no cells", chart.ErrNoData)
	}
	p := chart.NewPlot(title, xLabel, yLabel)
	p.Add(&heatCells{h: h})
	labels, err := h.labels()
	if err != nil {
		return nil, err
	}
	p.Add(labels)
	p.Legend.Add("win rate")
	for _, v := range []float64{1, 0.75, 0.5, 0.25, 0} {
		p.Legend.Add(fmt.Sprintf("%.0f%%", 100*v), swatch{c: rateColor(v)})
	}
	p.Legend.Add("95% interval", swatch{c: color.White, hatched: true})
	p.Legend.Add("  includes 50%")
	ys := make([]string, len(h.rows))
	for i, r := range h.rows {
		ys[len(h.rows)-1-i] = r
	}
	p.NominalY(ys...)
	chart.NominalX(p, h.cols)
	if p.X.Tick.Label.Rotation != 0 { // many or long names: upright, so that they never reach the cells
		padded := make([]string, len(h.cols))
		for i, c := range h.cols {
			padded[i] = c + "  " // room between the names and the cells
		}
		p.NominalX(padded...)
		p.X.Min, p.X.Max = -0.5, float64(len(h.cols))-0.5
		p.X.Tick.Label.Rotation = math.Pi / 2
		p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YCenter
	}
	p.Y.Min, p.Y.Max = -0.5, float64(len(h.rows))-0.5
	p.X.Padding, p.Y.Padding = 0, 0
	return p, nil
}

// fontSize is the size of the cell labels: smaller as the columns narrow (every row is at
// least 1.1 cm high, room for two lines).
func (h *heat) fontSize() float64 {
	switch n := len(h.cols); {
	case n <= 4:
		return 9
	case n <= 7:
		return 7.5
	}
	return 6
}

// labels writes every cell's rate and n ("-" when unknown), in white on dark cells.
func (h *heat) labels() (*plotter.Labels, error) {
	var xyl plotter.XYLabels
	var styles []text.Style
	for r := range h.rows {
		for c := range h.cols {
			rt := h.rates[r][c]
			xyl.XYs = append(xyl.XYs, plotter.XY{X: float64(c), Y: float64(len(h.rows) - 1 - r)})
			sty := chart.TextStyle(h.fontSize(), draw.XCenter, draw.YCenter)
			label := "-"
			if rt.Known() {
				label = format.Rate(rt) + "\nn=" + itoa(rt.N)
				if dark(rt.P) {
					sty.Color = color.White
				}
			}
			xyl.Labels = append(xyl.Labels, label)
			styles = append(styles, sty)
		}
	}
	l, err := plotter.NewLabels(xyl)
	if err != nil {
		return nil, err
	}
	l.TextStyle = styles
	return l, nil
}

// heatCells draws the cells of a heat: filled squares, hatched when even.
type heatCells struct{ h *heat }

// Plot implements plot.Plotter.
func (hc *heatCells) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	n := len(hc.h.rows)
	for r := range hc.h.rows {
		for col := range hc.h.cols {
			rt := hc.h.rates[r][col]
			y := float64(n - 1 - r)
			x0, x1 := trX(float64(col)-0.5), trX(float64(col)+0.5)
			y0, y1 := trY(y-0.5), trY(y+0.5)
			v := math.NaN()
			if rt.Known() {
				v = rt.P
			}
			fillCell(&c, x0, y0, x1, y1, rateColor(v), even(rt))
		}
	}
}

// DataRange implements plot.DataRanger.
func (hc *heatCells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(len(hc.h.cols)) - 0.5, -0.5, float64(len(hc.h.rows)) - 0.5
}

// fillCell fills the rectangle (x0, y0)-(x1, y1) with fill, framed in white, and hatches it
// with diagonal lines when hatched.
func fillCell(c *draw.Canvas, x0, y0, x1, y1 vg.Length, fill color.Color, hatched bool) {
	c.SetColor(fill)
	c.Fill(chart.Rect(x0, y0, x1, y1))
	if hatched {
		c.SetLineStyle(draw.LineStyle{Color: hatchColor, Width: vg.Points(0.5)})
		step := vg.Points(5)
		w, h := x1-x0, y1-y0
		for d := step / 2; d < w+h; d += step {
			// the line x + y = d (cell coordinates), clipped to the cell
			ax, ay := min(d, w), d-min(d, w)
			bx, by := d-min(d, h), min(d, h)
			var pa vg.Path
			pa.Move(vg.Point{X: x0 + ax, Y: y0 + ay})
			pa.Line(vg.Point{X: x0 + bx, Y: y0 + by})
			c.Stroke(pa)
		}
	}
	c.SetLineStyle(draw.LineStyle{Color: color.White, Width: vg.Points(1)})
	c.Stroke(chart.Rect(x0, y0, x1, y1))
}

// swatch is a legend key: a small rectangle of one colour, framed in grey, hatched or not.
type swatch struct {
	c       color.Color
	hatched bool
}

// Thumbnail implements plot.Thumbnailer.
func (s swatch) Thumbnail(c *draw.Canvas) {
	h := c.Max.Y - c.Min.Y
	x0 := c.Center().X - h
	fillCell(c, x0, c.Min.Y, x0+2*h, c.Max.Y, s.c, s.hatched)
	c.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 160}, Width: vg.Points(0.5)})
	c.Stroke(chart.Rect(x0, c.Min.Y, x0+2*h, c.Max.Y))
}

// size is the size of a heat map's chart: at least 16 x 10 cm, 1.5 cm per column and 7 cm
// (the axis and the colour key) wide, 1.1 cm per row and 5 cm (the title and the column names)
// high.
func (h *heat) size() (w, ht vg.Length) {
	w = max(chart.DefaultWidth, vg.Length(len(h.cols))*1.5*vg.Centimeter+7*vg.Centimeter)
	ht = max(chart.DefaultHeight, vg.Length(len(h.rows))*1.1*vg.Centimeter+5*vg.Centimeter)
	return w, ht
}

// chart wraps the heat map's plot as a chart of its size.
func (h *heat) chart(name string, p *plot.Plot) *chart.Chart {
	w, ht := h.size()
	c := chart.NewChart(name, p)
	c.Width, c.Height = max(c.Width, w), max(c.Height, ht)
	return c
}
