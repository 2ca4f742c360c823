/**
 * GET /companion/api/control (ControlAnswer, also while control is off), POST
 * /companion/api/control (ControlRequest: pause or resume) and POST
 * /companion/api/control/settings (ControlSettingsBody), for the admin only, as the alerts:
 * the answer names inverters and the meter's address, and each change alters what the
 * inverters feed.
 */
import { type ControlAnswer, type ControlRequest, type ControlSettingsBody } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import { admitted } from '../ops/admin-only';
import { registerSettingsSave } from '../ops/settings-route';
import type { ControlConfig } from './config';
import type { ControlRunner } from './runner';
import { maskedUrl, parseControlSettingsBody, type SavedControl } from './settings-body';

export interface ControlRoutesContext {
  access: DeviceAccess;
  /** The controller running now (or still giving the limits back) with its config; undefined: off. */
  current: () => { runner: ControlRunner; config: ControlConfig } | undefined;
  /** The settings in force, passwords whole. */
  settings: () => ControlSettingsBody;
  source: () => ControlAnswer['source'];
  /** Writes the settings to the data folder and puts them in place (the old controller stopped first). */
  save: (saved: SavedControl) => Promise<void>;
}

export function controlAnswer(context: ControlRoutesContext, now = Date.now()): ControlAnswer {
  const stored = context.settings();
  const settings = { ...stored, meter: { ...stored.meter, url: maskedUrl(stored.meter.url) } };
  const current = context.current();
  if (!current)
    return {
      state: 'off',
      paused: false,
      hold_s: 0,
      settings,
      source: context.source(),
      meter: { power_w: null, at: null, stale: true, error: null },
      inverters: [],
      commands: [],
    };
  const { runner } = current;
  const { latest, error } = runner.meter;
  return {
    state: runner.state,
    paused: runner.paused,
    // Off, the guard still learns, but no raise waits: the wait in force is none.
    hold_s: current.config.waitOutSwitching ? Math.round((runner.memory.guard?.holdMs ?? 0) / 1000) : 0,
    schedule: { off: runner.scheduleOff, target_w: runner.scheduleTarget ?? null },
    settings,
    source: context.source(),
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

export function registerControl(app: FastifyInstance, context: ControlRoutesContext): void {
  const { access } = context;

  app.get('/companion/api/control', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    return reply.header('Cache-Control', 'no-store').send(controlAnswer(context));
  });

  app.post('/companion/api/control', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    const body = request.body as Partial<ControlRequest> | undefined;
    if (typeof body?.paused !== 'boolean')
      return reply.code(400).send({ message: 'Send {"paused": true} or {"paused": false}' });
    const current = context.current();
    if (!current) return reply.code(409).send({ message: 'Zero export is off: nothing to pause or resume' });
    // Answered once the limits from before are confirmed (or the restore gave up).
    await current.runner.setPaused(body.paused);
    return controlAnswer(context);
  });

  registerSettingsSave(app, '/companion/api/control/settings', access, (body) =>
    context.save(parseControlSettingsBody(body, context.settings())),
  );
}
