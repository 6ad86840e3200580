# hall-start step: the network namespace (ip netns, veth) of
# cmd/tandem-hall.TestHall_PackagedConfigInNetns. Sourced by .ci/run before the tests.
command -v ip >/dev/null || need+=(iproute2)
