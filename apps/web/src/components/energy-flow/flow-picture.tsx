import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { IDLE_W, type FlowNow } from '../../lib/energy-flow';
import { formatPower } from './flow-format';

/** Where the three nodes stand in the picture's own units (it is stretched to fit). */
const SUN = { x: 160, y: 34 };
const GRID = { x: 48, y: 138 };
const HOUSE = { x: 272, y: 138 };

interface Path {
  name: 'sun-house' | 'sun-grid' | 'grid-house';
  d: string;
  w: number | undefined;
  label: { x: number; y: number; anchor: 'start' | 'middle' | 'end' };
  tone: 'warning' | 'secondary';
}

/**
 * The flow as a picture: the sun above, the grid and the house below, a path from the sun
 * to each and one from the grid to the house. A path that carries power is a solid line
 * with an arrowhead pointing where it goes and its watts beside it; one that carries
 * nothing is dashed, without an arrow; without a reading the meter's paths have no number.
 * The card says the same in words, for whoever does not see the picture.
 */
export function FlowPicture({ flow, sunW }: { flow: FlowNow | undefined; sunW: number | undefined }) {
  const { t, locale } = useI18n();
  const id = useId();
  const arrow = `${id}-arrow`;
  const watts = (w: number | undefined) => (w === undefined ? '–' : formatPower(locale, w));
  const paths: Path[] = [
    {
      name: 'sun-grid',
      d: 'M142 57L64 118',
      w: flow?.sunToGridW,
      label: { x: 96, y: 80, anchor: 'end' },
      tone: 'warning',
    },
    {
      name: 'sun-house',
      d: 'M178 57L256 118',
      w: flow?.sunToHouseW,
      label: { x: 224, y: 80, anchor: 'start' },
      tone: 'warning',
    },
    {
      name: 'grid-house',
      d: 'M74 138H246',
      w: flow?.gridToHouseW,
      label: { x: 160, y: 130, anchor: 'middle' },
      tone: 'secondary',
    },
  ];
  const nodeText = (x: number, y: number, name: string, w: number | undefined) => (
    <text x={x} y={y} textAnchor="middle" className="flow-node-text">
      <tspan x={x}>{name}</tspan>
      <tspan x={x} dy="15" className="fw-semibold">
        {watts(w)}
      </tspan>
    </text>
  );
  return (
    <svg viewBox="0 0 320 200" className="flow-picture" aria-hidden="true" data-flow-picture="">
      <defs>
        <marker
          id={arrow}
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="5"
          markerHeight="5"
          orient="auto"
        >
          <path d="M0 0L10 5L0 10z" fill="currentColor" />
        </marker>
      </defs>
      {paths.map((path) => {
        const active = path.w !== undefined && path.w >= IDLE_W;
        return (
          <g key={path.name} data-flow-path={path.name} data-active={active ? 'yes' : 'no'}>
            <path
              d={path.d}
              className={active ? `flow-line text-${path.tone}` : 'flow-line flow-idle'}
              stroke="currentColor"
              markerEnd={active ? `url(#${arrow})` : undefined}
            />
            <text x={path.label.x} y={path.label.y} textAnchor={path.label.anchor} className="flow-path-text">
              {watts(path.w === undefined ? undefined : active ? path.w : 0)}
            </text>
          </g>
        );
      })}
      <g className="text-warning" data-flow-node="sun">
        <circle cx={SUN.x} cy={SUN.y} r="14" fill="currentColor" />
        <path
          d={Array.from({ length: 8 }, (_, i) => {
            const a = (i * Math.PI) / 4;
            const [c, s] = [Math.cos(a), Math.sin(a)];
            return `M${(SUN.x + 18 * c).toFixed(1)} ${(SUN.y + 18 * s).toFixed(1)}L${(SUN.x + 24 * c).toFixed(1)} ${(SUN.y + 24 * s).toFixed(1)}`;
          }).join('')}
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </g>
      <text x={SUN.x + 32} y={SUN.y - 2} className="flow-node-text">
        <tspan>{t('meter.Sun')}</tspan>
        <tspan x={SUN.x + 32} dy="15" className="fw-semibold">
          {watts(sunW)}
        </tspan>
      </text>
      <g className="text-secondary" data-flow-node="grid">
        <path
          d={`M${GRID.x - 14} ${GRID.y + 18}L${GRID.x} ${GRID.y - 20}L${GRID.x + 14} ${GRID.y + 18}M${GRID.x - 16} ${GRID.y - 8}H${GRID.x + 16}M${GRID.x - 11} ${GRID.y + 4}H${GRID.x + 11}`}
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
          fill="none"
        />
      </g>
      {nodeText(GRID.x, GRID.y + 38, t('meter.Grid'), flow && Math.abs(flow.gridToHouseW - flow.sunToGridW))}
      <g className="text-primary" data-flow-node="house">
        <path
          d={`M${HOUSE.x - 18} ${HOUSE.y - 2}L${HOUSE.x} ${HOUSE.y - 20}L${HOUSE.x + 18} ${HOUSE.y - 2}V${HOUSE.y + 18}H${HOUSE.x - 18}Z`}
          fill="currentColor"
        />
      </g>
      {nodeText(HOUSE.x, HOUSE.y + 38, t('meter.House'), flow?.houseW)}
    </svg>
  );
}
