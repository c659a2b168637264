package chart

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

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

// Translucent returns c with alpha a in [0,1] (premultiplied, as color.RGBA requires).
func Translucent(c color.RGBA, a float64) color.RGBA {
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
	p.Y.Max = NiceCeil(top)
}

// NiceCeil rounds x > 0 up to the next of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power
// of ten (1 for x <= 0, NaN or an infinity).
func NiceCeil(x float64) float64 {
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

// NominalTicks labels the integer positions 0..len(names)-1 (plot.NominalY's ticks, kept when
// the other axis's ticker is replaced).
func NominalTicks(names []string) plot.Ticker {
	ticks := make([]plot.Tick, len(names))
	for i, n := range names {
		ticks[i] = plot.Tick{Value: float64(i), Label: n}
	}
	return plot.ConstantTicks(ticks)
}

// paletteSize is the number of distinct colours of SeriesColor.
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

// roundTicks is the plot.Ticker of PlainTicks: at most labels labelled ticks (fewer on the
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
