/**
 * GET /companion/api/control (ControlAnswer) and POST /companion/api/control
 * (ControlRequest: pause or resume), for the admin only, as the alerts: the answer names
 * inverters and the meter's address, and a pause changes what the inverters feed.
 */
import type { ControlAnswer, ControlRequest } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import { admitted } from '../ops/admin-only';
import { maskedMeter } from './meter';
import type { ControlConfig, ControlRunner } from './runner';

export function controlAnswer(runner: ControlRunner, config: ControlConfig, now = Date.now()): ControlAnswer {
  const { latest, error } = runner.meter;
  const masked = new URL(
    maskedMeter(config.meter)
      .replace(/^[a-z0-9-]+:/, '')
      .replace(/#.*$/, ''),
  );
  return {
    state: runner.state,
    paused: runner.paused,
    schedule: { off: runner.scheduleOff, target_w: runner.scheduleTarget ?? null },
    settings: {
      meter: {
        kind: config.meter.kind,
        url: masked.href,
        path: config.meter.path === '' ? null : config.meter.path,
        poll_s: config.pollMs / 1000,
      },
      target_w: config.targetW,
      band_w: config.bandW,
      interval_s: config.intervalMs / 1000,
      inverters: config.inverters,
      fallback: config.fallback,
    },
    meter: {
      power_w: latest?.powerW ?? null,
      at: latest ? runner.realTime(latest.at).toISOString() : null,
      stale: runner.freshReading(now) === undefined,
      error: error ?? null,
    },
    inverters: runner.views().map((view) => {
      const track = runner.memory.inverters[view.serial]!;
      return {
        serial: view.serial,
        max_power: view.maxPower,
        before_w: track.beforeW,
        available: view.reachable && view.producing,
        output_w: view.outputW ?? null,
        last: runner.commands.find((command) => command.serial === view.serial) ?? null,
      };
    }),
    commands: runner.commands,
  };
}

export function registerControl(
  app: FastifyInstance,
  { runner, config, access }: { runner: ControlRunner; config: ControlConfig; access: DeviceAccess },
): void {
  app.get('/companion/api/control', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    return controlAnswer(runner, config);
  });

  app.post('/companion/api/control', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    const body = request.body as Partial<ControlRequest> | undefined;
    if (typeof body?.paused !== 'boolean')
      return reply.code(400).send({ message: 'Send {"paused": true} or {"paused": false}' });
    // Answered once the limits from before are confirmed (or the restore gave up).
    await runner.setPaused(body.paused);
    return controlAnswer(runner, config);
  });
}
