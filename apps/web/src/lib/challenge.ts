import { type Challenge, solveChallenge } from '@gamehall/ui/challenge';
import { apiRequest } from './api-client';

export async function fetchSolvedChallenge(): Promise<string> {
  return solveChallenge(await apiRequest<Challenge>('/wps/verification/challenge'));
}
