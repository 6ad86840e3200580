// Runs the crazyhouse perft positions of positions.txt with chessops
// (npm, see package.json) and prints one line per position:
//   nodes <N> ms <T>
// then a total line. compare.sh runs this and tandem perft on the same
// positions in the same run and prints the ratio.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseFen } from 'chessops/fen';
import { Crazyhouse } from 'chessops/variant';
import { perft } from 'chessops/debug';

const file = process.argv[2] ?? new URL('./positions.txt', import.meta.url).pathname;
let totalMs = 0;
let totalNodes = 0;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [fen, depth] = line.split('|');
  const setup = parseFen(fen.trim()).unwrap();
  const pos = Crazyhouse.fromSetup(setup).unwrap();
  const t0 = performance.now();
  const n = perft(pos, Number(depth), false);
  const ms = performance.now() - t0;
  totalMs += ms;
  totalNodes += n;
  console.log(`nodes ${n} ms ${ms.toFixed(3)} ${fen.trim()} depth ${depth}`);
}
console.log(`total nodes ${totalNodes} ms ${totalMs.toFixed(3)}`);
