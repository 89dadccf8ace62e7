// RTP by simulation of the VN and SEA lotteries: 10^6 draws each, one ticket of every bet type per draw.
import { ENGINE_SCENARIOS } from './rtp-scenarios';
import { rtpSuite } from './rtp-suite';

rtpSuite(
  'lottery RTP by simulation, 10^6 draws per region',
  ENGINE_SCENARIOS.filter((s) => s.name.startsWith('lottery')),
);
