package chart

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
)

// RateCells is a heat map of rates that shows how much each cell rests on: every cell is
// labelled with its rate and its number of trials ("62.5%" over "n=8"), and the cells whose
// interval is wide (stats.Rate.Wide) are faded and hatched with grey diagonal lines, so a rate of 1
// trial never looks like one of 1,000. Cells are unit squares centred on integer coordinates (column, row;
// row 0 at the bottom) coloured on the grid's light-to-dark blue ramp over [0, 1].
type RateCells struct {
	cols, rows int
	rates      []stats.Rate // row-major; N 0 for no data
}

// NewRateCells returns cols x rows cells with no data.
func NewRateCells(cols, rows int) *RateCells {
	return &RateCells{cols: cols, rows: rows, rates: make([]stats.Rate, cols*rows)}
}

// Set sets the rate of the cell at column c, row r.
func (h *RateCells) Set(c, r int, rt stats.Rate) { h.rates[r*h.cols+c] = rt }

// At is the rate of the cell at column c, row r.
func (h *RateCells) At(c, r int) stats.Rate { return h.rates[r*h.cols+c] }

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
			c.Fill(Rect(x0, y0, x1, y1))
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
		p.Legend.Add(format.PctShort(v), Swatch{RampColor(v)})
	}
	for _, rt := range h.rates {
		if rt.Wide() {
			p.Legend.Add("uncertain: 95%", hatchKey{})
			p.Legend.Add("interval over " + strconv.Itoa(int(100*stats.WideInterval)) + " points")
			return
		}
	}
}

// rateCellColor is a cell's colour: the ramp at its rate, faded two thirds of the way to white
// when its interval is wide; light grey without data.
func rateCellColor(rt stats.Rate) color.Color {
	if !rt.Known() {
		return color.Gray{Y: 235}
	}
	c := RampColor(rt.P)
	if rt.Wide() {
		fade := func(v uint8) uint8 { return uint8(255 - (255-int(v))/3) }
		c = color.RGBA{R: fade(c.R), G: fade(c.G), B: fade(c.B), A: 255}
	}
	return c
}

// rateCellLabel is a cell's text: its rate and trials on two lines, "-" without data.
func rateCellLabel(rt stats.Rate) string {
	if !rt.Known() {
		return "-"
	}
	return format.Pct(rt.P) + "\nn=" + strconv.FormatInt(rt.N, 10)
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
	pa := Rect(x0, c.Min.Y, x0+2*h, c.Max.Y)
	c.SetColor(color.White)
	c.Fill(pa)
	drawHatch(*c, x0, c.Min.Y, x0+2*h, c.Max.Y, hatchStyle())
	c.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 160}, Width: vg.Points(0.5)})
	c.Stroke(pa)
}

// Grid is the data of a heat map: columns x rows of values (NaN when unknown) at integer
// coordinates. Dims, Z, X and Y implement plotter.GridXYZ.
type Grid struct {
	cols, rows int
	z          []float64
}

// NewGrid returns a grid of cols x rows cells, every value unknown (NaN).
func NewGrid(cols, rows int) *Grid {
	z := make([]float64, cols*rows)
	for i := range z {
		z[i] = math.NaN()
	}
	return &Grid{cols: cols, rows: rows, z: z}
}

// Set sets the value of the cell at column c, row r (row 0 at the bottom).
func (g *Grid) Set(c, r int, v float64) { g.z[r*g.cols+c] = v }

// Dims is the grid's number of columns and rows.
func (g *Grid) Dims() (c, r int) { return g.cols, g.rows }

// Z is the value of the cell at column c, row r (NaN when unknown).
func (g *Grid) Z(c, r int) float64 { return g.z[r*g.cols+c] }

// X is the x coordinate of column c: c itself.
func (g *Grid) X(c int) float64 { return float64(c) }

// Y is the y coordinate of row r: r itself.
func (g *Grid) Y(r int) float64 { return float64(r) }

// HeatMap draws the grid with a light-to-dark blue ramp over [lo, hi]; unknown cells are grey.
func (g *Grid) HeatMap(lo, hi float64) *plotter.HeatMap {
	h := plotter.NewHeatMap(g, ramp{n: 64})
	h.Min, h.Max = lo, hi
	h.NaN = color.Gray{Y: 235}
	h.Underflow, h.Overflow = RampColor(0), RampColor(1)
	return h
}

// Labels writes every cell's value in % (one decimal; "-" when unknown), in white on the cells
// that are dark on the colour scale [lo, hi].
func (g *Grid) Labels(lo, hi float64) (*plotter.Labels, error) {
	return g.LabelsBy(func(v float64) bool { return hi > lo && (v-lo)/(hi-lo) > 0.55 })
}

