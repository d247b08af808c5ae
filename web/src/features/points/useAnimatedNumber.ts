import { useEffect, useRef, useState } from 'react';
import { POINTS_ANIMATION_MS } from '@/lib/config';

/** Ease-out cubic. */
export const easeOut = (t: number): number => 1 - (1 - t) ** 3;

/** Value at `elapsed` ms of an animation from `from` to `to` lasting `duration` ms. */
export function animatedValue(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  const t = Math.max(0, elapsed) / duration;
  return from + (to - from) * easeOut(t);
}

/** Animates towards `target` over `duration` ms (default 1500) when it changes; undefined stays undefined. */
export function useAnimatedNumber(target: number | undefined, duration = POINTS_ANIMATION_MS): number | undefined {
  const [value, setValue] = useState<number | undefined>(undefined);
  const fromRef = useRef(0);

  useEffect(() => {
    if (target === undefined) return;
    const from = fromRef.current;
    const start = performance.now();
    let frame = 0;
    const step = (now: number): void => {
      const v = animatedValue(from, target, now - start, duration);
      setValue(v);
      fromRef.current = v;
      if (v !== target) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, duration]);

  return value;
}
