import { useEffect, useState } from 'react';
import { secondsLeft } from '../lib/countdown';

// When each SMS purpose's countdown ends (ms). Kept outside the component so switching tabs or
// closing and reopening a modal does not re-enable the button before the countdown is over.
const endsAtByKey = new Map<string, number>();

/** spec §4: the SMS button stays disabled while this counts down; `key` names the purpose. */
export function useCountdown(key: string) {
  const [endsAt, setEndsAt] = useState(() => endsAtByKey.get(key) ?? 0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [endsAt]);
  const start = (seconds: number) => {
    const at = Date.now() + seconds * 1000;
    endsAtByKey.set(key, at);
    setNow(Date.now());
    setEndsAt(at);
  };
  return { left: secondsLeft(endsAt, now), start };
}
