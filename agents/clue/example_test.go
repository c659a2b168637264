package clue_test

import (
	"fmt"

	"github.com/clockworksim/clockwork/agents/clue"
)

// A tiny deal: heroes 0-1, items 2-3, locations 4-6; seat 0 holds one card, seat 1 two, card 5
// lies face up. Seat 0 holds hero 0; seat 1 could not answer about hero 1 and item 2 (the third
// card of the rumor was the face-up location 5): the envelope holds hero 1, item 2 and location
// 4 or 6.
func ExampleNotebook() {
	d := clue.Deal{Cards: 7, Seats: 2, Me: 0, FaceUp: 1 << 5}
	d.Kind = [clue.MaxCards]uint8{clue.KindHero, clue.KindHero, clue.KindItem, clue.KindItem,
		clue.KindLocation, clue.KindLocation, clue.KindLocation}
	d.Hand[0], d.Hand[1] = 1, 2
	n := clue.NewNotebook(d)
	n.Hold(0, 1<<0)
	n.Lack(1, 1<<1|1<<2|1<<5)
	worlds, exact := n.Count()
	fmt.Printf("envelope may hold %07b; %v worlds (exact %v)\n", n.Possible(clue.Envelope), worlds, exact)
	fmt.Printf("location 4 is in the envelope in %.0f%% of them\n", 100*n.Weight(4, clue.Envelope))
	n.Lack(1, 1<<6) // seat 1 could not answer about location 6 either
	h, i, l, ok := n.Solution()
	fmt.Println(h, i, l, ok)
	// Output:
	// envelope may hold 1010110; 2 worlds (exact true)
	// location 4 is in the envelope in 50% of them
	// 1 2 6 true
}
