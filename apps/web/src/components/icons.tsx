// Inline SVG icons, only the glyphs the app uses (no icon font in the device's flash).
// Drawn for this app on a 16x16 grid; they take the text colour.
import type { SVGProps } from 'react';
import { SHAPES, type Stroke } from '../lib/icon-shapes';

export type IconProps = SVGProps<SVGSVGElement>;

/** An icon of filled paths (`d` strings) and lines, in the 16x16 frame. */
export function icon(...paths: readonly (string | Stroke)[]) {
  return function Icon(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="1em"
        height="1em"
        viewBox="0 0 16 16"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths.map((path, index) =>
          typeof path === 'string' ? (
            <path key={index} d={path} />
          ) : (
            <path
              key={index}
              d={path[0]}
              fill="none"
              stroke={path[2] ?? 'currentColor'}
              strokeWidth={path[1]}
              strokeLinecap="round"
            />
          ),
        )}
      </svg>
    );
  };
}

export const SunIcon = icon(...SHAPES.sun);

export const MoonIcon = icon(...SHAPES.moon);

export const AutoThemeIcon = icon(...SHAPES.auto);

export const TreeIcon = icon(...SHAPES.tree);

export const EggIcon = icon(...SHAPES.egg);

export const ReloadIcon = icon(...SHAPES.reload);

export const TranslateIcon = icon(...SHAPES.translate);
