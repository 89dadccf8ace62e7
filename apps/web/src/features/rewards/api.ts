import type {
  ClaimValue,
  JoinValue,
  LeaderboardValue,
  PromotionItem,
  PromotionListValue,
  RewardListValue,
  WageringValue,
} from '@gamehall/shared/api/rewards';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

// Promotions, the reward centre and bonus wagering (server module rewards). Keys start with
// 'rewards'; a claim also refreshes the wallet and the public state (the badge).

type Infer<T extends z.ZodType> = z.infer<T>;
export type Promotion = Infer<typeof PromotionItem>;

export function promotionsQuery(token: string | null, language: string, type?: string) {
  return queryOptions({
    queryKey: ['rewards', 'promotions', token, language, type ?? ''],
    queryFn: () =>
      apiRequest<Infer<typeof PromotionListValue>>('/wps/relay/MCSFE_getPromotions', { query: { language, type } }),
  });
}

export function promotionQuery(token: string | null, language: string, id: number) {
  return queryOptions({
    queryKey: ['rewards', 'promotion', token, language, id],
    queryFn: () => apiRequest<Promotion>(`/wps/relay/MCSFE_getPromotion/${id}`, { query: { language } }),
  });
}

export function rewardCentreQuery(token: string | null, language: string, page: number) {
  return queryOptions({
    queryKey: ['rewards', 'centre', token, language, page],
    queryFn: () =>
      apiRequest<Infer<typeof RewardListValue>>('/wps/relay/MCSFE_getRewardCentre', {
        query: { language, pageNo: page, pageSize: 10 },
      }),
    enabled: Boolean(token),
  });
}

export function wageringQuery(token: string | null, language: string) {
  return queryOptions({
    queryKey: ['rewards', 'wagering', token, language],
    queryFn: () =>
      apiRequest<Infer<typeof WageringValue>>('/wps/relay/MCSFE_getBonusWagering', { query: { language } }),
    enabled: Boolean(token),
    refetchInterval: 15_000,
  });
}

export function claimReward(rewardId: number) {
  return apiRequest<Infer<typeof ClaimValue>>('/wps/relay/MCSFE_signUpRequestReward', {
    method: 'POST',
    body: { rewardId },
  });
}

export function joinPromotion(promotionId: number) {
  return apiRequest<Infer<typeof JoinValue>>('/wps/relay/MCSFE_signUpPromotionJoin', {
    method: 'POST',
    body: { promotionId },
  });
}

export function leaderboardQuery(token: string | null, promotionId: number) {
  return queryOptions({
    queryKey: ['rewards', 'leaderboard', token, promotionId],
    queryFn: () =>
      apiRequest<Infer<typeof LeaderboardValue>>('/wps/relay/MCSFE_getPromotionLeaderboard', {
        query: { promotionId },
      }),
    refetchInterval: 10_000,
  });
}
