#!/usr/bin/env bash
# step: reserves: every crazyhouse perft count of zh-perft.txt, all depths (board engine, -tags perftdeep)
set -euo pipefail
# About 0.5 s on amd64 (24 M nodes); the shallow counts already ran in go test.
go test -count=1 -tags perftdeep -run 'TestPerft_' ./board
