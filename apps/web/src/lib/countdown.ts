/** spec §4: the SMS button counts down the server's expiredMinutes times 60 s (60 s by default). */
export function countdownSeconds(expiredMinutes: number | undefined): number {
  if (!expiredMinutes || !Number.isFinite(expiredMinutes) || expiredMinutes <= 0) return 60;
  return Math.round(expiredMinutes * 60);
}

/** Seconds left of a countdown that ends at endsAt (ms), never below zero. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
