// RTP by simulation of every non-slot, non-lottery engine, 10^6 rounds each (slot titles:
// slot/slot.test.ts; lotteries: rtp-lottery.test.ts).
import { ENGINE_SCENARIOS } from './rtp-scenarios';
import { rtpSuite } from './rtp-suite';

rtpSuite(
  'RTP by simulation, 10^6 rounds per engine',
  ENGINE_SCENARIOS.filter((s) => !s.name.startsWith('lottery')),
);
