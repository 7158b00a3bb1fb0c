// The code's structure, checked by `npm run lint:structure` (part of `npm run lint`, so of
// `npm test`). docs/ARCHITECTURE.md explains the layers. Every rule holds with no exception: a
// break fails the check.

/** Tests and their helpers may reach across the layers to set a scene up. */
const notTests = '\\.test\\.tsx?$|/testing/|^server/src/test/|\\.testing\\.ts$|\\.fixtures\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle (type-only imports count): a file cannot be understood, tested or loaded ' +
        'without itself. Move what both sides need into a file of its own below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-not-on-modules',
      severity: 'error',
      comment:
        'server/src/core is under the modules: HTTP conventions that every module uses. It takes ' +
        'what it needs from a module as an argument (wired in app.ts), never by importing it.',
      from: { path: '^server/src/core/', pathNot: notTests },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'db-only-tables',
      severity: 'error',
      comment:
        'server/src/db is under the modules: db/schema.ts puts the tables together from the ' +
        "modules' *.table.ts files and imports nothing else of theirs.",
      from: { path: '^server/src/db/', pathNot: notTests },
      to: { path: '^server/src/modules/', pathNot: '\\.table\\.ts$' },
    },
    {
      name: 'routes-not-to-repos',
      severity: 'error',
      comment:
        'Routes → services → repos: a route calls a service, and only services read the ' +
        'repos.',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repo\\.ts$' },
    },
    {
      name: 'no-other-modules-repo',
      severity: 'error',
      comment:
        "A module uses another module through its service, never through its repo (the owner's " +
        'rules would be skipped).',
      from: { path: '^server/src/modules/([^/]+)/', pathNot: notTests },
      to: { path: '^server/src/modules/[^/]+/.*\\.repo\\.ts$', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'web-base-not-on-app',
      severity: 'error',
      comment:
        'web/src/ui, i18n, theme and api are under the features and the app: they know nothing ' +
        'of the routes, the screens or a domain.',
      from: { path: '^web/src/(ui|i18n|theme|api)/', pathNot: notTests },
      to: { path: '^web/src/(app|features)/' },
    },
    {
      name: 'no-feature-internals',
      severity: 'error',
      comment:
        'A feature uses another feature only through its public surface: the files directly in ' +
        'its folder (screens, hooks) and its api/ folder. Its other folders (components/, ' +
        'panels/, …) are its own; what two features share belongs in ui/ or a feature of its own.',
      from: { path: '^web/src/features/([^/]+)/', pathNot: notTests },
      to: {
        path: '^web/src/features/[^/]+/(?!api/)[^/]+/',
        pathNot: '^web/src/features/$1/',
      },
    },
    {
      name: 'calls-through-api-modules',
      severity: 'error',
      comment:
        "Screens and components reach the server through their feature's api module (a named " +
        'hook or function per call), never the HTTP client itself; only those modules and the ' +
        "transports (the upload queue, the playback engine) and the app's error reporting do.",
      from: {
        path: '^web/src/features/',
        pathNot: `${notTests}|/api/|-api\\.ts$|^web/src/features/uploads/queue/transports\\.ts$|^web/src/features/player/state/playback-engine\\.ts$`,
      },
      to: { path: '^web/src/api/client\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr|node_modules)/' },
    // Type-only imports are imports: they make circles as much as the others.
    tsPreCompilationDeps: true,
    // @cadenza/contracts/* read from source, as the web app and the tests do.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
