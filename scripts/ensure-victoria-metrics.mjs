// The companion server's push test writes to a real VictoriaMetrics, Debian's package,
// installed with apt-get on a fresh machine.
import { ensureProgram } from './apt-install.mjs';

ensureProgram(process.env.VICTORIA_METRICS_PATH ?? '/usr/bin/victoria-metrics', ['victoria-metrics']);
