# Certificates (issue #23): hall/ca's tests check that `openssl verify`
# refuses a certificate for a public name forged with the hall CA's key,
# as browsers do. Sourced by .ci/run before the tests.
command -v openssl >/dev/null || need+=(openssl)
# In CI a missing openssl fails that test instead of skipping it.
export TANDEM_REQUIRE_OPENSSL=1