// LabelsBy writes every cell's value in % (one decimal, "<0.1%" for a value above 0 that would
// round to 0.0%; "-" when unknown), in white on the cells where dark says so.
func (g *Grid) LabelsBy(dark func(float64) bool) (*plotter.Labels, error) {
	var xyl plotter.XYLabels
	styles := make([]text.Style, 0, len(g.z))
	for r := 0; r < g.rows; r++ {
		for c := 0; c < g.cols; c++ {
			v := g.Z(c, r)
			xyl.XYs = append(xyl.XYs, plotter.XY{X: float64(c), Y: float64(r)})
			sty := TextStyle(9, draw.XCenter, draw.YCenter)
			if math.IsNaN(v) {
				xyl.Labels = append(xyl.Labels, "-")
			} else {
				label := format.Pct(v)
				if v > 0 && v < 0.0005 {
					label = "<0.1%"
				}
				xyl.Labels = append(xyl.Labels, label)
				if dark(v) {
					sty.Color = color.White
				}
			}
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

// ramp is a sequential palette of n colours from pale to dark blue (ColorBrewer's "Blues").
type ramp struct{ n int }

// Colors implements palette.Palette.
func (r ramp) Colors() []color.Color {
	cs := make([]color.Color, r.n)
	for i := range cs {
		cs[i] = RampColor(float64(i) / float64(max(r.n-1, 1)))
	}
	return cs
}

// RampColor interpolates the "Blues" ramp at t in [0,1].
func RampColor(t float64) color.RGBA {
	stops := [...][3]float64{{247, 251, 255}, {198, 219, 239}, {107, 174, 214}, {33, 113, 181}, {8, 48, 107}}
	t = min(max(t, 0), 1) * float64(len(stops)-1)
	i := min(int(t), len(stops)-2)
	f := t - float64(i)
	var c [3]uint8
	for k := range c {
		c[k] = uint8(math.Round(stops[i][k] + f*(stops[i+1][k]-stops[i][k])))
	}
	return color.RGBA{R: c[0], G: c[1], B: c[2], A: 255}
}

// Cells returns a plotter of the grid's cells: filled unit squares centred on their integer
// coordinates, each in the colour colorOf gives its value (NaN: no data).
func (g *Grid) Cells(colorOf func(float64) color.Color) plot.Plotter {
	return &heatCells{grid: g, color: colorOf}
}

// heatCells draws a grid's cells (Grid.Cells).
type heatCells struct {
	grid  *Grid
	color func(float64) color.Color
}

// Plot implements plot.Plotter.
func (h *heatCells) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for r := 0; r < h.grid.rows; r++ {
		for col := 0; col < h.grid.cols; col++ {
			x0, x1 := trX(float64(col)-0.5), trX(float64(col)+0.5)
			y0, y1 := trY(float64(r)-0.5), trY(float64(r)+0.5)
			c.SetColor(h.color(h.grid.Z(col, r)))
			c.Fill(Rect(x0, y0, x1, y1))
		}
	}
}

// DataRange implements plot.DataRanger.
func (h *heatCells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(h.grid.cols) - 0.5, -0.5, float64(h.grid.rows) - 0.5
}

// Rect is the closed path of the rectangle from (x0, y0) to (x1, y1), in canvas units: what a
// heat map's cells, marks and legend swatches fill and stroke.
func Rect(x0, y0, x1, y1 vg.Length) vg.Path {
	var pa vg.Path
	pa.Move(vg.Point{X: x0, Y: y0})
	pa.Line(vg.Point{X: x1, Y: y0})
	pa.Line(vg.Point{X: x1, Y: y1})
	pa.Line(vg.Point{X: x0, Y: y1})
	pa.Close()
	return pa
}

// Mark outlines one cell of a heat map, inset by inset data units (so that two marks of one
// cell both show); it is a plot.Plotter and, for a legend, a plot.Thumbnailer.
type Mark struct {
	col, row int
	inset    float64
	style    draw.LineStyle
}

// NewMark outlines the cell at column col, row row (integer coordinates, as Grid's), inset by
// inset data units, in a 2.2-point line of colour c with dashes (nil: solid).
func NewMark(col, row int, inset float64, dashes []vg.Length, c color.Color) *Mark {
	return &Mark{col: col, row: row, inset: inset,
		style: draw.LineStyle{Color: c, Width: vg.Points(2.2), Dashes: dashes}}
}

// Cell is the column and row of the outlined cell.
func (m *Mark) Cell() (col, row int) { return m.col, m.row }

// Plot implements plot.Plotter.
func (m *Mark) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	d := 0.5 - m.inset - 0.03
	x0, x1 := trX(float64(m.col)-d), trX(float64(m.col)+d)
	y0, y1 := trY(float64(m.row)-d), trY(float64(m.row)+d)
	c.SetLineStyle(m.style)
	c.Stroke(Rect(x0, y0, x1, y1))
}

// Thumbnail implements plot.Thumbnailer: the outline as a small square.
func (m *Mark) Thumbnail(c *draw.Canvas) {
	h := c.Max.Y - c.Min.Y
	x0 := c.Center().X - h/2
	c.SetLineStyle(m.style)
	c.Stroke(Rect(x0+1, c.Min.Y+1, x0+h-1, c.Max.Y-1))
}

// Swatch is a legend thumbnail filled with one colour, framed in grey (so white shows).
type Swatch struct{ Color color.Color }

// Thumbnail implements plot.Thumbnailer.
func (s Swatch) Thumbnail(c *draw.Canvas) {
	h := c.Max.Y - c.Min.Y
	x0 := c.Center().X - h
	pa := Rect(x0, c.Min.Y, x0+2*h, c.Max.Y)
	c.SetColor(s.Color)
	c.Fill(pa)
	c.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 160}, Width: vg.Points(0.5)})
	c.Stroke(pa)
}
