/**
 * The plant's API at the companion's root when it fronts several devices (issue 33):
 * GET /companion/api/plant, every device's state, totals and inverters in one answer.
 * Reading it takes what reading each device takes: a device whose read-only rule is off
 * admits only its admin credentials. A device that never answered has nothing to show and
 * no known rule, so it does not lock the plant.
 */
import { duplicateSerials, plantTotals, type CompanionError, type PlantAnswer } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import { DeviceUnreachable, type DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { PlantWatch } from './plant-watch';

export interface PlantMember {
  watch: PlantWatch;
  access: DeviceAccess;
  clock: DeviceClock;
}

async function mayRead(members: readonly PlantMember[], authorization: string | undefined): Promise<boolean> {
  for (const { access } of members) {
    try {
      if (!(await access.mayRead(authorization))) return false;
    } catch (error) {
      if (!(error instanceof DeviceUnreachable)) throw error;
    }
  }
  return true;
}

/** Serials two or more devices report now (the page's warning and the log's line). */
export function plantDuplicates(members: readonly PlantMember[]) {
  return duplicateSerials(new Map(members.map(({ watch }) => [watch.name, watch.serials()])));
}

/** The answer, from what each device's watch holds now. */
export function plantAnswer(members: readonly PlantMember[]): PlantAnswer {
  const devices = members.map(({ watch }) => watch.device());
  const inverters = members.flatMap(({ watch }) => watch.list());
  const clock = members.find((member) => member.clock.ready)?.clock;
  return {
    devices,
    totals: plantTotals(devices),
    inverters,
    duplicates: plantDuplicates(members),
    ...(clock && { today: clock.day(clock.now()) }),
  };
}

export function registerPlant(app: FastifyInstance, members: readonly PlantMember[]): void {
  app.get('/companion/api/plant', async (request, reply) => {
    if (!(await mayRead(members, request.headers.authorization)))
      return reply.code(401).send({ message: 'Unauthorized' } satisfies CompanionError);
    return plantAnswer(members);
  });
}
