package reports

import (
	"fmt"
	"image/color"
	"maps"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// ChartGates is the name of the gate chart (GateChart): gates.png and gates.svg.
const ChartGates = "gates"

// gateRowHeight is the height of a row of the gate chart.
const gateRowHeight = 8 * vg.Millimeter

// GateChart draws checked gates against their target bands: one row per gate (in the order of
// the file, the first at the top), its band shaded grey (to the panel's edge on an open side),
// its value as a dot with its 95% interval as a whisker, blue when it passed, orange for a weak
// pass (only its interval reaches the band) and vermillion when it failed. Rates share one
// panel in percent; each unit of the means (turns, rounds) has its own panel below.
func GateChart(results []GateResult) (*chart.Chart, error) {
	if len(results) == 0 {
		return nil, fmt.Errorf("%w: no gates", chart.ErrNoData)
	}
	var units []string
	byUnit := map[string][]GateResult{}
	for _, r := range results {
		u := gateUnit(r.Gate)
		if _, ok := byUnit[u]; !ok {
			units = append(units, u)
		}
		byUnit[u] = append(byUnit[u], r)
	}
	c := &chart.Chart{Name: ChartGates, Title: "Balance gates: each value against its target band",
		Width: chart.DefaultWidth, Height: 3 * vg.Centimeter}
	for i, u := range units {
		p, err := gatePanel(byUnit[u], u, i == 0)
		if err != nil {
			return nil, err
		}
		c.Panels = append(c.Panels, []*plot.Plot{p})
		c.Height += vg.Length(len(byUnit[u]))*gateRowHeight + 2*vg.Centimeter
	}
	if len(c.Panels) == 1 { // a single panel carries the title itself
		c.Panels[0][0].Title.Text = c.Title
	}
	c.Height = max(c.Height, chart.DefaultHeight)
	c.Caption = "The grey bar is the band a gate asks for; the dot is the value and the whisker its " +
		"95% interval. An orange dot outside its band passed only because its interval reaches in: " +
		"more games would settle it."
	c.FitLegend()
	return c, nil
}

// gateUnit is the unit of a gate's metric: "fraction" for a rate, the mean's unit otherwise.
func gateUnit(g Gate) string {
	if m := gameNamed(g.Game).metric(g.Metric); m != nil {
		return m.Units()
	}
	return "fraction"
}

// gatePanel draws the gates of one unit; the first panel carries the legend.
func gatePanel(rs []GateResult, unit string, legend bool) (*plot.Plot, error) {
	scale, label := 1.0, unit
	if unit == "fraction" {
		scale, label = 100, "%"
	}
	p := chart.NewPlot("", label, "")
	rows := &gateRows{scale: scale}
	var labels []string
	for i := len(rs) - 1; i >= 0; i-- { // the first gate at the top
		rows.rs = append(rows.rs, rs[i])
		labels = append(labels, rs[i].describe())
	}
	p.Add(rows)
	p.NominalY(labels...)
	p.Y.Tick.Label.Font.Size = vg.Points(8)
	p.X.Tick.Marker = chart.PlainTicks(false)
	if legend {
		for _, s := range gateStatuses {
			sc, err := plotter.NewScatter(plotter.XYs{{}})
			if err != nil {
				return nil, err
			}
			sc.Color, sc.Shape, sc.Radius = s.color, draw.CircleGlyph{}, vg.Points(3.5)
			p.Legend.Add(s.name, sc)
		}
		p.Legend.Add("target band", bandThumb{})
	}
	return p, nil
}

// gateStatuses are the colours of the three outcomes of a gate, in legend order.
var gateStatuses = []struct {
	name  string
	color color.RGBA
}{{"pass", chart.SeriesColor(0)}, {"weak pass", chart.SeriesColor(1)}, {"fail", chart.SeriesColor(3)}}

// gateColor is the colour of a gate's outcome.
func gateColor(r GateResult) color.Color {
	switch {
	case !r.Pass:
		return gateStatuses[2].color
	case r.Warning != "":
		return gateStatuses[1].color
	}
	return gateStatuses[0].color
}

// bandGrey is the fill of a target band.
var bandGrey = color.Gray{Y: 215}

// bandThumb is the legend's swatch of a target band.
type bandThumb struct{}

// Thumbnail implements plot.Thumbnailer.
func (bandThumb) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(bandGrey, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
}

// gateRows draws the rows of a gate panel (row i at y = i): band, whisker and dot.
type gateRows struct {
	rs    []GateResult
	scale float64
}

// DataRange implements plot.DataRanger: every band end, value and interval end, with room.
func (g *gateRows) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), math.Inf(-1)
	grow := func(v float64) {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			xmin, xmax = min(xmin, v*g.scale), max(xmax, v*g.scale)
		}
	}
	for _, r := range g.rs {
		grow(r.Value)
		grow(r.Lo)
		grow(r.Hi)
		if r.Min != nil {
			grow(*r.Min)
		}
		if r.Max != nil {
			grow(*r.Max)
		}
	}
	if xmin > xmax { // no finite value: an empty axis rather than an infinite one
		xmin, xmax = 0, 1
	}
	pad := max((xmax-xmin)*0.08, 0.5)
	return xmin - pad, xmax + pad, -0.5, float64(len(g.rs)) - 0.5
}

