package menu_test

import (
	"fmt"

	"tandem/menu"
	"tandem/rules"
)

// An arbiter opens the menu and chooses a new match with 3+2.
func Example() {
	m := menu.New(nil)
	in := menu.Info{Status: rules.Ready}
	m.Open()
	m.Press(menu.OK, in) // the time controls
	for m.Screen(in).Lines[m.Screen(in).Cursor] != "3+2" {
		m.Press(menu.Next, in)
	}
	m.Press(menu.OK, in)
	fmt.Println(m.Screen(in).Lines[0])
	a := m.Press(menu.OK, in)
	fmt.Println(a.Command.Kind, a.Command.Control)
	// Output:
	// new match 3+2?
	// new 3m+2s
}
