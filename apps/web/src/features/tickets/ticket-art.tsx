import type { OpenValue, TicketView } from '@gamehall/shared/api/tickets';
import { useEffect, useRef } from 'react';

// spec §1 prize wheel, red envelope and golden egg: the site's own art (SVG over the theme colours,
// ui-guide "Look"), and the opening of each kind played with the Web Animations API so it ends on
// the prize the server drew (the answer of POST /wps/tickets/:id/open: the prize table the draw
// used and the index of the won line). Nothing is decided here: the art only shows the draw.

type Kind = TicketView['kind'];
type Segment = OpenValue['segments'][number];

/** Reduced motion: the art goes straight to its end state (the same result, no movement). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}

const WHEEL_COLOURS = ['var(--accent)', 'var(--danger)', 'var(--surface-raised)', 'var(--success)'] as const;
const WHEEL_TEXT: Record<(typeof WHEEL_COLOURS)[number], string> = {
  'var(--accent)': 'var(--accent-contrast)',
  'var(--danger)': 'var(--surface)',
  'var(--surface-raised)': 'var(--text)',
  'var(--success)': 'var(--surface)',
};
const SPIN_MS = 4200;
const SPIN_TURNS = 5;

/** The colour of segment i of n: alternating, and the last never the same as the first (they touch). */
function segmentColour(i: number, n: number): (typeof WHEEL_COLOURS)[number] {
  const c = i % WHEEL_COLOURS.length;
  const last = n > 1 && i === n - 1 && c === 0 ? 1 : c;
  return WHEEL_COLOURS[last] as (typeof WHEEL_COLOURS)[number];
}

/** A point at `deg` clockwise from 12 o'clock on a circle of radius r around (100, 100). */
function at(deg: number, r: number): string {
  const rad = (deg * Math.PI) / 180;
  return `${(100 + r * Math.sin(rad)).toFixed(2)} ${(100 - r * Math.cos(rad)).toFixed(2)}`;
}

function segmentPath(i: number, n: number, r: number): string {
  if (n === 1) return `M 100 ${100 - r} A ${r} ${r} 0 1 1 99.99 ${100 - r} Z`;
  const a = 360 / n;
  return `M 100 100 L ${at(i * a, r)} A ${r} ${r} 0 ${a > 180 ? 1 : 0} 1 ${at((i + 1) * a, r)} Z`;
}

function short(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/**
 * The wheel's end rotation (degrees, clockwise) for the drawn line: whole turns, then the drawn
 * segment's middle (nudged by `jitter`, a fraction of the segment in [-0.5, 0.5]) under the
 * pointer at 12 o'clock.
 */
export function wheelRotation(prizeIndex: number, n: number, jitter = 0): number {
  const a = 360 / n;
  return SPIN_TURNS * 360 - (prizeIndex + 0.5 + jitter) * a;
}

/** Runs `frames` on an element (or sets the last frame at once with reduced motion); resolves when done. */
async function play(el: Element | null, frames: Keyframe[], options: KeyframeAnimationOptions, still: boolean) {
  if (!el) return;
  const last = frames[frames.length - 1] ?? {};
  if (still || typeof (el as HTMLElement).animate !== 'function') {
    Object.assign((el as HTMLElement).style, last);
    return;
  }
  const animation = (el as HTMLElement).animate(frames, { fill: 'forwards', ...options });
  try {
    await animation.finished;
  } catch {
    // Cancelled (the component went away): nothing to finish.
  }
  Object.assign((el as HTMLElement).style, last);
}

type RevealProps = {
  kind: Kind;
  /** null while the server draws. */
  result: OpenValue | null;
  onDone: () => void;
};

/** The opening of one ticket: the art of its kind, played to the drawn prize once the answer is there. */
export function TicketReveal({ kind, result, onDone }: RevealProps) {
  if (kind === 'prize_wheel') return <WheelReveal result={result} onDone={onDone} />;
  if (kind === 'red_envelope') return <EnvelopeReveal result={result} onDone={onDone} />;
  return <EggReveal result={result} onDone={onDone} />;
}

/** Calls `run` once per result; `onDone` after it, unless the component went away meanwhile. */
function useReveal(result: OpenValue | null, onDone: () => void, run: (still: boolean) => Promise<void>) {
  const done = useRef(onDone);
  done.current = onDone;
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (!result) return;
    let live = true;
    void runRef.current(prefersReducedMotion()).then(() => {
      if (live) done.current();
    });
    return () => {
      live = false;
    };
  }, [result]);
}

