// scratch: attribution of the device build's bytes per source module (not committed)
import { writeFileSync } from 'node:fs';
import base from './vite.config.ts';
export default async (env: any) => {
  const cfg: any = await (base as any)(env);
  cfg.build.sourcemap = true;
  cfg.build.outDir = '/tmp/web-shared-ana/out-' + env.mode;
  cfg.plugins.unshift({
    name: 'scratch-analyze', enforce: 'post', apply: 'build',
    generateBundle(_o: any, bundle: any) {
      for (const item of Object.values<any>(bundle)) {
        if (item.type === 'chunk') {
          writeFileSync('/tmp/web-shared-ana/' + env.mode + '.js', item.code);
          writeFileSync('/tmp/web-shared-ana/' + env.mode + '.map', JSON.stringify(item.map));
        }
      }
      for (const k of Object.keys(bundle)) if (k.endsWith('.map')) delete bundle[k];
    },
  });
  return cfg;
};
