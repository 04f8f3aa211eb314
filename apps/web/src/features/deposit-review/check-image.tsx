import { ExternalLink, ImageOff, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';

/** The zoom steps staff move through; 1 is the whole check in its box. */
export const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;
/**
 * The box is 16:9 and the image fills it (object-contain). Turned a quarter, the image's box would
 * stand out of the frame top and bottom, so it is shrunk by the frame's height over its width.
 */
const SIDEWAYS_FIT = 9 / 16;

/** The CSS transform for a zoom step and a number of quarter turns clockwise. */
export function checkTransform(zoomStep: number, quarterTurns: number): string {
  const sideways = quarterTurns % 2 === 1;
  const scale = (ZOOM_STEPS[zoomStep] ?? 1) * (sideways ? SIDEWAYS_FIT : 1);
  return `rotate(${quarterTurns * 90}deg) scale(${Number(scale.toFixed(4))})`;
}

const fullSizeClass =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-brand hover:underline ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * One side of a check, to read closely: Zoom in / Zoom out / Rotate (a CSS transform on the image,
 * zoomed around its middle) and the image full size in a new tab for the corners.
 */
export function CheckImage({ side, src }: { side: 'front' | 'back'; src: string }) {
  const [zoomStep, setZoomStep] = useState(0);
  const [quarterTurns, setQuarterTurns] = useState(0);
  const [broken, setBroken] = useState(false);
  const title = side === 'front' ? 'Front' : 'Back';
  const zoom = ZOOM_STEPS[zoomStep] ?? 1;
  const controls = [
    {
      title: 'Zoom out',
      label: `Zoom out on ${side}`,
      icon: ZoomOut,
      disabled: zoomStep === 0,
      onClick: () => setZoomStep((step) => Math.max(0, step - 1)),
    },
    {
      title: 'Zoom in',
      label: `Zoom in on ${side}`,
      icon: ZoomIn,
      disabled: zoomStep === ZOOM_STEPS.length - 1,
      onClick: () => setZoomStep((step) => Math.min(ZOOM_STEPS.length - 1, step + 1)),
    },
    {
      title: 'Rotate',
      label: `Rotate ${side}`,
      icon: RotateCw,
      disabled: false,
      onClick: () => setQuarterTurns((turns) => (turns + 1) % 4),
    },
  ];

  return (
    <figure className="min-w-0">
      <div className="relative aspect-video overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {broken ? (
          <p className="flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-slate-600">
            <ImageOff className="h-6 w-6" aria-hidden="true" />
            The {side} of the check could not be loaded.
          </p>
        ) : (
          <img
            src={src}
            alt={`${title} of the check`}
            onError={() => setBroken(true)}
            className="h-full w-full object-contain transition-transform duration-150 motion-reduce:transition-none"
            style={{ transform: checkTransform(zoomStep, quarterTurns) }}
          />
        )}
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">
          {title} <span className="font-normal text-slate-600 tabular-nums">· {Math.round(zoom * 100)}%</span>
        </span>
        <span className="flex flex-wrap items-center gap-1.5">
          {controls.map((control) => (
            <Button
              key={control.title}
              variant="outline"
              size="sm"
              icon={control.icon}
              aria-label={control.label}
              title={control.title}
              disabled={broken || control.disabled}
              onClick={control.onClick}
            />
          ))}
          <a href={src} target="_blank" rel="noopener noreferrer" className={fullSizeClass}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">Open {side} </span>
            Full size
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </span>
      </figcaption>
    </figure>
  );
}
