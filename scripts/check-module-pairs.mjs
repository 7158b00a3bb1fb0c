// No two server modules import each other (docs/ARCHITECTURE.md, "Layers and the structure
// check"). dependency-cruiser finds circles between files; this reads its graph of server/src
// for modules (the folders of server/src/modules) that lean on each other, which it cannot see.
import { execFileSync } from 'node:child_process';

const TESTS = /\.test\.tsx?$|\/testing\/|^server\/src\/test\/|\.testing\.ts$|\.fixtures\.ts$/;
const moduleOf = (file) => /^server\/src\/modules\/([^/]+)\//.exec(file)?.[1];

const graph = JSON.parse(
  execFileSync(
    'node_modules/.bin/depcruise',
    ['server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  ),
);

/** "from→to" of two modules → the first import that makes the arrow. */
const arrows = new Map();
for (const { source, dependencies } of graph.modules) {
  const from = moduleOf(source);
  if (!from || TESTS.test(source)) continue;
  for (const { resolved } of dependencies) {
    const to = moduleOf(resolved);
    const key = `${from}→${to}`;
    if (to && to !== from && !arrows.has(key)) arrows.set(key, `${source} → ${resolved}`);
  }
}

const pairs = [...arrows.keys()]
  .map((key) => key.split('→'))
  .filter(([from, to]) => from < to && arrows.has(`${to}→${from}`));
for (const [a, b] of pairs) {
  console.error(`modules ${a} and ${b} import each other:`);
  console.error(`  ${arrows.get(`${a}→${b}`)}\n  ${arrows.get(`${b}→${a}`)}`);
}
if (pairs.length > 0) {
  console.error(
    `\n${pairs.length} pair(s) of modules import each other. Move what both need below both, ` +
      'or let the lower one declare a small interface the other fills in.',
  );
  process.exit(1);
}
console.log(`✔ no two modules import each other (${arrows.size} arrows between modules)`);
