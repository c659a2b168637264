package clockwork

import "github.com/clockworksim/clockwork/configs/datafile"

// Fingerprint returns "sha256:" and the hex SHA-256 of the canonical JSON encoding of doc: struct
// fields in a fixed order, map keys sorted, no insignificant white space. It changes with any
// value (or the order of list entries, which the game's shuffles depend on) and not with
// comments, key order or formatting in the files.
func Fingerprint(doc *Document) string { return datafile.Fingerprint(doc) }
