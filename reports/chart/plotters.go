package chart

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Bars is a plotter.BarChart whose bar width is a fixed number of x data units, so that bars
// stay aligned with their error bars at any figure size.
type Bars struct {
	*plotter.BarChart
	width float64
}

// NewBars makes bars of the given values at x = x0, x0+1, ..., each width data units wide.
func NewBars(values []float64, x0, width float64, c color.Color) (*Bars, error) {
	b, err := plotter.NewBarChart(plotter.Values(values), vg.Points(1))
	if err != nil {
		return nil, err
	}
	b.XMin = x0
	b.Color = c
	b.LineStyle.Width = 0
	return &Bars{BarChart: b, width: width}, nil
}

// Plot implements plot.Plotter: it draws a copy of the bars with the width in canvas units.
func (b *Bars) Plot(c draw.Canvas, p *plot.Plot) {
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
	return PlacedLabels(labels, TextStyle(size, draw.XCenter, draw.YBottom), vg.Point{Y: vg.Points(3)})
}

// PlacedLabels returns labels in style, offset from their points.
func PlacedLabels(labels plotter.XYLabels, style text.Style, offset vg.Point) (*plotter.Labels, error) {
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

// XErrorBars are horizontal interval bars from lo to hi at (x, y), all in data units.
type XErrorBars struct {
	plotter.XYs
	plotter.XErrors
}

// Add appends a point at row y with value x and its interval [lo, hi].
func (e *XErrorBars) Add(y, x, lo, hi float64) {
	e.XYs = append(e.XYs, plotter.XY{X: x, Y: y})
	e.XErrors = append(e.XErrors, struct{ Low, High float64 }{Low: x - lo, High: hi - x})
}

// NewXErrorBars makes black horizontal interval bars with short caps (NewErrorBars' style).
func NewXErrorBars(eb XErrorBars) (*plotter.XErrorBars, error) {
	e, err := plotter.NewXErrorBars(eb)
	if err != nil {
		return nil, err
	}
	e.LineStyle.Color = color.Gray{Y: 40}
	e.LineStyle.Width = vg.Points(1)
	e.CapWidth = vg.Points(4)
	return e, nil
}

// AddThinXErrorBars adds eb to p as thin grey horizontal interval bars with small caps (a
// tornado's whiskers over its bars); nothing when eb is empty.
func AddThinXErrorBars(p *plot.Plot, eb XErrorBars) error {
	if len(eb.XYs) == 0 {
		return nil
	}
	e, err := plotter.NewXErrorBars(eb)
	if err != nil {
		return err
	}
	e.LineStyle.Color, e.LineStyle.Width, e.CapWidth = color.Gray{Y: 40}, vg.Points(0.8), vg.Points(3)
	p.Add(e)
	return nil
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
