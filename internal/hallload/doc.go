// Package hallload is the hall's load and fault test:
// it runs many simulated tables against a hub in another process, each a
// real table.Table with a real journal on disk and a real hall.Link,
// pressing about four times a second; it measures press -> dashboard
// latency on the dashboard's WebSocket, the hub's CPU and memory, and how
// busy the machine was with other work meanwhile (a shared machine's
// figures are not the hall's); it
// kills the hub with SIGKILL mid-run and starts it again on the same store
// and ports; and at the end it checks that the hub's streams hold every
// journal record of every table exactly once, in order, and every decided
// result (Check).
//
// cmd/tandem-hall-load is its command and scripts/hall-load.sh the script
// that builds and runs it; docs/performance.md ("Hall") has the figures.
package hallload
