import type { Tone } from '../../components/status-badge';

/** How a vendor's or game's status looks: live green, maintenance gold, hidden muted. */
export const STATUS_TONES: Record<string, Tone> = { active: 'success', maintenance: 'warning', hidden: 'muted' };
