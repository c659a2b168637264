package clockwork

// Peek exposes the clairvoyant's read of the real game to the tests.
var Peek = peek
