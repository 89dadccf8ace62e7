import type { LoginValue } from '@gamehall/shared/api/session';
import { isAgentType, isTrialType } from '../../http/auth';
import type { LoginMember } from './login.queries';

export type LoginOutcome = {
  token: string;
  member: Pick<LoginMember, 'type' | 'first_login_at'>;
  passwordExpired: boolean;
  forceChangePassword: boolean;
};

export function presentLogin(o: LoginOutcome): LoginValue {
  return {
    token: o.token,
    firstTimeLogin: o.member.first_login_at === null,
    passwordExpired: o.passwordExpired,
    forceChangePassword: o.forceChangePassword,
    isAgent: isAgentType(o.member.type),
    isTrial: isTrialType(o.member.type),
  };
}
