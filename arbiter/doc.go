// Package arbiter is the one command layer of every arbiter input: the
// web console, the hall's hub, the terminal table and the clock's button
// menu all say what the arbiter does as a Command, validated once here,
// and get one Result back, with a refusal's message and the rule behind it
// (an article of the regulation, a rule option). The table's loop (package
// table) carries commands out, one at a time, in instant order with the
// players' presses.
//
// Parse reads the text form the console's JSON and the hub's messages
// carry (Request); ParseDelta is the one grammar of a time adjustment
// ("+30", "-0:10", "+1:30", "+2.5", "+1:30:00").
package arbiter
