// Package page holds the writers of the reports: a report as a page (Doc: a title, the answer
// in one sentence, a header, sections of charts and tables, a closing note) rendered as
// GitHub-flavoured Markdown (Markdown) or as one self-contained HTML page with its charts inline
// as SVG (HTML); tables (Table) as aligned terminal text or Markdown; and the report's files,
// each written through a temporary file and a rename (Files).
//
// It renders what it is given and computes nothing: it may import the standard library, package
// chart (the figures it places and inlines) and package sim (for its atomic file writes); never
// package reports or a game.
package page
