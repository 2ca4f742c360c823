import { mkdir } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { buildCompanion } from './app';
import { parseCli, USAGE, type CompanionOptions } from './cli';
import { startDemoDevice, type DemoDevice } from './demo';

/** The addresses to open the page at: this machine, and its LAN addresses when bound to all. */
function openUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::')
    return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address!.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}

async function run(options: CompanionOptions): Promise<void> {
  await mkdir(options.dataDir, { recursive: true });
  let demo: DemoDevice | undefined;
  if (!options.deviceUrl) {
    console.log('No --device given: starting the virtual DTU (the demo)');
    demo = await startDemoDevice(join(options.dataDir, 'demo-device'), options.demoArgs);
    demo.child.once('exit', (code) => {
      console.error(`The virtual DTU stopped (${code}); stopping`);
      process.exit(1);
    });
  }
  const deviceUrl = options.deviceUrl ?? demo!.url;
  const app = await buildCompanion({
    deviceUrl,
    password: options.password,
    dataDir: options.dataDir,
    webappDir: options.webappDir,
    speed: options.speed,
    demo: demo !== undefined,
    influxUrl: options.influxUrl,
    influxToken: options.influxToken,
    logger: options.verbose ? { level: 'info' } : false,
  });
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  const urls = openUrls(options.host, port);
  console.log(`OpenDTU companion listening on ${urls[0]}`);
  for (const url of urls.slice(1)) console.log(`  on your network: ${url}`);
  console.log(
    `Device: ${demo ? `the virtual DTU at ${deviceUrl.origin} (log in as admin / openDTU42)` : deviceUrl.origin}`,
  );
  console.log(`History in ${join(options.dataDir, 'history.sqlite')}`);
  if (options.influxUrl) console.log(`Pushing samples to ${options.influxUrl.origin}`);

  const stop = async (): Promise<void> => {
    demo?.child.removeAllListeners('exit');
    await app.close();
    await demo?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

try {
  // npm runs workspace scripts in the workspace folder; relative paths the user typed
  // (--data, --webapp) mean the folder npm was started from (INIT_CWD).
  const options = parseCli(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  if (options === 'help') console.log(USAGE);
  else await run(options);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
}
