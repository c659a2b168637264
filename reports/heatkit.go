package reports

import (
	"image/color"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// WideInterval is the width of a 95% interval (a fraction: 0.3 is 30 points) from which a heat
// map cell's rate counts as uncertain: such cells are hatched (RateCells), and a gate that
// passes only because such an interval overlaps its band is warned about (CheckGates).
const WideInterval = 0.30

// Wide reports whether the rate's 95% interval is WideInterval or wider (a rate with no trial
// is not wide: it is unknown).
func (r Rate) Wide() bool { return r.Known() && r.Hi-r.Lo >= WideInterval }

// RateCells is a heat map of rates that shows how much each cell rests on: every cell is
// labelled with its rate and its number of trials ("62.5%" over "n=8"), and the cells whose
// interval is wide (Rate.Wide) are faded and hatched with grey diagonal lines, so a rate of 1
// trial never looks like one of 1,000. Cells are unit squares centred on integer coordinates (column, row;
// row 0 at the bottom) coloured on the grid's light-to-dark blue ramp over [0, 1].
type RateCells struct {
	cols, rows int
	rates      []Rate // row-major; N 0 for no data
}

// NewRateCells returns cols x rows cells with no data.
func NewRateCells(cols, rows int) *RateCells {
	return &RateCells{cols: cols, rows: rows, rates: make([]Rate, cols*rows)}
}

// Set sets the rate of the cell at column c, row r.
func (h *RateCells) Set(c, r int, rt Rate) { h.rates[r*h.cols+c] = rt }

// At is the rate of the cell at column c, row r.
func (h *RateCells) At(c, r int) Rate { return h.rates[r*h.cols+c] }

// Plot implements plot.Plotter: the cells, their hatching, then their labels.
func (h *RateCells) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	hatch := hatchStyle()
	for r := 0; r < h.rows; r++ {
		for col := 0; col < h.cols; col++ {
			rt := h.At(col, r)
			x0, x1 := trX(float64(col)-0.5), trX(float64(col)+0.5)
			y0, y1 := trY(float64(r)-0.5), trY(float64(r)+0.5)
			c.SetColor(rateCellColor(rt))
			c.Fill(rectPath(x0, y0, x1, y1))
			if rt.Wide() {
				drawHatch(c, x0, y0, x1, y1, hatch)
			}
			sty := TextStyle(9, draw.XCenter, draw.YCenter)
			if rt.Known() && !rt.Wide() && rt.P > 0.55 {
				sty.Color = color.White
			}
			c.FillText(sty, vg.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}, rateCellLabel(rt))
		}
	}
}

// DataRange implements plot.DataRanger.
func (h *RateCells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(h.cols) - 0.5, -0.5, float64(h.rows) - 0.5
}

// AddKey adds the colour key to p's legend (what the shades mean, 0% to 100%) and, when a cell
// is hatched, what the hatching means.
func (h *RateCells) AddKey(p *plot.Plot) {
	p.Legend.Add("success rate")
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		p.Legend.Add(fmtPctShort(v), swatch{rampColor(v)})
	}
	for _, rt := range h.rates {
		if rt.Wide() {
			p.Legend.Add("uncertain: 95%", hatchKey{})
			p.Legend.Add("interval over " + strconv.Itoa(int(100*WideInterval)) + " points")
			return
		}
	}
}

// rateCellColor is a cell's colour: the ramp at its rate, faded two thirds of the way to white
// when its interval is wide; light grey without data.
func rateCellColor(rt Rate) color.Color {
	if !rt.Known() {
		return color.Gray{Y: 235}
	}
	c := rampColor(rt.P)
	if rt.Wide() {
		fade := func(v uint8) uint8 { return uint8(255 - (255-int(v))/3) }
		c = color.RGBA{R: fade(c.R), G: fade(c.G), B: fade(c.B), A: 255}
	}
	return c
}

// rateCellLabel is a cell's text: its rate and trials on two lines, "-" without data.
func rateCellLabel(rt Rate) string {
	if !rt.Known() {
		return "-"
	}
	return FmtPct(rt.P) + "\nn=" + strconv.FormatInt(rt.N, 10)
}

func hatchStyle() draw.LineStyle {
	return draw.LineStyle{Color: color.Gray{Y: 110}, Width: vg.Points(0.7)}
}

// drawHatch strokes diagonal lines (bottom left to top right) across a rectangle, 2.5 mm apart.
func drawHatch(c draw.Canvas, x0, y0, x1, y1 vg.Length, sty draw.LineStyle) {
	c.SetLineStyle(sty)
	w, h := x1-x0, y1-y0
	gap := 2.5 * vg.Millimeter
	for d := -h + gap/2; d < w; d += gap {
		// The line x = x0 + d + t, y = y0 + t for t in [0, h], clipped to the rectangle.
		t0, t1 := max(0, -d), min(h, w-d)
		if t1 <= t0 {
			continue
		}
		var pa vg.Path
		pa.Move(vg.Point{X: x0 + d + t0, Y: y0 + t0})
		pa.Line(vg.Point{X: x0 + d + t1, Y: y0 + t1})
		c.Stroke(pa)
	}
}

// hatchKey is the legend thumbnail of a hatched cell.
type hatchKey struct{}

// Thumbnail implements plot.Thumbnailer.
func (hatchKey) Thumbnail(c *draw.Canvas) {
	h := c.Max.Y - c.Min.Y
	x0 := c.Center().X - h
	pa := rectPath(x0, c.Min.Y, x0+2*h, c.Max.Y)
	c.SetColor(color.White)
	c.Fill(pa)
	drawHatch(*c, x0, c.Min.Y, x0+2*h, c.Max.Y, hatchStyle())
	c.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 160}, Width: vg.Points(0.5)})
	c.Stroke(pa)
}
