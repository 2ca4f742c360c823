import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// Import direction (docs/development/architecture.md#layers). Each list runs from the top
// layer to the bottom one: a layer imports those below it, never one above; the members of
// an `apart` layer do not import each other either. Paths are from the repository root.
const WEB = 'apps/web/src';
const EMULATOR = 'apps/emulator/src';
const COMPANION = 'apps/companion/src';
// Every folder under features/ is one screen family; they share through components and lib.
const FEATURES = readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `${WEB}/features/${entry.name}`);

export const LAYERS = {
  // e2e, bench and scripts drive the whole project and may import anything.
  repo: [
    { name: 'the apps', apart: true, paths: ['apps/emulator', 'apps/companion', 'apps/web'] },
    { name: 'packages/server-kit', paths: ['packages/server-kit'] },
    { name: 'packages/api', paths: ['packages/api'] },
  ],
  web: [
    { name: 'the app shell', paths: [`${WEB}/app`, `${WEB}/main.tsx`, `${WEB}/boot`] },
    { name: 'features', apart: true, paths: FEATURES },
    // The i18n provider loads language packs through api/, so it is a component; the
    // translation runtime itself is as pure as lib/.
    { name: 'components', paths: [`${WEB}/components`, `${WEB}/i18n/i18n-provider.tsx`] },
    { name: 'api', paths: [`${WEB}/api`] },
    {
      name: 'lib',
      paths: [`${WEB}/lib`, `${WEB}/i18n/runtime.ts`, `${WEB}/i18n/markup.tsx`, `${WEB}/i18n/languages.ts`],
    },
  ],
  emulator: [
    {
      name: 'the process and app',
      paths: ['server.ts', 'cli.ts', 'app.ts', 'launch.ts'].map((file) => `${EMULATOR}/${file}`),
    },
    { name: 'routes', paths: [`${EMULATOR}/routes`, `${EMULATOR}/http`] },
    {
      name: 'the device',
      paths: [
        'device.ts',
        'clock.ts',
        'console-log.ts',
        'sim',
        'live',
        'mqtt',
        'meter',
        'time',
        'firmware',
      ].map((path) => `${EMULATOR}/${path}`),
    },
    { name: 'config storage', paths: [`${EMULATOR}/config`] },
  ],
  companion: [
    {
      name: 'the process and app',
      paths: [
        'server.ts',
        'app.ts',
        'device-scope.ts',
        'plant/plant-app.ts',
        'demo.ts',
        'launch.ts',
        'restore-command.ts',
        'config',
        'alerts/alerts.ts',
        'alerts/options.ts',
        'alerts/option-names.ts',
        'control/control.ts',
        'control/options.ts',
        'schema-compilers.ts',
        'meter/meter-area.ts',
        'meter/plant-meter.ts',
        'meter/options.ts',
        'modbus/modbus.ts',
        'modbus/options.ts',
      ].map((path) => `${COMPANION}/${path}`),
    },
    {
      name: 'routes',
      paths: [
        'answer-compression.ts',
        'history',
        'proxy',
        'live/hub.ts',
        'live/passthrough.ts',
        'live/tickets.ts',
        'ops',
        'alerts/routes.ts',
        'control/routes.ts',
        'control/day.ts',
        'control/schedule-routes.ts',
        'plant/plant-routes.ts',
        'plant/plant-history.ts',
        'plant/plant-limit.ts',
        'meter/meter-routes.ts',
        'meter/grid-history.ts',
        'modbus/routes.ts',
      ].map((path) => `${COMPANION}/${path}`),
    },
    {
      name: 'the domain',
      paths: [
        'recorder/recorder.ts',
        'device',
        'influx',
        'live/upstream.ts',
        'plant/plant-watch.ts',
        'alerts/channels',
        ...[
          ...['watcher', 'rules', 'outbox', 'channels', 'messages', 'quiet-hours', 'device-reads'],
          ...['frames-in', 'judges', 'lifecycle', 'device-polls'],
          ...['settings-body', 'settings-file'],
          ...['command-rule', 'energy-rule', 'eventlog-rule', 'string-rule', 'threshold-rules'],
        ].map((name) => `alerts/${name}.ts`),
        'settings',
        'limits',
        ...[
          'runner',
          'step',
          'cycle-guard',
          'meter',
          'meter-source',
          'settings-body',
          'settings-file',
          'config',
        ].map((name) => `control/${name}.ts`),
        ...['schedule-file', 'schedule-resolve', 'schedule-runner'].map((name) => `control/${name}.ts`),
        ...[
          ...['meter-spec', 'meter-source', 'meter-fields', 'meter-keeper', 'settings-file'],
          ...['grid-energy', 'grid-recorder', 'flow-figures', 'plant-flow'],
        ].map((name) => `meter/${name}.ts`),
        ...[
          'device-watch',
          'tcp-server',
          'unit-file',
          'unit-values',
          'control-writes',
          'unit-map',
          'limit-sender',
        ].map((name) => `modbus/${name}.ts`),
        'modbus/sunspec',
        ...['energy-floor', 'frame-guard'].map((name) => `modbus/${name}.ts`),
      ].map((path) => `${COMPANION}/${path}`),
    },
    {
      name: 'storage',
      paths: [
        `${COMPANION}/recorder/db`,
        `${COMPANION}/alerts/alert-store.ts`,
        `${COMPANION}/meter/grid-store.ts`,
        `${COMPANION}/meter/grid-migration.ts`,
      ],
    },
    {
      name: 'the recorded values and the log',
      paths: [
        'recorder/sample.ts',
        'recorder/day-energy.ts',
        'live/frame.ts',
        'log.ts',
        'mqtt-module.ts',
      ].map((path) => `${COMPANION}/${path}`),
    },
  ],
};

/** no-restricted-paths zones for one stack of layers. */
function zones(layers) {
  return layers.flatMap((layer, index) => {
    const above = layers.slice(0, index);
    const upward = above.length
      ? [
          {
            target: layer.paths,
            from: above.flatMap(({ paths }) => paths),
            message: `Upward: ${layer.name} is a layer below ${above.map(({ name }) => name).join(', ')}. Move what both need down, or pass it in.`,
          },
        ]
      : [];
    const sideways = layer.apart
      ? layer.paths.map((path) => ({
          target: path,
          from: layer.paths.filter((other) => other !== path),
          message: `Sideways: ${layer.name} do not import each other. Share through a layer below.`,
        }))
      : [];
    return [...upward, ...sideways];
  });
}

const LAYER_ZONES = Object.values(LAYERS).flatMap(zones);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-companion/**',
      'e2e/test-results/**',
      '**/.vite/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYER_ZONES }],
      // Type-only imports do not count: they leave no trace at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts', 'apps/web/build/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': 'error',
    },
  },
);