function WheelReveal({ result, onDone }: { result: OpenValue | null; onDone: () => void }) {
  const wheel = useRef<SVGGElement>(null);
  // The drawn line's position inside its segment varies a little, so the wheel does not always
  // stop dead centre; chosen once per result.
  const jitter = useRef(0);
  useReveal(result, onDone, async (still) => {
    if (!result) return;
    jitter.current = (Math.random() - 0.5) * 0.6;
    const end = wheelRotation(result.draw.prizeIndex, result.segments.length, jitter.current);
    await play(
      wheel.current,
      [{ transform: 'rotate(0deg)' }, { transform: `rotate(${end}deg)` }],
      { duration: SPIN_MS, easing: 'cubic-bezier(0.12, 0.8, 0.2, 1)' },
      still,
    );
  });
  const segments: (Segment | null)[] = result ? result.segments : Array.from({ length: 8 }, () => null);
  const n = segments.length;
  const drawn = result?.draw.prizeIndex ?? -1;
  // Few segments: the label across the segment; many: along the radius, where there is room.
  const radial = n > 8;
  return (
    <svg
      viewBox="0 -10 200 212"
      width={260}
      height={276}
      aria-hidden="true"
      data-testid="ticket-wheel"
      data-segments={result ? n : undefined}
      data-drawn-index={result ? drawn : undefined}
    >
      <circle cx="100" cy="100" r="97" fill="var(--accent)" />
      <g ref={wheel} style={{ transformOrigin: '100px 100px' }} data-testid="ticket-wheel-rotor">
        {segments.map((segment, i) => {
          const colour = result ? segmentColour(i, n) : i % 2 === 0 ? 'var(--surface-raised)' : 'var(--surface)';
          const middle = (i + 0.5) * (360 / n);
          const y = radial ? 52 : 32;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a segment is its place on the wheel
            <g key={i} data-segment={i} data-drawn={i === drawn ? 'true' : undefined}>
              <path d={segmentPath(i, n, 90)} fill={colour} stroke="var(--surface)" strokeWidth="1.5" />
              {segment && (
                <text
                  transform={`rotate(${middle} 100 100)${radial ? ` rotate(-90 100 ${y})` : ''}`}
                  x="100"
                  y={y}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  fontSize={radial ? 7 : 10}
                  fontWeight="700"
                  fill={WHEEL_TEXT[colour as (typeof WHEEL_COLOURS)[number]] ?? 'var(--text)'}
                >
                  {short(segment.label, radial ? 10 : 12)}
                </text>
              )}
            </g>
          );
        })}
      </g>
      <circle cx="100" cy="100" r="14" fill="var(--surface)" stroke="var(--accent)" strokeWidth="4" />
      <circle cx="100" cy="100" r="4" fill="var(--accent)" />
      {/* The pointer at 12 o'clock: the segment under it is the prize. */}
      <path d="M 100 18 L 89 -8 L 111 -8 Z" fill="var(--text)" stroke="var(--surface)" strokeWidth="1.5" />
    </svg>
  );
}

