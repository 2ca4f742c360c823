/**
 * Sunlight on a tilted module (inverters.md §8.2 steps 2-3): Haurwitz clear-sky global
 * irradiance, scaled by the clearness of the sky, split into direct and diffuse parts and
 * transposed onto the module plane.
 */
import type { SunPosition } from './sun';

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Module orientation: tilt from horizontal and azimuth clockwise from north (180 = south). */
export interface Orientation {
  tilt: number;
  azimuth: number;
}

/** Clear-sky global horizontal irradiance in W/m² (Haurwitz). */
export function clearSkyGhi(elevationDeg: number): number {
  if (elevationDeg <= 0) return 0;
  const sinAlpha = Math.sin(rad(elevationDeg));
  return 1098 * sinAlpha * Math.exp(-0.057 / sinAlpha);
}

// About 0.1 of the light is diffuse under a high clear sun, 0.4 at a low sun, and all
// of it under a closed cloud deck.
function diffuseFraction(elevationDeg: number, clearness: number): number {
  const sinAlpha = Math.sin(rad(Math.max(elevationDeg, 0)));
  const clearSky = 0.1 + 0.3 * Math.max(0, 1 - sinAlpha / 0.3);
  const cloudiness = Math.min(1, Math.max(0, (1 - clearness) / 0.7));
  return clearSky + (1 - clearSky) * cloudiness;
}

/** Plane-of-array irradiance in W/m² for a sun position and a sky clearness k (1 = clear). */
export function planeOfArray(sun: SunPosition, clearness: number, module: Orientation): number {
  if (sun.elevation <= 0) return 0;
  const ghi = clearSkyGhi(sun.elevation) * clearness;
  const dhi = ghi * diffuseFraction(sun.elevation, clearness);
  const sinAlpha = Math.sin(rad(sun.elevation));
  // Below ~3° the direct beam is absorbed by the air mass anyway; the cap keeps it finite.
  const dni = Math.min(1000, (ghi - dhi) / Math.max(sinAlpha, 0.05));
  const zenith = rad(90 - sun.elevation);
  const tilt = rad(module.tilt);
  const cosTheta =
    Math.cos(zenith) * Math.cos(tilt) +
    Math.sin(zenith) * Math.sin(tilt) * Math.cos(rad(sun.azimuth - module.azimuth));
  return (
    dni * Math.max(0, cosTheta) + (dhi * (1 + Math.cos(tilt))) / 2 + (ghi * 0.2 * (1 - Math.cos(tilt))) / 2
  );
}
