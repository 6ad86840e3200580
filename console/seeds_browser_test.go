//go:build amd64

package console

import (
	"testing"

	"tandem/bughouse"
	"tandem/internal/browsertest"
	"tandem/rules"
)

// Requirements 5 and 6 on the console: the arbiter calls the match
// (Art 44) and the page counts the tolerance down and shows who is at the
// table; the arbiter warns a player (Art 40), shown on his clock, and
// the loss by penalty decides the match with its article.
func TestBrowser_NoShowCountdownWarningsAndPenalty(t *testing.T) {
	bctx := browsertest.Start(t, nil)
	p := openPage(t, bctx, "", Opts{})
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.body.dataset.arbiter === "true"`)

	p.SetValue("call-tol", "10m")
	p.Click("act-call")
	p.Until(textOf("status") + ` === "CALLED" && ` + textOf("elapsed") + `.startsWith("no-show tolerance: forfeit in 9:")`)
	first := p.eval(textOf("elapsed")).(string)
	p.Until(textOf("elapsed") + ` !== ` + quoteJS(first)) // it counts down
	p.eval(`document.getElementById("arr-seat").value = "B-white", true`)
	p.Click("act-arrive")
	p.Until(`document.querySelector("#clock-B-white .mark").textContent === "✓ at the table" && document.querySelector("#clock-A-white .mark").textContent === "absent"`)
	if n := p.settled().NoShow; !n.Active || !n.Arrived[bughouse.BWhite] {
		t.Errorf("no-show %+v", n)
	}

	p.Click("act-start")
	p.Until(textOf("status") + ` === "RUNNING"`)
	p.eval(`document.getElementById("pen-seat").value = "A-black", true`)
	p.Click("act-warn")
	p.Until(`document.querySelector("#clock-A-black .warnings").textContent === "⚠ 1 warning"`)
	p.Click("act-penalty")
	p.Until(`!document.getElementById("confirm").classList.contains("hidden")`)
	p.Click("confirm-yes")
	p.Until(textOf("result") + `.startsWith("1-0 penalty A-black (Art 40)")`)
	if s := p.settled(); s.Result != rules.Team1Wins || s.Reason != rules.Penalty || s.Warnings[bughouse.ABlack] != 1 {
		t.Errorf("%s %s, warnings %v", s.Result, s.Reason, s.Warnings)
	}
}