function EnvelopeReveal({ result, onDone }: { result: OpenValue | null; onDone: () => void }) {
  const flapClosed = useRef<SVGPathElement>(null);
  const flapOpen = useRef<SVGPathElement>(null);
  const seal = useRef<SVGCircleElement>(null);
  const card = useRef<SVGGElement>(null);
  useReveal(result, onDone, async (still) => {
    await play(seal.current, [{ opacity: '1' }, { opacity: '0' }], { duration: 200 }, still);
    // The flap folds up: the closed one (over the pocket) shrinks to its hinge, the open one
    // (behind the card) grows from it, so the card rises in front of the open flap.
    await play(
      flapClosed.current,
      [{ transform: 'scaleY(1)' }, { transform: 'scaleY(0)' }],
      { duration: 260, easing: 'ease-in' },
      still,
    );
    await play(
      flapOpen.current,
      [{ transform: 'scaleY(0)' }, { transform: 'scaleY(1)' }],
      { duration: 260, easing: 'ease-out' },
      still,
    );
    await play(
      card.current,
      [{ transform: 'translateY(0)' }, { transform: 'translateY(-92px)' }],
      { duration: 800, easing: 'cubic-bezier(0.2, 0.9, 0.3, 1.15)' },
      still,
    );
  });
  return (
    <svg viewBox="0 0 200 230" width={220} height={253} aria-hidden="true" data-testid="ticket-envelope">
      {/* Back of the envelope, the open flap (hidden until it unfolds), the card, the pocket, the closed flap. */}
      <rect x="30" y="110" width="140" height="110" rx="8" fill="var(--danger)" />
      <path
        ref={flapOpen}
        d="M 30 112 L 100 52 L 170 112 Z"
        fill="var(--danger)"
        stroke="var(--accent)"
        strokeWidth="2"
        strokeLinejoin="round"
        style={{ transformOrigin: '100px 112px', transform: 'scaleY(0)' }}
      />
      <g ref={card}>
        <rect
          x="44"
          y="120"
          width="112"
          height="84"
          rx="6"
          fill="var(--surface-raised)"
          stroke="var(--accent)"
          strokeWidth="2"
        />
        <circle cx="100" cy="140" r="9" fill="var(--accent)" />
        <text
          x="100"
          y="172"
          textAnchor="middle"
          fontSize="13"
          fontWeight="700"
          fill="var(--text)"
          data-testid="ticket-card-label"
        >
          {result ? short(result.draw.prize.label, 16) : ''}
        </text>
      </g>
      <path
        d="M 30 122 L 100 170 L 170 122 L 170 212 Q 170 220 162 220 L 38 220 Q 30 220 30 212 Z"
        fill="var(--danger)"
      />
      <path d="M 30 122 L 100 170 L 170 122" fill="none" stroke="var(--accent)" strokeWidth="2" opacity="0.7" />
      <path
        ref={flapClosed}
        d="M 30 112 L 100 168 L 170 112 Z"
        fill="var(--danger)"
        stroke="var(--accent)"
        strokeWidth="2"
        strokeLinejoin="round"
        style={{ transformOrigin: '100px 112px' }}
      />
      <circle
        ref={seal}
        cx="100"
        cy="160"
        r="11"
        fill="var(--accent)"
        stroke="var(--accent-contrast)"
        strokeWidth="1.5"
      />
    </svg>
  );
}

const EGG = 'M 100 22 C 146 22 170 98 170 138 C 170 184 138 208 100 208 C 62 208 30 184 30 138 C 30 98 54 22 100 22 Z';
const CRACK: [number, number][] = [
  [0, 122],
  [30, 122],
  [46, 106],
  [62, 126],
  [80, 104],
  [98, 128],
  [116, 102],
  [134, 126],
  [152, 106],
  [170, 124],
  [200, 122],
];
const crackLine = CRACK.map(([x, y]) => `${x},${y}`).join(' ');
const TOP_CLIP = `0,0 200,0 ${[...CRACK]
  .reverse()
  .map(([x, y]) => `${x},${y}`)
  .join(' ')}`;
const BOTTOM_CLIP = `${crackLine} 200,230 0,230`;

