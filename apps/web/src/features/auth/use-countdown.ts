import { useEffect, useState } from 'react';
import { secondsLeft } from '../../lib/countdown';

/** spec §4: the SMS button stays disabled while this counts down. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [endsAt]);
  const start = (seconds: number) => {
    setNow(Date.now());
    setEndsAt(Date.now() + seconds * 1000);
  };
  return { left: secondsLeft(endsAt, now), start };
}
