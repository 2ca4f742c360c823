// `npm run dev`: the Vite dev server with hot reload. API calls and sockets go to the
// device named by DEVICE (e.g. DEVICE=http://192.168.1.50 for a real DTU). Without it, an
// emulator is started here on port 8080 (it needs a built bundle once, for its own
// static files, so one is built when missing).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const children = [];
function start(command, args, env = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
}
process.on('SIGINT', () => children.forEach((child) => child.kill('SIGTERM')));

let device = process.env.DEVICE;
if (!device) {
  if (!existsSync(new URL('../apps/web/dist/index.html.gz', import.meta.url))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  device = 'http://127.0.0.1:8080';
  start('npm', ['run', 'start', '-w', 'apps/emulator', '--', '--port', '8080']);
}
console.log(`Dev server proxies /api, /livedata and /console to ${device}`);
start('npm', ['run', 'dev', '-w', 'apps/web'], { DEVICE: device });