function EggReveal({ result, onDone }: { result: OpenValue | null; onDone: () => void }) {
  const egg = useRef<SVGGElement>(null);
  const crack = useRef<SVGPolylineElement>(null);
  const top = useRef<SVGGElement>(null);
  const glow = useRef<SVGGElement>(null);
  useReveal(result, onDone, async (still) => {
    await play(
      egg.current,
      [
        { transform: 'rotate(0deg)' },
        { transform: 'rotate(-7deg)' },
        { transform: 'rotate(7deg)' },
        { transform: 'rotate(-5deg)' },
        { transform: 'rotate(5deg)' },
        { transform: 'rotate(0deg)' },
      ],
      { duration: 700, easing: 'ease-in-out' },
      still,
    );
    await play(crack.current, [{ strokeDashoffset: '260' }, { strokeDashoffset: '0' }], { duration: 450 }, still);
    await play(
      top.current,
      [{ transform: 'translate(0, 0) rotate(0deg)' }, { transform: 'translate(-34px, -58px) rotate(-28deg)' }],
      { duration: 650, easing: 'cubic-bezier(0.2, 0.9, 0.3, 1)' },
      still,
    );
    await play(glow.current, [{ opacity: '0' }, { opacity: '1' }], { duration: 300 }, still);
  });
  return (
    <svg viewBox="0 0 200 230" width={220} height={253} aria-hidden="true" data-testid="ticket-egg">
      <defs>
        <clipPath id="ticket-egg-top">
          <polygon points={TOP_CLIP} />
        </clipPath>
        <clipPath id="ticket-egg-bottom">
          <polygon points={BOTTOM_CLIP} />
        </clipPath>
        <clipPath id="ticket-egg-shape">
          <path d={EGG} />
        </clipPath>
      </defs>
      <g ref={egg} style={{ transformOrigin: '100px 200px' }}>
        <g ref={glow} style={{ opacity: 0 }}>
          <circle cx="100" cy="112" r="46" fill="var(--accent)" opacity="0.35" />
          <text
            x="100"
            y="118"
            textAnchor="middle"
            fontSize="15"
            fontWeight="800"
            fill="var(--text)"
            data-testid="ticket-card-label"
          >
            {result ? short(result.draw.prize.label, 16) : ''}
          </text>
        </g>
        <g clipPath="url(#ticket-egg-bottom)">
          <path d={EGG} fill="var(--accent)" />
          <ellipse cx="128" cy="170" rx="16" ry="24" fill="var(--accent-contrast)" opacity="0.12" />
        </g>
        <g ref={top} style={{ transformOrigin: '40px 122px' }}>
          <g clipPath="url(#ticket-egg-top)">
            <path d={EGG} fill="var(--accent)" />
            <ellipse cx="76" cy="70" rx="12" ry="22" fill="var(--surface-raised)" opacity="0.45" />
          </g>
        </g>
        <g clipPath="url(#ticket-egg-shape)">
          <polyline
            ref={crack}
            points={crackLine}
            fill="none"
            stroke="var(--accent-contrast)"
            strokeWidth="3"
            strokeLinejoin="round"
            strokeDasharray="260"
            style={{ strokeDashoffset: 260 }}
          />
        </g>
      </g>
    </svg>
  );
}

/** The small art of each kind in the ticket list (no emoji: the site's own drawings). */
export function KindIcon({ kind, size = 40 }: { kind: Kind; size?: number }) {
  if (kind === 'prize_wheel')
    return (
      <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" data-kind-icon={kind}>
        <circle cx="20" cy="21" r="17" fill="var(--accent)" />
        {Array.from({ length: 6 }, (_, i) => (
          <path
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed drawing
            key={i}
            d={`M 20 21 L ${(20 + 15 * Math.sin((i * Math.PI) / 3)).toFixed(2)} ${(21 - 15 * Math.cos((i * Math.PI) / 3)).toFixed(2)} A 15 15 0 0 1 ${(20 + 15 * Math.sin(((i + 1) * Math.PI) / 3)).toFixed(2)} ${(21 - 15 * Math.cos(((i + 1) * Math.PI) / 3)).toFixed(2)} Z`}
            fill={i % 2 === 0 ? 'var(--danger)' : 'var(--surface-raised)'}
          />
        ))}
        <circle cx="20" cy="21" r="3.5" fill="var(--accent)" />
        <path d="M 20 8 L 16 1 L 24 1 Z" fill="var(--text)" />
      </svg>
    );
  if (kind === 'red_envelope')
    return (
      <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" data-kind-icon={kind}>
        <rect x="7" y="4" width="26" height="33" rx="3" fill="var(--danger)" />
        <path d="M 7 7 L 20 17 L 33 7" fill="none" stroke="var(--accent)" strokeWidth="1.5" />
        <circle cx="20" cy="17" r="4" fill="var(--accent)" />
      </svg>
    );
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" data-kind-icon={kind}>
      <path
        d="M 20 3 C 29 3 34 18 34 25 C 34 33 28 38 20 38 C 12 38 6 33 6 25 C 6 18 11 3 20 3 Z"
        fill="var(--accent)"
      />
      <ellipse cx="15" cy="13" rx="3" ry="5" fill="var(--surface-raised)" opacity="0.45" />
    </svg>
  );
}