// Plot implements plot.Plotter.
func (g *gateRows) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	for i, r := range g.rs {
		y := trY(float64(i))
		lo, hi := plt.X.Min, plt.X.Max
		if r.Min != nil {
			lo = *r.Min * g.scale
		}
		if r.Max != nil {
			hi = *r.Max * g.scale
		}
		half := gateRowHeight * 0.35
		c.FillPolygon(bandGrey, c.ClipPolygonXY([]vg.Point{{X: trX(lo), Y: y - half}, {X: trX(hi), Y: y - half},
			{X: trX(hi), Y: y + half}, {X: trX(lo), Y: y + half}}))
		col := gateColor(r)
		if !math.IsNaN(r.Lo) && !math.IsNaN(r.Hi) {
			ls := draw.LineStyle{Color: col, Width: vg.Points(1.2)}
			c.StrokeLines(ls, c.ClipLinesXY([]vg.Point{{X: trX(r.Lo * g.scale), Y: y}, {X: trX(r.Hi * g.scale), Y: y}})...)
		}
		if !math.IsNaN(r.Value) {
			c.DrawGlyph(draw.GlyphStyle{Color: col, Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}},
				vg.Point{X: trX(r.Value * g.scale), Y: y})
		}
	}
}

// WriteGateChart writes the gate chart of results into dir as gates.png and gates.svg and
// returns their paths.
func WriteGateChart(results []GateResult, dir string) ([]string, error) {
	c, err := GateChart(results)
	if err != nil {
		return nil, err
	}
	return WriteChartFiles(c, dir)
}

// ChartTune is the name of tune's before-and-after chart (TuneChart): tune-gates.png and .svg.
const ChartTune = "tune-gates"

// TuneChart draws each target as the data was and with the patch, on the same fresh episodes:
// the gate chart (GateChart) with two rows a gate, "as it is" above "patched".
func TuneChart(before, after []GateResult) (*chart.Chart, error) {
	var rows []GateResult
	for i := range after {
		for _, r := range []struct {
			res  GateResult
			data string
		}{{before[i], "as it is"}, {after[i], "patched"}} {
			r.res.Params = maps.Clone(r.res.Params)
			if r.res.Params == nil {
				r.res.Params = map[string]string{}
			}
			r.res.Params["data"] = r.data
			rows = append(rows, r.res)
		}
	}
	c, err := GateChart(rows)
	if err != nil {
		return nil, err
	}
	c.Name, c.Title = ChartTune, "Each target before and after the patch (the same fresh episodes)"
	if len(c.Panels) == 1 {
		c.Panels[0][0].Title.Text = c.Title
	}
	return c, nil
}

// WriteChartFiles writes chart c as PNG and SVG into dir (created if needed) and returns the
// paths written.
func WriteChartFiles(c *chart.Chart, dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	for _, f := range []string{"png", "svg"} {
		b, err := c.Bytes(f)
		if err != nil {
			return written, err
		}
		path := filepath.Join(dir, c.Name+"."+f)
		if err := sim.WriteAtomic(path, b); err != nil {
			return written, fmt.Errorf("writing %s: %w", path, err)
		}
		written = append(written, path)
	}
	return written, nil
}
