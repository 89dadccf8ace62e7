import type { AffiliateCheckValue, RegisterFieldRule } from '@gamehall/shared/api/registration';
import { hintFor } from '@gamehall/shared/patterns';

export function presentFieldRule(row: {
  field: string;
  enabled: boolean;
  required: boolean;
  min_length: number;
  max_length: number;
  pattern_id: number | null;
  accepted_pattern: string;
}): RegisterFieldRule {
  return {
    field: row.field,
    enabled: row.enabled,
    required: row.required,
    minLength: row.min_length,
    maxLength: row.max_length,
    patternId: row.pattern_id,
    acceptedPattern: row.accepted_pattern,
    hint: hintFor(row.pattern_id, row.min_length, row.max_length),
  };
}

export function presentAffiliate(r: { agent: string }): AffiliateCheckValue {
  return { valid: true, agent: r.agent };
}
