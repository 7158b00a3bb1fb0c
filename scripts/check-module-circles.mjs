// No circle between server modules (docs/ARCHITECTURE.md, "Layers and the structure check"):
// dependency-cruiser finds circles between files; this reads its graph of server/src for modules
// (the folders of server/src/modules) that lean on each other, two or more, which it cannot see.
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

/** module → the modules it imports → the first import that makes that arrow. */
const arrows = new Map();
for (const { source, dependencies } of graph.modules) {
  const from = moduleOf(source);
  if (!from || TESTS.test(source)) continue;
  for (const { resolved } of dependencies) {
    const to = moduleOf(resolved);
    if (!to || to === from) continue;
    if (!arrows.has(from)) arrows.set(from, new Map());
    if (!arrows.get(from).has(to)) arrows.get(from).set(to, `${source} → ${resolved}`);
  }
}

// Tarjan's strongly connected components: each group of two or more modules holds a circle.
const index = new Map();
const low = new Map();
const stack = [];
const circles = [];
function visit(module) {
  index.set(module, index.size);
  low.set(module, index.get(module));
  stack.push(module);
  for (const next of arrows.get(module)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(module, Math.min(low.get(module), low.get(next)));
    } else if (stack.includes(next)) {
      low.set(module, Math.min(low.get(module), index.get(next)));
    }
  }
  if (low.get(module) !== index.get(module)) return;
  const group = stack.splice(stack.indexOf(module));
  if (group.length > 1) circles.push(group);
}
for (const module of arrows.keys()) if (!index.has(module)) visit(module);

for (const group of circles) {
  console.error(`modules ${group.join(', ')} import one another in a circle:`);
  for (const from of group) {
    for (const [to, via] of arrows.get(from) ?? [])
      if (group.includes(to)) console.error(`  ${via}`);
  }
}
if (circles.length > 0) {
  console.error(
    '\nMove what they share below them all, or let the lower module declare a small interface ' +
      'the higher one fills in.',
  );
  process.exit(1);
}
const count = [...arrows.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(`✔ no circle between modules (${arrows.size} modules, ${count} arrows between them)`);
