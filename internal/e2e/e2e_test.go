package e2e

import (
	"os"
	"testing"
)

func TestOn_FollowsTheEnvironment(t *testing.T) {
	t.Setenv(Env, "")
	if On() {
		t.Error("On without " + Env)
	}
	t.Setenv(Env, "1")
	if got, want := On(), !testing.Short(); got != want {
		t.Errorf("On with %s=1: %v, want %v (short %v)", Env, got, want, testing.Short())
	}
	os.Unsetenv(Env)
}

func TestRequire_SkipsWithoutTheEnvironment(t *testing.T) {
	t.Setenv(Env, "")
	ran := false
	t.Run("gated", func(t *testing.T) {
		Require(t, "a trial")
		ran = true
	})
	if ran {
		t.Error("Require let a trial run without " + Env + "=1")
	}
}
