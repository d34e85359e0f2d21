import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown, and a way to start one. */
export function useCountdown(initial = 0): [number, (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(() => (initial > 0 ? Date.now() + initial * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + seconds * 1000);
  }, []);
  return [Math.max(0, Math.ceil((endsAt - now) / 1000)), start];
}
