// Package chart is the reports' chart kit on gonum/plot: the figure (Chart: one plot or a grid
// of panels sharing one legend, sized, rendered as PNG or SVG), the house style (NewPlot,
// TextStyle, SeriesColor and Dashes, PlainTicks, NominalX, PercentAxis), the plotters the
// charts are made of (Bars, ErrorBars, XErrorBars, StepLine, labels) and the pieces of heat
// maps (Grid, RateCells, Mark, Swatch, Rect, RampColor). The game report packages draw their
// own charts with these helpers, so each is defined once, here.
//
// It draws what it is given and knows no results file: it may import the standard library,
// gonum/plot, and packages stats and format (the rates a heat map cell shows and how it labels
// them); never package reports, a writer or a game.
package chart
