import type { Sport } from '../types';
import { basketballModel } from './basketball';
import { cockfightModel } from './cockfight';
import { esportsModel } from './esports';
import { footballModel } from './football';
import type { SportModel } from './sport-model';
import { tennisModel } from './tennis';

// Every sport's model, the one list the simulator, the verifier and the margin bench take.
export const SPORT_MODELS: Readonly<Record<Sport, SportModel<unknown>>> = {
  football: footballModel as SportModel<unknown>,
  basketball: basketballModel as SportModel<unknown>,
  tennis: tennisModel as SportModel<unknown>,
  esports: esportsModel as SportModel<unknown>,
  cockfight: cockfightModel as SportModel<unknown>,
};
