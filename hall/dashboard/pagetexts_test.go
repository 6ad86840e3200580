package dashboard

import (
	"io/fs"
	"testing"

	"tandem/internal/pagekit/pagecheck"
)

// Every text of the page has its message: the HTML's texts and readable
// attributes are keyed (data-i18n), and every message ID the page and
// its scripts name is in the catalogs (i18n.TestCatalogs_Complete then
// wants its Spanish). A text added without its message fails here.
func TestPage_EveryTextTranslated(t *testing.T) {
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := pagecheck.Problems(static)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		t.Error(p)
	}
	ids, err := pagecheck.IDs(static)
	if err != nil || len(ids) < 80 {
		t.Fatalf("%d message IDs on the page (%v): the scan found nothing to check", len(ids), err)
	}
}
