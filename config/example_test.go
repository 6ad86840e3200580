package config_test

import (
	"fmt"
	"os"

	"tandem/bughouse"
	"tandem/config"
)

func ExampleParse() {
	c, err := config.Parse("tandem.toml", []byte(`
preset = "reglamento"

[time]
control = "3m+2s"

[time.seats]
A-white = "2m+2s"   # handicap for the strongest player

[rules]
drop_check = "allowed"
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Mode, c.Preset)
	fmt.Println("A-white:", c.Rules.ControlFor(bughouse.AWhite), "starts at", c.Rules.ControlFor(bughouse.AWhite).Initial())
	fmt.Println("B-black:", c.Rules.ControlFor(bughouse.BBlack), "starts at", c.Rules.ControlFor(bughouse.BBlack).Initial())
	fmt.Println("drop_check:", c.Rules.DropCheck, "stalemate:", c.Rules.Stalemate)

	_, err = config.Parse("tandem.toml", []byte("[rules]\nstalemate = \"lose\"\n"))
	fmt.Println(err)
	// Output:
	// simulated reglamento
	// A-white: 2m+2s starts at 2m2s
	// B-black: 3m+2s starts at 3m2s
	// drop_check: allowed stalemate: draw
	// tandem.toml:2: rules.stalemate: unknown stalemate "lose"; allowed: draw, wait, win-for-stalemated, loss-for-stalemated
}

func ExampleConfig_Write() {
	if err := config.Default().Write(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// # tandem configuration: the effective settings.
	// # Every option is explicit. "preset" marks a value preset "reglamento" sets;
	// # "overridden" marks one that differs from it.
	//
	// mode = "simulated"     # default
	// preset = "reglamento"  # seed 000 (Reglamento de Ajedrez Pasapiezas)
	// # available presets: fics, online, panoriental, pasapiezas, reglamento, uscf-fics
	//
	// [time]
	// control = "5m"                      # preset
	// increment_before_first_move = true  # preset
	// # [time.seats] none: every seat plays control
	//
	// [rules]
	// start = "arbiter"                      # preset
	// simultaneous_window = "1ms"            # preset
	// one_board_draw = "other-continues"     # preset
	// illegal_move = "loss-on-claim"         # preset
	// stalemate = "draw"                     # preset
	// repetition_draw = true                 # preset
	// drop_check = "forbidden"               # preset
	// pawn_drop_ranks = [2, 6]               # preset
	// piece_drop_ranks = [1, 8]              # preset
	// mate = "reserve"                       # preset
	// promotion = "upgrade"                  # preset
	// castle_dropped_rook = false            # preset
	// dropped_pawn_double_step = true        # preset
	// illegal_move_claim = "board-opponent"  # preset
	// draw_agreement = "one-board"           # preset
	// deadlock_draw = false                  # preset
	// move_limit = 0                         # preset
	// fifty_move_draw = true                 # preset
	// match_format = "first-decision"        # preset
	// no_show_tolerance = "0s"               # preset
	//
	// [display]
	// tenths_below = "20s"  # default
}
