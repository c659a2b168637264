package datafile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Fingerprint returns "sha256:" and the hex SHA-256 of the canonical JSON encoding of doc (a
// document struct or a pointer to one): struct fields in a fixed order, map keys sorted, no
// insignificant white space. It changes with any value (or the order of list entries, which a
// game's shuffles depend on) and not with comments, key order or formatting in the files.
func Fingerprint(doc any) string {
	raw, err := json.Marshal(doc)
	if err != nil {
		panic("datafile: the document cannot be encoded: " + err.Error()) // only plain data
	}
	sum := sha256.Sum256(raw)
	return "sha256:" + hex.EncodeToString(sum[:])
}
